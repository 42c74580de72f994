import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { useState } from 'react'
import type {
  ContactListCheckProgress,
  ContactListDto,
  ContactListItemDto,
  ContactListItemPage,
  ContactListPage,
} from '@shared/contracts/contact-lists'
import type { CompanyEventPayloads } from '@shared/realtime/events'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import {
  applyRowChange,
  containsSearch,
  needsRefetch,
  type NamedPage,
  type NamedRow,
  type PagedCache,
  type PageRows,
  type RowChange,
} from './paged-by-name'
import { contactListQueries } from './queries'

export type ContactListEvent = CompanyEventPayloads['ContactList']
export type ContactListItemEvent = CompanyEventPayloads['ContactListItem']
export type ContactListsCache = PagedCache<ContactListPage>
export type ContactListItemsCache = PagedCache<ContactListItemPage>

const LIST_ROWS: PageRows<ContactListPage, ContactListDto> = {
  of: (page) => page.records,
  with: (page, records) => ({ ...page, records: [...records] }),
}

const ITEM_ROWS: PageRows<ContactListItemPage, ContactListItemDto> = {
  of: (page) => page.contacts,
  with: (page, contacts) => ({ ...page, contacts: [...contacts] }),
}

/** Whether the lists' search (by name) keeps `list`. */
export const listMatchesSearch = (list: ContactListDto, searchParam: string): boolean =>
  containsSearch(list.name, searchParam)

/** Whether a list's contacts search (in name and number) keeps `item`. */
export const itemMatchesSearch = (item: ContactListItemDto, searchParam: string): boolean =>
  containsSearch(item.name, searchParam) || containsSearch(item.number, searchParam)

/** The search of a cached list, the filters object that ends its key. */
const searchOf = (key: QueryKey): string => {
  const filters: unknown = key.at(-1)
  if (typeof filters !== 'object' || filters === null) return ''
  const searchParam: unknown = Reflect.get(filters, 'searchParam')
  return typeof searchParam === 'string' ? searchParam : ''
}

/** Applies one row's change to every cached search under `queryKey`, reading again what shifted. */
const writeRowChange = <Page extends NamedPage, Row extends NamedRow>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  rows: PageRows<Page, Row>,
  changeFor: (searchParam: string) => RowChange<Row>,
): void => {
  for (const [key, cache] of queryClient.getQueriesData<PagedCache<Page>>({ queryKey })) {
    if (!cache) continue
    const change = changeFor(searchOf(key))
    const next = applyRowChange(cache, rows, change)
    if (next !== cache) queryClient.setQueryData(key, next)
    if (needsRefetch(cache, rows, change)) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true })
    }
  }
}

/**
 * Applies one `company-{id}-ContactList` event: every cached search of the lists, in name order,
 * and the list's own record (the items page's title and counts). A deleted list's record and
 * contacts are read again, so a screen still showing them finds the list gone.
 */
export const writeContactListEvent = (queryClient: QueryClient, event: ContactListEvent): void => {
  if (event.action === 'delete') {
    writeRowChange(queryClient, contactListQueries.lists(), LIST_ROWS, () => ({
      kind: 'removed',
      id: event.id,
    }))
    void queryClient.resetQueries({ queryKey: contactListQueries.detail(event.id).queryKey })
    void queryClient.resetQueries({ queryKey: contactListQueries.itemsOf(event.id) })
    return
  }
  const { record } = event
  writeRowChange(queryClient, contactListQueries.lists(), LIST_ROWS, (searchParam) => ({
    kind: 'saved',
    row: record,
    kept: listMatchesSearch(record, searchParam),
    created: event.action === 'create',
  }))
  queryClient.setQueryData(contactListQueries.detail(record.id).queryKey, record)
}

/** A list's counts changed with its contacts: its row and its record are read again. */
const refreshCounts = (queryClient: QueryClient, contactListId: number): void => {
  void queryClient.invalidateQueries({ queryKey: contactListQueries.lists() })
  void queryClient.invalidateQueries({
    queryKey: contactListQueries.detail(contactListId).queryKey,
  })
}

/**
 * Applies one `company-{id}-ContactListItem` event: the contact into its list's cached searches
 * and its own record, then the list's counts; a `reload` (an upload, a finished check) reads the
 * list's contacts again. A check's progress changes no cache (`useContactListCheckProgress`).
 */
export const writeContactListItemEvent = (
  queryClient: QueryClient,
  event: ContactListItemEvent,
): void => {
  switch (event.action) {
    case 'progress':
      return
    case 'reload':
      void queryClient.invalidateQueries({
        queryKey: contactListQueries.itemsOf(event.contactListId),
      })
      refreshCounts(queryClient, event.contactListId)
      return
    case 'delete':
      writeRowChange(
        queryClient,
        contactListQueries.itemsOf(event.contactListId),
        ITEM_ROWS,
        () => ({
          kind: 'removed',
          id: event.id,
        }),
      )
      queryClient.removeQueries({ queryKey: contactListQueries.itemDetail(event.id).queryKey })
      refreshCounts(queryClient, event.contactListId)
      return
    case 'create':
    case 'update': {
      const { record } = event
      writeRowChange(
        queryClient,
        contactListQueries.itemsOf(record.contactListId),
        ITEM_ROWS,
        (searchParam) => ({
          kind: 'saved',
          row: record,
          kept: itemMatchesSearch(record, searchParam),
          created: event.action === 'create',
        }),
      )
      queryClient.setQueryData(contactListQueries.itemDetail(record.id).queryKey, record)
      refreshCounts(queryClient, record.contactListId)
      return
    }
  }
}

/** Keeps the contact lists and their contacts live while a screen of them is mounted. */
export const useContactListsRealtime = (): void => {
  const queryClient = useQueryClient()
  useCompanyEvent('ContactList', (event) => writeContactListEvent(queryClient, event))
  useCompanyEvent('ContactListItem', (event) => writeContactListItemEvent(queryClient, event))
}

/**
 * The check of one list's numbers with WhatsApp worth telling, from its progress events: one
 * running, or one that ended with numbers unchecked (until `clear`); null otherwise, or when none
 * was heard since the screen opened.
 */
export const useContactListCheckProgress = (
  contactListId: number,
): [progress: ContactListCheckProgress | null, clear: () => void] => {
  const [progress, setProgress] = useState<ContactListCheckProgress | null>(null)
  useCompanyEvent('ContactListItem', (event) => {
    if (event.action !== 'progress' || event.progress.contactListId !== contactListId) return
    const { done, checked, total } = event.progress
    setProgress(done && checked >= total ? null : event.progress)
  })
  return [progress, () => setProgress(null)]
}
