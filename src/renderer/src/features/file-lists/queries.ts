import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { getFileList, listAllFileLists, listFileLists } from './api'

/**
 * Query keys and options of the file lists screen; every key starts with `fileLists`
 * (`all` ⊃ `lists` ⊃ `list(search)`, `all` ⊃ `details` ⊃ `detail(id)`, `all` ⊃ `options`).
 */
export const fileListQueries = {
  all: () => ['fileLists'] as const,
  lists: () => [...fileListQueries.all(), 'list'] as const,
  /** The paged list for one search; a superseded search's request is cancelled by its signal. */
  list: (searchParam: string) =>
    infiniteQueryOptions({
      queryKey: [...fileListQueries.lists(), { searchParam }] as const,
      queryFn: ({ pageParam, signal }) =>
        listFileLists({ searchParam, pageNumber: pageParam }, signal),
      initialPageParam: 1,
      getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
    }),
  /** Every file list, by name, for the pickers of the queue dialog. */
  options: () =>
    queryOptions({
      queryKey: [...fileListQueries.all(), 'options'] as const,
      queryFn: ({ signal }) => listAllFileLists(signal),
    }),
  details: () => [...fileListQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...fileListQueries.details(), id] as const,
      queryFn: ({ signal }) => getFileList(id, signal),
    }),
}
