import {
  keepPreviousData,
  useInfiniteQuery,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { SEARCH_DEBOUNCE_MS } from '@shared/constants'
import { useDebouncedValue } from './useDebouncedValue'
import { uniquePagedRows } from '@renderer/lib/paged-cache'

/**
 * A list searched by name and read page by page (`{ rows, count, hasMore }` answers): the typed
 * search, the debounced one the list shows, the pages (kept while a new search loads, instead
 * of a skeleton flash), their rows once each, the total, and the next page on demand.
 * `rowsOf` must be stable (a module-level function).
 */
export function useSearchedList<
  Page extends { count: number },
  Row extends { id: number },
  Key extends QueryKey,
>(
  listOptions: (
    searchParam: string,
  ) => UseInfiniteQueryOptions<Page, Error, InfiniteData<Page, unknown>, Key, number>,
  rowsOf: (page: Page) => Row[],
) {
  const [search, setSearch] = useState('')
  const searchParam = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const list = useInfiniteQuery({ ...listOptions(searchParam), placeholderData: keepPreviousData })
  const { data, fetchNextPage, isFetching } = list
  const rows = useMemo(() => uniquePagedRows((data?.pages ?? []).map(rowsOf)), [data, rowsOf])
  const loadMore = useCallback(() => {
    if (!isFetching) void fetchNextPage()
  }, [fetchNextPage, isFetching])
  return { search, setSearch, searchParam, list, rows, count: data?.pages[0]?.count, loadMore }
}
