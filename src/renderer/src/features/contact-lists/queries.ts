import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import {
  getContactList,
  getContactListItem,
  isNotFound,
  listContactListItems,
  listContactLists,
} from './api'

/**
 * Query keys and options of the contact list screens; every key starts with `contactLists`
 * (`all` ⊃ `lists` ⊃ `list(search)`, `all` ⊃ `details` ⊃ `detail(id)`,
 * `all` ⊃ `items` ⊃ `itemsOf(list)` ⊃ `itemList(list, search)`, `all` ⊃ `itemDetails` ⊃ `itemDetail(id)`).
 */
export const contactListQueries = {
  all: () => ['contactLists'] as const,
  lists: () => [...contactListQueries.all(), 'list'] as const,
  /** The paged lists for one search; a superseded search's request is cancelled by its signal. */
  list: (searchParam: string) =>
    infiniteQueryOptions({
      queryKey: [...contactListQueries.lists(), { searchParam }] as const,
      queryFn: ({ pageParam, signal }) =>
        listContactLists({ searchParam, pageNumber: pageParam }, signal),
      initialPageParam: 1,
      getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
    }),
  details: () => [...contactListQueries.all(), 'detail'] as const,
  /** A list with its counts. A missing list is not asked for again: its page says so at once. */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...contactListQueries.details(), id] as const,
      queryFn: ({ signal }) => getContactList(id, signal),
      retry: (failures, error) => !isNotFound(error) && failures < 1,
    }),
  items: () => [...contactListQueries.all(), 'items'] as const,
  /** Every cached search of one list's contacts. */
  itemsOf: (contactListId: number) => [...contactListQueries.items(), contactListId] as const,
  /** One list's contacts for one search, page by page. */
  itemList: (contactListId: number, searchParam: string) =>
    infiniteQueryOptions({
      queryKey: [...contactListQueries.itemsOf(contactListId), { searchParam }] as const,
      queryFn: ({ pageParam, signal }) =>
        listContactListItems(contactListId, { searchParam, pageNumber: pageParam }, signal),
      initialPageParam: 1,
      getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
    }),
  itemDetails: () => [...contactListQueries.all(), 'item'] as const,
  itemDetail: (id: number) =>
    queryOptions({
      queryKey: [...contactListQueries.itemDetails(), id] as const,
      queryFn: ({ signal }) => getContactListItem(id, signal),
    }),
}
