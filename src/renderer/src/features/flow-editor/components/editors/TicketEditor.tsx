import { yupResolver } from '@hookform/resolvers/yup'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { FlowNodeDataOf } from '@shared/contracts/flows'
import { SelectField, type SelectOption } from '@renderer/components/form/SelectField'
import {
  ticketFormValues,
  ticketSchema,
  toTicketData,
  type TicketFormValues,
} from '@renderer/features/flow-editor/forms/ticket-schema'
import { flowEditorQueries } from '@renderer/features/flow-editor/queries'
import { EditorShell, type BlockEditorProps } from './EditorShell'

const resolver = yupResolver(ticketSchema)

/** A ticket block: the company's queue the ticket moves to (required: 'Adicione uma fila'). */
export const TicketEditor = ({
  mode,
  data,
  onSave,
  onCancel,
}: BlockEditorProps<FlowNodeDataOf<'ticket'>>) => {
  const { t } = useTranslation('flowEditor')
  const queues = useQuery(flowEditorQueries.queues())
  const { control, handleSubmit } = useForm<TicketFormValues>({
    defaultValues: ticketFormValues(data),
    resolver,
  })
  const choices = useMemo(() => {
    const listed = (queues.data ?? []).map((queue) => ({ id: queue.id, name: queue.name }))
    // A stored queue the list lacks (deleted since) stays visible, under its stored name.
    if (data.id > 0 && !listed.some((queue) => queue.id === data.id))
      listed.push({ id: data.id, name: data.name || `#${data.id}` })
    return listed
  }, [queues.data, data])
  const options = useMemo(
    (): SelectOption<number>[] => choices.map((queue) => ({ value: queue.id, label: queue.name })),
    [choices],
  )
  const hint = () => {
    if (queues.isPending) return t('editor.queuesLoading')
    if (queues.isError) return t('editor.queuesFailed')
    if (options.length === 0) return t('editor.noQueues')
    return t('editor.queueHint')
  }
  return (
    <EditorShell
      mode={mode}
      type="ticket"
      onSubmit={handleSubmit((values) => onSave(toTicketData(values, choices, data)))}
      onCancel={onCancel}
    >
      <SelectField
        control={control}
        name="queueId"
        label={t('editor.queue')}
        hint={hint()}
        options={options}
        required
      />
    </EditorShell>
  )
}
