import { describe, expect, it } from 'vitest'
import type { QueueDto } from '@shared/contracts/queues'
import { applyQueueEvent } from './realtime'

const queue = (id: number, name: string, orderQueue: number | null): QueueDto => ({
  id,
  name,
  color: `#00000${id}`,
  orderQueue,
  greetingMessage: '',
  outOfHoursMessage: '',
  tempoRoteador: 0,
  ativarRoteador: false,
  integrationId: null,
  fileListId: null,
  closeTicket: false,
  schedules: [],
  companyId: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
})

describe('applyQueueEvent', () => {
  const list = [queue(1, 'Alfa', 1), queue(2, 'Bravo', 2), queue(3, 'Zulu', null)]

  it('places a new or changed queue by order, then name, unset order last', () => {
    const added = applyQueueEvent(list, { action: 'update', queue: queue(4, 'Charlie', 2) })
    expect(added?.map((q) => q.name)).toEqual(['Alfa', 'Bravo', 'Charlie', 'Zulu'])
    const moved = applyQueueEvent(list, { action: 'update', queue: queue(1, 'Alfa', 5) })
    expect(moved?.map((q) => q.name)).toEqual(['Bravo', 'Alfa', 'Zulu'])
  })

  it('removes a deleted queue and leaves an unknown one alone', () => {
    expect(applyQueueEvent(list, { action: 'delete', queueId: 2 })?.map((q) => q.id)).toEqual([
      1, 3,
    ])
    expect(applyQueueEvent(list, { action: 'delete', queueId: 9 })).toBe(list)
    expect(applyQueueEvent(undefined, { action: 'delete', queueId: 1 })).toBeUndefined()
  })
})
