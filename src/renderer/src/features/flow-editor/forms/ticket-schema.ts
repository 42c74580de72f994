import { number, object, type ObjectSchema } from 'yup'
import type { FlowNodeDataOf } from '@shared/contracts/flows'

export interface TicketFormValues {
  queueId: number | null
}

/** The ticket block's form: the queue the ticket moves to, required ('Adicione uma fila'). */
export const ticketSchema: ObjectSchema<TicketFormValues> = object({
  queueId: number()
    .nullable()
    .defined()
    .test('queue', 'validation.noQueue', (value) => value !== null && value > 0),
})

export const ticketFormValues = (data: FlowNodeDataOf<'ticket'>): TicketFormValues => ({
  queueId: data.id > 0 ? data.id : null,
})

/**
 * The queue as the graph stores it: its id and its name as it is now (the stored name when the
 * queue is no longer listed).
 */
export const toTicketData = (
  values: TicketFormValues,
  queues: readonly { id: number; name: string }[],
  stored: FlowNodeDataOf<'ticket'>,
): FlowNodeDataOf<'ticket'> => {
  const id = values.queueId ?? 0
  const name =
    queues.find((queue) => queue.id === id)?.name ?? (stored.id === id ? stored.name : '')
  return { id, name }
}
