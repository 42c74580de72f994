import {
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query'
import type { SchedulePage } from '@shared/contracts/schedules'
import type { CompanyEventPayloads } from '@shared/realtime/events'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { mapPagedRows } from '@renderer/lib/paged-cache'
import { hasMorePages } from '@renderer/lib/paged-list'
import type { ScheduleRange } from './api'
import { scheduleQueries } from './queries'

export type ScheduleEvent = CompanyEventPayloads['schedule']
export type SchedulesCache = InfiniteData<SchedulePage, number>

/** What one event does to a cached range or list: its rows now, and whether to read it again. */
interface ScheduleCacheChange<T> {
  cache: T | undefined
  refetch: boolean
}

const idOf = (event: ScheduleEvent) =>
  event.action === 'delete' ? event.scheduleId : event.schedule.id

/** Whether a send time falls in a range as the server reads it: [start, end). */
const within = (sendAt: string, { start, end }: ScheduleRange) => {
  const time = Date.parse(sendAt)
  return time >= Date.parse(start) && time < Date.parse(end)
}

/**
 * Applies one `company{id}-schedule` event to the calendar's cached range: the schedule leaves
 * the range, and comes back at its send time when that falls inside it, so a schedule moved to
 * another month leaves this one. A range cut at SCHEDULE_RANGE_MAX (`hasMore`) is read again
 * instead, since the schedule's place past the cut is unknown.
 */
export const applyScheduleEventToRange = (
  cache: SchedulePage | undefined,
  range: ScheduleRange,
  event: ScheduleEvent,
): ScheduleCacheChange<SchedulePage> => {
  if (!cache) return { cache, refetch: false }
  if (cache.hasMore) return { cache, refetch: true }
  const id = idOf(event)
  const others = cache.schedules.filter((schedule) => schedule.id !== id)
  const kept = event.action !== 'delete' && within(event.schedule.sendAt, range)
  if (!kept && others.length === cache.schedules.length) return { cache, refetch: false }
  if (!kept) return { cache: { ...cache, schedules: others, count: others.length }, refetch: false }
  const { schedule } = event
  const time = Date.parse(schedule.sendAt)
  const at = others.findIndex((other) => Date.parse(other.sendAt) > time)
  const schedules =
    at === -1 ? [...others, schedule] : [...others.slice(0, at), schedule, ...others.slice(at)]
  return { cache: { ...cache, schedules, count: schedules.length }, refetch: false }
}

/**
 * Applies one event to a cached search (by creation, newest first): an update is rewritten
 * where it is, a delete removed; a new schedule is read again at the top, since only the
 * server knows whether its search finds it.
 */
export const applyScheduleEventToList = (
  cache: SchedulesCache | undefined,
  event: ScheduleEvent,
): ScheduleCacheChange<SchedulesCache> => {
  if (!cache) return { cache, refetch: false }
  if (event.action === 'create') return { cache, refetch: true }
  if (event.action === 'delete') {
    const next = mapPagedRows(cache, 'schedules', (row) =>
      row.id === event.scheduleId ? null : row,
    )
    // The pages after a removed row start one row earlier on the server.
    return { cache: next, refetch: next !== cache && hasMorePages(cache) }
  }
  const { schedule } = event
  const next = mapPagedRows(cache, 'schedules', (row) => (row.id === schedule.id ? schedule : row))
  return { cache: next, refetch: false }
}

const rangeOf = (key: QueryKey): ScheduleRange | null => {
  const range: unknown = key[2]
  if (typeof range !== 'object' || range === null) return null
  const start: unknown = Reflect.get(range, 'start')
  const end: unknown = Reflect.get(range, 'end')
  return typeof start === 'string' && typeof end === 'string' ? { start, end } : null
}

/** Writes one schedule event into every cached range and search, and the schedule's detail. */
export const writeScheduleEvent = (queryClient: QueryClient, event: ScheduleEvent): void => {
  const apply = <T>(key: QueryKey, cache: T | undefined, change: ScheduleCacheChange<T>) => {
    if (change.cache !== cache) queryClient.setQueryData(key, change.cache)
    if (change.refetch) void queryClient.invalidateQueries({ queryKey: key, exact: true })
  }
  for (const [key, cache] of queryClient.getQueriesData<SchedulePage>({
    queryKey: scheduleQueries.ranges(),
  })) {
    const range = rangeOf(key)
    if (range) apply(key, cache, applyScheduleEventToRange(cache, range, event))
  }
  for (const [key, cache] of queryClient.getQueriesData<SchedulesCache>({
    queryKey: scheduleQueries.lists(),
  })) {
    apply(key, cache, applyScheduleEventToList(cache, event))
  }
  if (event.action === 'delete') {
    queryClient.removeQueries({ queryKey: scheduleQueries.detail(event.scheduleId).queryKey })
  } else {
    queryClient.setQueryData(scheduleQueries.detail(event.schedule.id).queryKey, event.schedule)
  }
}

/** Keeps the calendar, the search and open schedules live while the schedules screen is mounted. */
export const useSchedulesRealtime = (): void => {
  const queryClient = useQueryClient()
  useCompanyEvent('schedule', (event) => writeScheduleEvent(queryClient, event))
}
