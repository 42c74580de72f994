import { describe, expect, it } from 'vitest'
import type { QueueDetailDto } from '@shared/contracts/queues'
import { defaultServiceHours } from '@shared/contracts/service-hours'
import { newChatbotNode } from './chatbot-tree'
import {
  emptyQueueFormValues,
  queueSchema,
  queueToFormValues,
  toQueueBody,
  type QueueFormValues,
} from './queue-schema'

const valid = (): QueueFormValues => ({ ...emptyQueueFormValues(), name: 'Suporte' })

/** The message of the first problem, or null when the values pass. */
const problem = async (values: QueueFormValues): Promise<string | null> => {
  try {
    await queueSchema.validate(values)
    return null
  } catch (error) {
    return (error as { message: string }).message
  }
}

describe('queue form schema', () => {
  it('starts from the default hours and no options', () => {
    const values = emptyQueueFormValues()
    expect(values.schedules).toEqual(defaultServiceHours())
    expect(values.chatbots).toEqual([])
    expect(values.tempoRoteador).toBe(0)
  })

  it.each([
    ['', 'validation.required'],
    ['A', 'validation.tooShort'],
    ['x'.repeat(51), 'validation.tooLong'],
  ])('name %j → %s', async (name, message) => {
    expect(await problem({ ...valid(), name })).toBe(message)
  })

  it.each([
    ['', 'validation.required'],
    ['#1', 'validation.tooShort'],
    ['#0123456789', 'validation.tooLong'],
    ['blue', 'validation.invalidColor'],
    ['#12345', 'validation.invalidColor'],
  ])('colour %j → %s', async (color, message) => {
    expect(await problem({ ...valid(), color })).toBe(message)
  })

  it('takes an empty or whole-number order only', async () => {
    expect(await problem({ ...valid(), orderQueue: '' })).toBeNull()
    expect(await problem({ ...valid(), orderQueue: '3' })).toBeNull()
    expect(await problem({ ...valid(), orderQueue: '-1' })).toBe('validation.invalidOrder')
    expect(await problem({ ...valid(), orderQueue: '1.5' })).toBe('validation.invalidOrder')
  })

  it('refuses bad hours and a broken option tree', async () => {
    const hours = defaultServiceHours().map((day, index) =>
      index === 0 ? { ...day, endTimeA: '' } : day,
    )
    expect(await problem({ ...valid(), schedules: hours })).toBe('validation.invalidHours')
    expect(await problem({ ...valid(), chatbots: [newChatbotNode()] })).toBe(
      'validation.invalidTree',
    )
  })

  it('builds the body: trimmed, order as a number, hours only when queues have hours', () => {
    const values = { ...valid(), name: '  Suporte ', orderQueue: '4' }
    expect(toQueueBody(values, { withSchedules: false })).not.toHaveProperty('schedules')
    expect(toQueueBody(values, { withSchedules: true })).toMatchObject({
      name: 'Suporte',
      orderQueue: 4,
      schedules: defaultServiceHours(),
      chatbots: [],
    })
    expect(toQueueBody({ ...values, orderQueue: '' }, { withSchedules: false }).orderQueue).toBe(
      null,
    )
  })

  it('reads a stored queue, with the default hours when it has none', () => {
    const queue: QueueDetailDto = {
      id: 1,
      name: 'Vendas',
      color: '#abc',
      orderQueue: null,
      greetingMessage: 'Oi',
      outOfHoursMessage: '',
      tempoRoteador: 10,
      ativarRoteador: true,
      integrationId: 9,
      fileListId: null,
      closeTicket: true,
      schedules: [],
      companyId: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      chatbots: [],
    }
    expect(queueToFormValues(queue)).toMatchObject({
      orderQueue: '',
      tempoRoteador: 10,
      integrationId: 9,
      schedules: defaultServiceHours(),
    })
  })
})
