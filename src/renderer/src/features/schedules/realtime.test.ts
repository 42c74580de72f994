import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { ScheduleDto } from '@shared/contracts/schedules'
import { buildSchedule, schedulePage } from '@tests/renderer/schedules.fixtures'
import { scheduleQueries } from './queries'
import {
  applyScheduleEventToList,
  applyScheduleEventToRange,
  writeScheduleEvent,
  type SchedulesCache,
} from './realtime'

const MARCH = { start: '2026-03-01T03:00:00.000Z', end: '2026-04-01T02:59:59.999Z' }

const at = (id: number, sendAt: string, overrides: Partial<ScheduleDto> = {}) =>
  buildSchedule(id, { sendAt, ...overrides })

const FIRST = at(1, '2026-03-05T12:00:00.000Z')
const SECOND = at(2, '2026-03-20T12:00:00.000Z')
const RANGE = schedulePage([FIRST, SECOND])

const ids = (page: { schedules: ScheduleDto[] } | undefined) =>
  page?.schedules.map((schedule) => schedule.id)

const listOf = (...pages: { schedules: ScheduleDto[]; hasMore: boolean }[]): SchedulesCache => ({
  pages: pages.map(({ schedules, hasMore }) => schedulePage(schedules, hasMore)),
  pageParams: pages.map((_, index) => index + 1),
})

describe('applyScheduleEventToRange (company{id}-schedule)', () => {
  it('puts a schedule created within the range at its send time', () => {
    const created = at(3, '2026-03-10T09:00:00.000Z')
    const change = applyScheduleEventToRange(RANGE, MARCH, { action: 'create', schedule: created })
    expect(ids(change.cache)).toEqual([1, 3, 2])
    expect(change.cache?.count).toBe(3)
    expect(change.refetch).toBe(false)
  })

  it('moves an updated schedule to its new time, and out of a range it left', () => {
    const later = { ...FIRST, sendAt: '2026-03-25T08:00:00.000Z', status: 'ERRO' as const }
    const moved = applyScheduleEventToRange(RANGE, MARCH, { action: 'update', schedule: later })
    expect(ids(moved.cache)).toEqual([2, 1])
    expect(moved.cache?.schedules[1]?.status).toBe('ERRO')
    const april = { ...FIRST, sendAt: '2026-04-02T12:00:00.000Z' }
    const left = applyScheduleEventToRange(RANGE, MARCH, { action: 'update', schedule: april })
    expect(ids(left.cache)).toEqual([2])
  })

  it('drops a deleted schedule, and leaves a range untouched by an event outside it', () => {
    expect(
      ids(applyScheduleEventToRange(RANGE, MARCH, { action: 'delete', scheduleId: 2 }).cache),
    ).toEqual([1])
    const elsewhere = at(9, '2026-05-01T12:00:00.000Z')
    expect(
      applyScheduleEventToRange(RANGE, MARCH, { action: 'create', schedule: elsewhere }),
    ).toEqual({ cache: RANGE, refetch: false })
  })

  it('reads a range cut at its limit again rather than guess', () => {
    const cut = schedulePage([FIRST], true)
    expect(applyScheduleEventToRange(cut, MARCH, { action: 'delete', scheduleId: 1 })).toEqual({
      cache: cut,
      refetch: true,
    })
  })
})

describe('applyScheduleEventToList', () => {
  const list = listOf({ schedules: [SECOND, FIRST], hasMore: false })

  it('rewrites an updated row in place and removes a deleted one', () => {
    const sent = { ...FIRST, status: 'ENVIADA' as const }
    const updated = applyScheduleEventToList(list, { action: 'update', schedule: sent })
    expect(updated.cache?.pages[0]?.schedules[1]?.status).toBe('ENVIADA')
    expect(updated.refetch).toBe(false)
    const deleted = applyScheduleEventToList(list, { action: 'delete', scheduleId: 2 })
    expect(ids(deleted.cache?.pages[0])).toEqual([1])
    expect(deleted.refetch).toBe(false)
  })

  it('reads the search again for a new schedule, and after a delete when pages follow', () => {
    const created = at(5, '2026-03-11T12:00:00.000Z')
    expect(applyScheduleEventToList(list, { action: 'create', schedule: created })).toEqual({
      cache: list,
      refetch: true,
    })
    const partial = listOf({ schedules: [SECOND], hasMore: true })
    expect(applyScheduleEventToList(partial, { action: 'delete', scheduleId: 2 }).refetch).toBe(
      true,
    )
  })
})

describe('writeScheduleEvent', () => {
  it('updates every cached range, search and detail, and forgets a deleted detail', () => {
    const queryClient = new QueryClient()
    const rangeKey = scheduleQueries.range(MARCH).queryKey
    const listKey = scheduleQueries.list('maria').queryKey
    queryClient.setQueryData(rangeKey, RANGE)
    queryClient.setQueryData(listKey, listOf({ schedules: [SECOND, FIRST], hasMore: false }))
    queryClient.setQueryData(scheduleQueries.detail(1).queryKey, FIRST)

    const failed = { ...FIRST, status: 'ERRO' as const, lastError: 'ERR_WAPP_NOT_INITIALIZED' }
    writeScheduleEvent(queryClient, { action: 'update', schedule: failed })
    expect(queryClient.getQueryData(rangeKey)?.schedules[0]?.status).toBe('ERRO')
    expect(queryClient.getQueryData(listKey)?.pages[0]?.schedules[1]?.status).toBe('ERRO')
    expect(queryClient.getQueryData(scheduleQueries.detail(1).queryKey)).toEqual(failed)

    writeScheduleEvent(queryClient, { action: 'delete', scheduleId: 1 })
    expect(ids(queryClient.getQueryData(rangeKey))).toEqual([2])
    expect(queryClient.getQueryData(scheduleQueries.detail(1).queryKey)).toBeUndefined()
  })
})
