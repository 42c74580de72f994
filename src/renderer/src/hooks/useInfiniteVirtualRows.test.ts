// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useInfiniteVirtualRows, type InfinitePaging } from './useInfiniteVirtualRows'

/** A scroller of `clientHeight` px whose content is `scrollHeight` px, scrolled to `scrollTop`. */
const scroller = (sizes: { scrollHeight: number; clientHeight: number; scrollTop: number }) => {
  const element = document.createElement('div')
  for (const [name, value] of Object.entries(sizes))
    Object.defineProperty(element, name, { configurable: true, writable: true, value })
  return element
}

const range = (count: number) => Array.from({ length: count }, (_, index) => index + 1)

const setup = (items: number[], paging: Partial<InfinitePaging> = {}) => {
  const onLoadMore = vi.fn()
  const hook = renderHook(
    (props: { items: number[] } & Partial<InfinitePaging>) =>
      useInfiniteVirtualRows({
        rowHeight: 40,
        overscan: 2,
        hasNextPage: true,
        isFetchingNextPage: false,
        loadMoreFailed: false,
        onLoadMore,
        ...props,
      }),
    { initialProps: { items, ...paging } },
  )
  return { hook, onLoadMore }
}

describe('useInfiniteVirtualRows', () => {
  it('asks for the next page once the scroll comes within 100 px of the bottom', () => {
    const { hook, onLoadMore } = setup(range(50))
    hook.result.current.scrollRef.current = scroller({
      scrollHeight: 2000,
      clientHeight: 500,
      scrollTop: 1000,
    })
    act(() => hook.result.current.onScroll())
    expect(onLoadMore).not.toHaveBeenCalled()
    hook.result.current.scrollRef.current.scrollTop = 1400
    act(() => hook.result.current.onScroll())
    expect(onLoadMore).toHaveBeenCalledTimes(1)
  })

  it('does not ask while a page loads, after a failed page, or at the end of the list', () => {
    for (const paging of [
      { isFetchingNextPage: true },
      { loadMoreFailed: true },
      { hasNextPage: false },
    ]) {
      const { hook, onLoadMore } = setup(range(50), paging)
      hook.result.current.scrollRef.current = scroller({
        scrollHeight: 2000,
        clientHeight: 500,
        scrollTop: 1500,
      })
      act(() => hook.result.current.onScroll())
      expect(onLoadMore).not.toHaveBeenCalled()
    }
  })

  it('asks again after a page that still does not fill the view', () => {
    const { hook, onLoadMore } = setup(range(5))
    hook.result.current.scrollRef.current = scroller({
      scrollHeight: 200,
      clientHeight: 500,
      scrollTop: 0,
    })
    hook.rerender({ items: range(10) })
    expect(onLoadMore).toHaveBeenCalledTimes(1)
  })

  it('draws every row of a short list, each at its index', () => {
    const { hook } = setup(range(20))
    const { virtualized, rows, paddingTop, paddingBottom, measureElement } = hook.result.current
    expect(virtualized).toBe(false)
    expect(rows.map(({ item, index }) => [item, index])).toEqual(
      range(20).map((item) => [item, item - 1]),
    )
    expect([paddingTop, paddingBottom, measureElement]).toEqual([0, 0, undefined])
  })

  it('virtualises a list of more than 20 rows', () => {
    const { hook } = setup(range(21))
    expect(hook.result.current.virtualized).toBe(true)
    expect(hook.result.current.measureElement).toBeTypeOf('function')
  })
})
