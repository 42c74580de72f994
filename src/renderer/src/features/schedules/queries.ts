import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { nextPageNumber } from '@renderer/lib/paged-list'
import {
  getSchedule,
  listQueueOptions,
  listScheduleRange,
  listSchedules,
  listUserOptions,
  searchContactOptions,
  type ScheduleRange,
} from './api'

/**
 * Query keys and options of the schedule screens; every key starts with `schedules`
 * (`all` ⊃ `ranges` ⊃ `range(r)`, `all` ⊃ `lists` ⊃ `list(search)`,
 * `all` ⊃ `details` ⊃ `detail(id)`, and the dialog's choices).
 */
export const scheduleQueries = {
  all: () => ['schedules'] as const,
  ranges: () => [...scheduleQueries.all(), 'range'] as const,
  /** What the calendar shows: every schedule sending between `start` and `end`. */
  range: (range: ScheduleRange) =>
    queryOptions({
      queryKey: [...scheduleQueries.ranges(), range] as const,
      queryFn: ({ signal }) => listScheduleRange(range, signal),
    }),
  lists: () => [...scheduleQueries.all(), 'list'] as const,
  /** The paged search, newest first; a superseded search's request is cancelled by its signal. */
  list: (searchParam: string) =>
    infiniteQueryOptions({
      queryKey: [...scheduleQueries.lists(), { searchParam }] as const,
      queryFn: ({ pageParam, signal }) =>
        listSchedules({ searchParam, pageNumber: pageParam }, signal),
      initialPageParam: 1,
      getNextPageParam: nextPageNumber,
    }),
  details: () => [...scheduleQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...scheduleQueries.details(), id] as const,
      queryFn: ({ signal }) => getSchedule(id, signal),
    }),
  /** Contacts whose name or number has `name` (asked from 3 characters, 000 §9). */
  contacts: (name: string) =>
    queryOptions({
      queryKey: [...scheduleQueries.all(), 'contacts', name] as const,
      queryFn: ({ signal }) => searchContactOptions(name, signal),
    }),
  users: () =>
    queryOptions({
      queryKey: [...scheduleQueries.all(), 'users'] as const,
      queryFn: ({ signal }) => listUserOptions(signal),
    }),
  queues: () =>
    queryOptions({
      queryKey: [...scheduleQueries.all(), 'queues'] as const,
      queryFn: ({ signal }) => listQueueOptions(signal),
    }),
}
