import { object, string, type ObjectSchema } from 'yup'
import { FLOW_TEXT_MAX, type FlowNodeDataOf } from '@shared/contracts/flows'

export interface MessageFormValues {
  label: string
}

/** A text block of older flows: its text may not be empty ('Campos de mensagem vazio!'). */
export const messageSchema: ObjectSchema<MessageFormValues> = object({
  label: string()
    .defined()
    .trim()
    .required('validation.emptyText')
    .max(FLOW_TEXT_MAX, 'validation.tooLong'),
})

export const toMessageData = (values: MessageFormValues): FlowNodeDataOf<'message'> => ({
  label: values.label,
})
