import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { TagDto } from '@shared/contracts/tags'
import { tagQueries } from './queries'
import { writeTagEvent, type TagsListCache } from './realtime'

const tag = (id: number, overrides: Partial<TagDto> = {}): TagDto => ({
  id,
  name: `Tag ${id}`,
  color: '#A4CCCC',
  kanban: 0,
  ticketsCount: 0,
  contactsCount: 0,
  ...overrides,
})

const seeded = () => {
  const client = new QueryClient()
  const cache: TagsListCache = {
    pages: [{ tags: [tag(1), tag(2)], count: 2, hasMore: false, nextCursor: null }],
    pageParams: [null],
  }
  client.setQueryData(tagQueries.list('').queryKey, cache)
  return client
}

const list = (client: QueryClient) =>
  client.getQueryData<TagsListCache>(tagQueries.list('').queryKey)?.pages[0]

describe('tags realtime (company{id}-tag)', () => {
  it('redraws an updated tag at once and refetches for its place', () => {
    const client = seeded()
    const renamed = tag(2, { name: 'Quente', color: '#FF0000', ticketsCount: 4 })
    writeTagEvent(client, { action: 'update', tag: renamed })
    expect(list(client)?.tags[1]).toEqual(renamed)
    expect(client.getQueryState(tagQueries.list('').queryKey)?.isInvalidated).toBe(true)
  })

  it('removes a deleted tag and lowers the count', () => {
    const client = seeded()
    writeTagEvent(client, { action: 'delete', tagId: 1 })
    expect(list(client)?.tags.map((row) => row.id)).toEqual([2])
    expect(list(client)?.count).toBe(1)
  })

  it('refetches on a create, whose place the server decides', () => {
    const client = seeded()
    writeTagEvent(client, { action: 'create', tag: tag(3) })
    expect(client.getQueryState(tagQueries.list('').queryKey)?.isInvalidated).toBe(true)
  })
})
