import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { SEARCH_DEBOUNCE_MS } from '@shared/constants'
import { useDebouncedValue } from '@renderer/hooks/useDebouncedValue'
import { uniquePagedRows } from '@renderer/lib/paged-cache'
import { scheduleQueries } from '../queries'

/**
 * The schedules search of the toolbar: the typed text, the debounced one (002 §9: 500 ms) the
 * list shows, and its pages, read only while something is searched and kept while the next
 * search loads.
 */
export const useScheduleSearch = () => {
  const [search, setSearch] = useState('')
  const searchParam = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const list = useInfiniteQuery({
    ...scheduleQueries.list(searchParam),
    enabled: searchParam !== '',
    placeholderData: keepPreviousData,
  })
  const { data, fetchNextPage, isFetching } = list
  const rows = useMemo(
    () => uniquePagedRows((data?.pages ?? []).map((page) => page.schedules)),
    [data],
  )
  const loadMore = useCallback(() => {
    if (!isFetching) void fetchNextPage()
  }, [fetchNextPage, isFetching])
  return { search, setSearch, searchParam, list, rows, count: data?.pages[0]?.count, loadMore }
}

export type ScheduleSearch = ReturnType<typeof useScheduleSearch>
