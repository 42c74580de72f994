import { describe, expect, test } from 'vitest'
import type { ThreadTaskProbe } from '@tests/helpers/thread-task.worker'
import { AppError } from './app-error'
import { threadTask } from './thread-task'

const overrun = () => new Error('overrun')
const probeTask = (limits: { timeoutMs: number; maxHeapMb: number }) =>
  threadTask<ThreadTaskProbe, unknown>({
    from: import.meta.url,
    worker: '../../../tests/helpers/thread-task.worker',
    overrun,
    ...limits,
  })

describe('a task on a worker thread', () => {
  test('answers its output, or its error with the catalogue code it carried', async () => {
    const run = probeTask({ timeoutMs: 20_000, maxHeapMb: 64 })
    await expect(run({ kind: 'echo', text: 'olá' })).resolves.toBe('OLÁ')
    const refused = await run({ kind: 'appError' }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(AppError)
    expect((refused as AppError).code).toBe('ERR_SHEET_TOO_MANY_ROWS')
    await expect(run({ kind: 'crash' })).rejects.toThrow('broken on purpose')
    // One at a time: the second waits for the first to end.
    const [first, second] = (await Promise.all([
      run({ kind: 'busy', ms: 200 }),
      run({ kind: 'busy', ms: 200 }),
    ])) as [number, number][]
    expect(second![0]).toBeGreaterThanOrEqual(first![1])
  })

  test('that outlives its time or its heap answers the overrun, and the next one runs', async () => {
    // The time counts from the task's start, the thread's own start included (a second or so
    // through tsx).
    const run = probeTask({ timeoutMs: 6_000, maxHeapMb: 64 })
    await expect(run({ kind: 'busy', ms: 60_000 })).rejects.toThrow('overrun')
    await expect(run({ kind: 'echo', text: 'a' })).resolves.toBe('A')
    await expect(run({ kind: 'exhaustHeap' })).rejects.toThrow('overrun')
    await expect(run({ kind: 'echo', text: 'b' })).resolves.toBe('B')
  })
})
