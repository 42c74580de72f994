import { describe, expect, it, vi } from 'vitest'
import { RunMarker } from './run-marker'

describe('RunMarker', () => {
  it('tells only the block it leaves and the block it reaches', () => {
    const marker = new RunMarker()
    const a = vi.fn()
    const b = vi.fn()
    const c = vi.fn()
    marker.subscribe('a', a)
    marker.subscribe('b', b)
    marker.subscribe('c', c)

    marker.set('a')
    expect([a.mock.calls.length, b.mock.calls.length, c.mock.calls.length]).toEqual([1, 0, 0])
    expect(marker.isAt('a')).toBe(true)

    marker.set('b')
    expect([a.mock.calls.length, b.mock.calls.length, c.mock.calls.length]).toEqual([2, 1, 0])
    expect([marker.isAt('a'), marker.isAt('b'), marker.get()]).toEqual([false, true, 'b'])

    // The same block again: nobody is told.
    marker.set('b')
    expect(b).toHaveBeenCalledTimes(1)

    marker.set(null)
    expect([a.mock.calls.length, b.mock.calls.length, c.mock.calls.length]).toEqual([2, 2, 0])
    expect(marker.get()).toBeNull()
  })

  it('stops telling a block that unsubscribed', () => {
    const marker = new RunMarker()
    const listener = vi.fn()
    const unsubscribe = marker.subscribe('a', listener)
    unsubscribe()
    marker.set('a')
    expect(listener).not.toHaveBeenCalled()
  })
})
