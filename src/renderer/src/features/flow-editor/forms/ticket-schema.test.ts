import { describe, expect, it } from 'vitest'
import { ticketFormValues, ticketSchema, toTicketData } from './ticket-schema'

describe('ticket block form (002 §5)', () => {
  it('requires a queue (Adicione uma fila)', () => {
    expect(() => ticketSchema.validateSync({ queueId: null })).toThrow('validation.noQueue')
    expect(() => ticketSchema.validateSync({ queueId: 0 })).toThrow('validation.noQueue')
    expect(ticketFormValues({ id: 0, name: '' })).toEqual({ queueId: null })
  })

  it('stores the queue’s id and its current name', () => {
    const queues = [
      { id: 1, name: 'Vendas' },
      { id: 2, name: 'Suporte técnico' },
    ]
    expect(toTicketData({ queueId: 2 }, queues, { id: 2, name: 'Suporte' })).toEqual({
      id: 2,
      name: 'Suporte técnico',
    })
  })

  it('keeps the stored name of a queue the list no longer shows', () => {
    expect(toTicketData({ queueId: 9 }, [], { id: 9, name: 'Antiga' })).toEqual({
      id: 9,
      name: 'Antiga',
    })
  })
})
