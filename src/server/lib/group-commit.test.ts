import { afterEach, describe, expect, test, vi } from 'vitest'
import { groupCommit } from './group-commit'

describe('groupCommit', () => {
  test('callers arriving during a write share the next one, and each waits for its own', async () => {
    const writes: number[][] = []
    let release: () => void = () => {}
    const write = groupCommit<number>(async (items) => {
      writes.push(items)
      if (writes.length === 1) await new Promise<void>((resolve) => (release = resolve))
    })
    const settled: number[] = []
    const first = write([1]).then(() => settled.push(1))
    const second = write([2, 3]).then(() => settled.push(2))
    const third = write([4]).then(() => settled.push(4))
    await Promise.resolve()
    expect(settled).toEqual([])
    release()
    await Promise.all([first, second, third])
    expect(writes).toEqual([[1], [2, 3, 4]])
    expect(settled).toEqual([1, 2, 4])
  })

  test('a failed shared write is retried caller by caller: only the bad one fails', async () => {
    let release: () => void = () => {}
    let calls = 0
    const write = groupCommit<string>(async (items) => {
      calls += 1
      if (calls === 1) await new Promise<void>((resolve) => (release = resolve))
      if (items.includes('bad')) throw new Error('refused')
    })
    const first = write(['a'])
    const good = write(['b'])
    const bad = write(['bad'])
    release()
    await expect(first).resolves.toBeUndefined()
    await expect(good).resolves.toBeUndefined()
    await expect(bad).rejects.toThrow('refused')
  })

  test('a group holds at most maxItems items', async () => {
    const writes: number[][] = []
    let release: () => void = () => {}
    const write = groupCommit<number>(
      async (items) => {
        writes.push(items)
        if (writes.length === 1) await new Promise<void>((resolve) => (release = resolve))
      },
      { maxItems: 3 },
    )
    const all = [write([0]), write([1, 2]), write([3]), write([4, 5, 6, 7]), write([8])]
    release()
    await Promise.all(all)
    expect(writes).toEqual([[0], [1, 2, 3], [4, 5, 6, 7], [8]])
  })

  test('a date set forward and back again (as tests fake it) holds no write', async () => {
    const writes: number[][] = []
    const paced = groupCommit<number>(async (items) => void writes.push(items), { spacingMs: 5 })
    const plain = groupCommit<number>(async (items) => void writes.push(items))
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 3_600_000)
    await Promise.all([paced([1]), plain([2])])
    vi.useRealTimers()
    await Promise.all([paced([3]), plain([4])])
    expect(writes.flat().sort()).toEqual([1, 2, 3, 4])
  })

  describe('with spacing', () => {
    afterEach(() => vi.useRealTimers())

    test('the first write starts at once; the callers of the next few milliseconds share one', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
      const writes: number[][] = []
      const write = groupCommit<number>(async (items) => void writes.push(items), {
        spacingMs: 5,
      })
      const first = write([1])
      await vi.advanceTimersByTimeAsync(0)
      expect(writes).toEqual([[1]])
      await first
      const later = [write([2]), write([3])]
      await vi.advanceTimersByTimeAsync(2)
      const last = write([4])
      expect(writes).toEqual([[1]])
      await vi.advanceTimersByTimeAsync(3)
      await Promise.all([...later, last])
      expect(writes).toEqual([[1], [2, 3, 4]])

      // After a quiet spell longer than the spacing, a write starts at once again.
      await vi.advanceTimersByTimeAsync(50)
      const alone = write([5])
      await vi.advanceTimersByTimeAsync(0)
      await alone
      expect(writes.at(-1)).toEqual([5])
    })
  })
})
