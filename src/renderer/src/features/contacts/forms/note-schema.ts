import * as yup from 'yup'
import { TICKET_NOTE } from '@shared/contracts/ticket-notes'

/** 000 §5 Ticket note: required, at least 2 characters ('Too Short!' / 'Required'). */
export const noteSchema = yup.object({
  note: yup
    .string()
    .trim()
    .required('validation.required')
    .min(TICKET_NOTE.min, 'validation.tooShort')
    .max(TICKET_NOTE.max, 'validation.tooLong'),
})
export type NoteFormValues = yup.InferType<typeof noteSchema>
