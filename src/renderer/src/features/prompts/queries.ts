import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { getPrompt, listAllPrompts, listPrompts, listQueueOptions } from './api'

/**
 * Query keys and options of the prompts screen; every key starts with `prompts`
 * (`all` ⊃ `lists` ⊃ `list(search)`, `all` ⊃ `details` ⊃ `detail(id)`).
 */
export const promptQueries = {
  all: () => ['prompts'] as const,
  lists: () => [...promptQueries.all(), 'list'] as const,
  /** The paged list for one search; a superseded search's request is cancelled by its signal. */
  list: (searchParam: string) =>
    infiniteQueryOptions({
      queryKey: [...promptQueries.lists(), { searchParam }] as const,
      queryFn: ({ pageParam, signal }) =>
        listPrompts({ searchParam, pageNumber: pageParam }, signal),
      initialPageParam: 1,
      getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
    }),
  /** Every prompt, for the pickers of the connection and queue dialogs. */
  options: () =>
    queryOptions({
      queryKey: [...promptQueries.all(), 'options'] as const,
      queryFn: ({ signal }) => listAllPrompts(signal),
    }),
  details: () => [...promptQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...promptQueries.details(), id] as const,
      queryFn: ({ signal }) => getPrompt(id, signal),
    }),
  /** The company's queues, for the dialog's hand-off queue; other screens keep their own keys. */
  queues: () =>
    queryOptions({
      queryKey: [...promptQueries.all(), 'form-options', 'queues'] as const,
      queryFn: ({ signal }) => listQueueOptions(signal),
    }),
}
