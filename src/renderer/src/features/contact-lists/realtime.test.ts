import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { ContactListItemDto } from '@shared/contracts/contact-lists'
import { contactList, contactListItem } from '@tests/renderer/contact-lists.fixtures'
import { contactListQueries } from './queries'
import {
  writeContactListEvent,
  writeContactListItemEvent,
  type ContactListItemsCache,
  type ContactListsCache,
} from './realtime'

/** The lists `names` (id = position + 1) on one page; `hasMore` when pages follow. */
const listsCache = (names: string[], hasMore = false, count = names.length): ContactListsCache => ({
  pages: [
    {
      records: names.map((name, index) => contactList(index + 1, { name })),
      count,
      hasMore,
    },
  ],
  pageParams: [1],
})

const itemsCache = (items: ContactListItemDto[], hasMore = false): ContactListItemsCache => ({
  pages: [{ contacts: items, count: items.length, hasMore }],
  pageParams: [1],
})

/** A client holding `cache` as the lists searched by `searchParam`, never fetching. */
const withLists = (cache: ContactListsCache, searchParam = '') => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const { queryKey } = contactListQueries.list(searchParam)
  queryClient.setQueryData(queryKey, cache)
  const names = () =>
    queryClient
      .getQueryData<ContactListsCache>(queryKey)
      ?.pages.flatMap((page) => page.records.map((row) => row.name))
  const count = () => queryClient.getQueryData<ContactListsCache>(queryKey)?.pages[0]?.count
  const stale = () => queryClient.getQueryState(queryKey)?.isInvalidated
  return { queryClient, names, count, stale }
}

const withItems = (cache: ContactListItemsCache, contactListId = 1, searchParam = '') => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const { queryKey } = contactListQueries.itemList(contactListId, searchParam)
  queryClient.setQueryData(queryKey, cache)
  const rows = () =>
    queryClient
      .getQueryData<ContactListItemsCache>(queryKey)
      ?.pages.flatMap((page) => page.contacts)
  const count = () => queryClient.getQueryData<ContactListItemsCache>(queryKey)?.pages[0]?.count
  const stale = () => queryClient.getQueryState(queryKey)?.isInvalidated
  return { queryClient, rows, count, stale }
}

describe('writeContactListEvent (company-{id}-ContactList)', () => {
  it('puts a created list in name order and counts it', () => {
    const { queryClient, names, count } = withLists(listsCache(['Clientes', 'VIP']))
    writeContactListEvent(queryClient, {
      action: 'create',
      record: contactList(9, { name: 'Leads' }),
    })
    expect(names()).toEqual(['Clientes', 'Leads', 'VIP'])
    expect(count()).toBe(3)
  })

  it('replaces an updated list where it is, its counts included, and stores its record', () => {
    const { queryClient, names, count } = withLists(listsCache(['Clientes', 'VIP']))
    const updated = contactList(1, { name: 'Clientes', contactsCount: 12, validCount: 12 })
    writeContactListEvent(queryClient, { action: 'update', record: updated })
    const cache = queryClient.getQueryData<ContactListsCache>(contactListQueries.list('').queryKey)
    expect(cache?.pages[0]?.records[0]).toEqual(updated)
    expect(names()).toEqual(['Clientes', 'VIP'])
    expect(count()).toBe(2)
    expect(queryClient.getQueryData(contactListQueries.detail(1).queryKey)).toEqual(updated)
  })

  it('moves a renamed list to its new place, and drops one renamed out of the search', () => {
    const all = withLists(listsCache(['Antigos', 'Clientes', 'VIP']))
    writeContactListEvent(all.queryClient, {
      action: 'update',
      record: contactList(1, { name: 'Zeladoria' }),
    })
    expect(all.names()).toEqual(['Clientes', 'VIP', 'Zeladoria'])
    expect(all.count()).toBe(3)

    const searched = withLists(listsCache(['Clientes', 'Clientes VIP']), 'cli')
    writeContactListEvent(searched.queryClient, {
      action: 'update',
      record: contactList(2, { name: 'VIP' }),
    })
    expect(searched.names()).toEqual(['Clientes'])
    expect(searched.count()).toBe(1)
  })

  it('leaves a created list out of a search it does not match', () => {
    const { queryClient, names } = withLists(listsCache(['Clientes']), 'cli')
    writeContactListEvent(queryClient, {
      action: 'create',
      record: contactList(9, { name: 'VIP' }),
    })
    expect(names()).toEqual(['Clientes'])
  })

  it('counts a list that sorts past the loaded pages, and reads the list again', () => {
    const { queryClient, names, count, stale } = withLists(
      listsCache(['Antigos', 'Clientes'], true, 30),
    )
    writeContactListEvent(queryClient, { action: 'create', record: contactList(9, { name: 'Zé' }) })
    expect(names()).toEqual(['Antigos', 'Clientes'])
    expect(count()).toBe(31)
    expect(stale()).toBe(true)
  })

  it('removes a deleted list and forgets its record and contacts', () => {
    const { queryClient, names, count } = withLists(listsCache(['Clientes', 'VIP']))
    queryClient.setQueryData(contactListQueries.detail(2).queryKey, contactList(2))
    queryClient.setQueryData(contactListQueries.itemList(2, '').queryKey, itemsCache([]))
    writeContactListEvent(queryClient, { action: 'delete', id: 2 })
    expect(names()).toEqual(['Clientes'])
    expect(count()).toBe(1)
    expect(queryClient.getQueryData(contactListQueries.detail(2).queryKey)).toBeUndefined()
    expect(queryClient.getQueryData(contactListQueries.itemList(2, '').queryKey)).toBeUndefined()
  })

  it('changes nothing for a list it does not hold', () => {
    const cache = listsCache(['Clientes'])
    const { queryClient } = withLists(cache)
    writeContactListEvent(queryClient, { action: 'delete', id: 7 })
    expect(queryClient.getQueryData(contactListQueries.list('').queryKey)).toBe(cache)
  })
})

describe('writeContactListItemEvent (company-{id}-ContactListItem)', () => {
  const ana = contactListItem(1, { name: 'Ana' })
  const caio = contactListItem(2, { name: 'Caio' })

  it('puts a created contact of the list in name order and marks the counts stale', () => {
    const { queryClient, rows, count } = withItems(itemsCache([ana, caio]))
    const { queryKey: listsKey } = contactListQueries.list('')
    queryClient.setQueryData(listsKey, listsCache(['Lista 1']))
    const bia = contactListItem(3, { name: 'Bia' })
    writeContactListItemEvent(queryClient, { action: 'create', record: bia })
    expect(rows()?.map((row) => row.name)).toEqual(['Ana', 'Bia', 'Caio'])
    expect(count()).toBe(3)
    expect(queryClient.getQueryState(listsKey)?.isInvalidated).toBe(true)
    expect(queryClient.getQueryData(contactListQueries.itemDetail(3).queryKey)).toEqual(bia)
  })

  it('leaves another list’s contact out', () => {
    const cache = itemsCache([ana])
    const { queryClient } = withItems(cache)
    writeContactListItemEvent(queryClient, {
      action: 'create',
      record: contactListItem(3, { name: 'Bia', contactListId: 2 }),
    })
    expect(queryClient.getQueryData(contactListQueries.itemList(1, '').queryKey)).toBe(cache)
  })

  it('keeps a contact the search finds by its number, and drops one it no longer finds', () => {
    const { queryClient, rows } = withItems(itemsCache([ana]), 1, '98888')
    const bia = contactListItem(3, { name: 'Bia', number: '5511988887777' })
    writeContactListItemEvent(queryClient, { action: 'create', record: bia })
    expect(rows()?.map((row) => row.name)).toEqual(['Ana', 'Bia'])
    writeContactListItemEvent(queryClient, {
      action: 'update',
      record: { ...bia, number: '5521977776666' },
    })
    expect(rows()?.map((row) => row.name)).toEqual(['Ana'])
  })

  it('shows a number checked with WhatsApp where the contact is', () => {
    const { queryClient, rows } = withItems(itemsCache([ana, caio]))
    writeContactListItemEvent(queryClient, {
      action: 'update',
      record: { ...caio, isWhatsappValid: false },
    })
    expect(rows()?.map((row) => row.isWhatsappValid)).toEqual([null, false])
  })

  it('removes a deleted contact and forgets its record', () => {
    const { queryClient, rows, count } = withItems(itemsCache([ana, caio]))
    queryClient.setQueryData(contactListQueries.itemDetail(2).queryKey, caio)
    writeContactListItemEvent(queryClient, { action: 'delete', id: 2, contactListId: 1 })
    expect(rows()?.map((row) => row.name)).toEqual(['Ana'])
    expect(count()).toBe(1)
    expect(queryClient.getQueryData(contactListQueries.itemDetail(2).queryKey)).toBeUndefined()
  })

  it('reads the list’s contacts and counts again on a reload, and nothing on progress', () => {
    const { queryClient, stale } = withItems(itemsCache([ana]))
    const { queryKey: detailKey } = contactListQueries.detail(1)
    queryClient.setQueryData(detailKey, contactList(1))
    const progress = { contactListId: 1, checked: 5, total: 10, invalid: 1, done: false }
    writeContactListItemEvent(queryClient, { action: 'progress', progress })
    expect(stale()).toBe(false)
    expect(queryClient.getQueryState(detailKey)?.isInvalidated).toBe(false)
    writeContactListItemEvent(queryClient, { action: 'reload', contactListId: 1 })
    expect(stale()).toBe(true)
    expect(queryClient.getQueryState(detailKey)?.isInvalidated).toBe(true)
  })

  it('leaves another list’s contacts alone on its reload', () => {
    const { queryClient, stale } = withItems(itemsCache([ana]))
    writeContactListItemEvent(queryClient, { action: 'reload', contactListId: 2 })
    expect(stale()).toBe(false)
  })
})
