import type { InfiniteData } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { mapPagedRows } from './paged-cache'

interface Row {
  id: number
  name: string
}
interface Page {
  rows: Row[]
  count: number
  hasMore: boolean
}

const row = (id: number): Row => ({ id, name: `Row ${id}` })
const cacheOf = (...pages: Row[][]): InfiniteData<Page, number> => {
  const count = pages.flat().length
  return {
    pages: pages.map((rows, index) => ({ rows, count, hasMore: index < pages.length - 1 })),
    pageParams: pages.map((_rows, index) => index + 1),
  }
}

describe('mapPagedRows', () => {
  it('returns the very same cache when no row changes', () => {
    const cache = cacheOf([row(1), row(2)], [row(3)])
    expect(mapPagedRows(cache, 'rows', (current) => current)).toBe(cache)
    expect(mapPagedRows<Page, 'rows', number>(undefined, 'rows', (current) => current)).toBe(
      undefined,
    )
  })

  it('replaces a row, keeping untouched pages, rows and the count', () => {
    const cache = cacheOf([row(1), row(2)], [row(3)])
    const renamed = { ...row(3), name: 'Renamed' }
    const next = mapPagedRows(cache, 'rows', (current) => (current.id === 3 ? renamed : current))!
    expect(next).not.toBe(cache)
    expect(next.pages[0]).toBe(cache.pages[0])
    expect(next.pages[1]!.rows).toEqual([renamed])
    expect(next.pages.map((page) => page.count)).toEqual([3, 3])
    expect(next.pageParams).toBe(cache.pageParams)
  })

  it('removes a row and lowers the count every page carries', () => {
    const cache = cacheOf([row(1), row(2)], [row(3)])
    const next = mapPagedRows(cache, 'rows', (current) => (current.id === 2 ? null : current))!
    expect(next.pages.map((page) => page.rows.map(({ id }) => id))).toEqual([[1], [3]])
    expect(next.pages.map((page) => page.count)).toEqual([2, 2])
    expect(next.pages[1]!.rows[0]).toBe(cache.pages[1]!.rows[0])
    expect(next.pages[0]!.hasMore).toBe(true)
  })
})
