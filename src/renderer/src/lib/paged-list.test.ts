import type { InfiniteData } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { hasMorePages, nextPageNumber, searchParamOf } from './paged-list'

const cacheOf = (...hasMore: boolean[]): InfiniteData<{ hasMore: boolean }, number> => ({
  pages: hasMore.map((more) => ({ hasMore: more })),
  pageParams: hasMore.map((_more, index) => index + 1),
})

describe('paged lists', () => {
  it('ask for the page after those read until one says none follow', () => {
    expect(nextPageNumber({ hasMore: true }, [{}])).toBe(2)
    expect(nextPageNumber({ hasMore: true }, [{}, {}, {}])).toBe(4)
    expect(nextPageNumber({ hasMore: false }, [{}, {}])).toBeUndefined()
  })

  it('tell whether pages remain by the last one loaded', () => {
    expect(hasMorePages(cacheOf(true, true))).toBe(true)
    expect(hasMorePages(cacheOf(true, false))).toBe(false)
    expect(hasMorePages(cacheOf())).toBe(false)
  })

  it('read the search from the filters that end the key', () => {
    expect(searchParamOf(['campaigns', 'list', { searchParam: 'natal' }])).toBe('natal')
    expect(searchParamOf(['campaigns', 'list', {}])).toBe('')
    expect(searchParamOf(['campaigns', 'list', { searchParam: 3 }])).toBe('')
    expect(searchParamOf(['campaigns', 'list'])).toBe('')
  })
})
