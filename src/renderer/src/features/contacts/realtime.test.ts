import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { ContactDetailDto, ContactList } from '@shared/contracts/contacts'
import { buildContact } from '@tests/renderer/tickets.fixtures'
import { contactQueries } from './queries'
import { writeContactEvent, type ContactsListCache } from './realtime'

const FILTERS = { searchParam: '', tagIds: [] }

const page = (ids: number[], count: number): ContactList => ({
  contacts: ids.map((id) => buildContact({ id, name: `Contato ${id}` })),
  count,
  hasMore: false,
  nextCursor: null,
})

const seeded = () => {
  const client = new QueryClient()
  const cache: ContactsListCache = {
    pages: [page([1, 2], 3), page([3], 3)],
    pageParams: [null, 'c'],
  }
  client.setQueryData(contactQueries.list(FILTERS).queryKey, cache)
  const detail: ContactDetailDto = {
    ...buildContact({ id: 2 }),
    extraInfo: [{ id: 9, name: 'CPF', value: '1' }],
    whatsapp: null,
  }
  client.setQueryData(contactQueries.detail(2).queryKey, detail)
  return client
}

const rows = (client: QueryClient) =>
  client
    .getQueryData<ContactsListCache>(contactQueries.list(FILTERS).queryKey)
    ?.pages.map((p) => ({ ids: p.contacts.map((c) => c.id), count: p.count }))

describe('contacts realtime', () => {
  it('updates a known row and keeps the detail’s extra info', () => {
    const client = seeded()
    const contact = buildContact({ id: 2, name: 'Renomeado', active: false })
    writeContactEvent(client, { action: 'update', contact })
    const list = client.getQueryData<ContactsListCache>(contactQueries.list(FILTERS).queryKey)
    expect(list?.pages[0]?.contacts[1]).toEqual(contact)
    const detail = client.getQueryData<ContactDetailDto>(contactQueries.detail(2).queryKey)
    expect(detail?.name).toBe('Renomeado')
    expect(detail?.extraInfo).toEqual([{ id: 9, name: 'CPF', value: '1' }])
  })

  it('removes a deleted contact from every page and lowers the count', () => {
    const client = seeded()
    writeContactEvent(client, { action: 'delete', contactId: 3 })
    expect(rows(client)).toEqual([
      { ids: [1, 2], count: 2 },
      { ids: [], count: 2 },
    ])
    writeContactEvent(client, { action: 'delete', contactId: 2 })
    expect(client.getQueryData(contactQueries.detail(2).queryKey)).toBeUndefined()
  })

  it('leaves an unknown contact’s update to the server order', () => {
    const client = seeded()
    const before = client.getQueryData(contactQueries.list(FILTERS).queryKey)
    writeContactEvent(client, { action: 'update', contact: buildContact({ id: 99 }) })
    expect(client.getQueryData(contactQueries.list(FILTERS).queryKey)).toBe(before)
  })

  it('marks lists stale on a create or a reload', () => {
    for (const event of [
      { action: 'create' as const, contact: buildContact({ id: 50 }) },
      { action: 'reload' as const },
    ]) {
      const client = seeded()
      writeContactEvent(client, event)
      expect(client.getQueryState(contactQueries.list(FILTERS).queryKey)?.isInvalidated).toBe(true)
    }
  })
})
