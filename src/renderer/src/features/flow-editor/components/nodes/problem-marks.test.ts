import { describe, expect, it, vi } from 'vitest'
import type { FlowProblem } from '@shared/contracts/flows'
import { ProblemMarks } from './problem-marks'

const problem = (code: FlowProblem['problem'], nodeId: string): FlowProblem => ({
  problem: code,
  nodeId,
})

describe('ProblemMarks', () => {
  it('tells only the blocks whose problems changed', () => {
    const marks = new ProblemMarks()
    const a = vi.fn()
    const b = vi.fn()
    marks.subscribe('a', a)
    marks.subscribe('b', b)
    marks.set(new Map([['a', [problem('emptyText', 'a')]]]))
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([1, 0])
    const first = marks.get('a')

    // The same problems again: nobody is told, and the block reads the same array.
    marks.set(new Map([['a', [problem('emptyText', 'a')]]]))
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([1, 0])
    expect(marks.get('a')).toBe(first)

    marks.set(new Map([['b', [problem('noQueue', 'b')]]]))
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([2, 1])
    expect(marks.get('a')).toEqual([])
  })

  it('stops telling a block that unsubscribed', () => {
    const marks = new ProblemMarks()
    const listener = vi.fn()
    const unsubscribe = marks.subscribe('a', listener)
    unsubscribe()
    marks.set(new Map([['a', [problem('emptyText', 'a')]]]))
    expect(listener).not.toHaveBeenCalled()
  })
})
