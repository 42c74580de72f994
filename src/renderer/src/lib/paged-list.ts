import type { InfiniteData, QueryKey } from '@tanstack/react-query'

/** A page of a list read page by page: whether pages follow it. */
interface ListPage {
  hasMore: boolean
}

/**
 * `getNextPageParam` of a list read by page number (1-based): the number after the pages read,
 * until one says none follow.
 */
export const nextPageNumber = (
  lastPage: ListPage,
  pages: readonly unknown[],
): number | undefined => (lastPage.hasMore ? pages.length + 1 : undefined)

/** Whether pages of a cached list remain to be read after those loaded. */
export const hasMorePages = (cache: InfiniteData<ListPage, unknown>): boolean =>
  cache.pages.at(-1)?.hasMore ?? false

/** The search of a cached list, read from the filters that end its key (`{ searchParam }`). */
export const searchParamOf = (key: QueryKey): string => {
  const filters: unknown = key.at(-1)
  if (typeof filters !== 'object' || filters === null) return ''
  const searchParam: unknown = Reflect.get(filters, 'searchParam')
  return typeof searchParam === 'string' ? searchParam : ''
}
