import { yupResolver } from '@hookform/resolvers/yup'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { FlowNodeDataOf } from '@shared/contracts/flows'
import { TextAreaField } from '@renderer/components/form/TextAreaField'
import {
  messageSchema,
  toMessageData,
  type MessageFormValues,
} from '@renderer/features/flow-editor/forms/message-schema'
import { EditorShell, type BlockEditorProps } from './EditorShell'

const resolver = yupResolver(messageSchema)

/** A text block of older flows: its text. */
export const MessageEditor = ({
  mode,
  data,
  onSave,
  onCancel,
}: BlockEditorProps<FlowNodeDataOf<'message'>>) => {
  const { t } = useTranslation('flowEditor')
  const { control, handleSubmit } = useForm<MessageFormValues>({
    defaultValues: { label: data.label },
    resolver,
  })
  return (
    <EditorShell
      mode={mode}
      type="message"
      onSubmit={handleSubmit((values) => onSave(toMessageData(values)))}
      onCancel={onCancel}
    >
      <TextAreaField control={control} name="label" label={t('editor.text')} rows={5} required />
    </EditorShell>
  )
}
