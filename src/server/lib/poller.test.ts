import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createPoller, type PollerLog } from './poller'

const silent: PollerLog = { error: () => {} }

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

/** A round that stays open until the test lets it finish. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

describe('createPoller', () => {
  test('runs at start, then every interval after a round ends', async () => {
    const run = vi.fn(async () => {})
    const poller = createPoller({ name: 'test', intervalMs: 1_000, run, log: silent })
    poller.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(run).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(run).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(run).toHaveBeenCalledTimes(2)
    await poller.stop()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(run).toHaveBeenCalledTimes(2)
  })

  test('rounds never overlap; kicks during a round coalesce into one more round', async () => {
    const first = gate()
    let active = 0
    let most = 0
    const run = vi.fn(async () => {
      active += 1
      most = Math.max(most, active)
      if (run.mock.calls.length === 1) await first.opened
      active -= 1
    })
    const poller = createPoller({ name: 'test', intervalMs: 60_000, run, log: silent })
    const kicked = poller.kick()
    void poller.kick()
    void poller.kick()
    first.open()
    await kicked
    expect(run).toHaveBeenCalledTimes(2)
    expect(most).toBe(1)
  })

  test('a kick without start runs one round and schedules nothing', async () => {
    const run = vi.fn(async () => {})
    const poller = createPoller({ name: 'test', intervalMs: 1_000, run, log: silent })
    await poller.kick()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(run).toHaveBeenCalledTimes(1)
  })

  test('a failed round is logged with the poller name and the next one waits by the backoff table', async () => {
    const log = { error: vi.fn() }
    const run = vi.fn(async (): Promise<void> => {
      throw new Error('database away')
    })
    const poller = createPoller({
      name: 'outbound sweep',
      intervalMs: 100,
      run,
      log,
      backoffMs: [1_000, 4_000],
    })
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    poller.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(log.error).toHaveBeenCalledWith(
      { err: expect.any(Error), poller: 'outbound sweep' },
      'background round failed',
    )
    // First failure: 1 s, stretched by a tenth here (up to a fifth at random).
    await vi.advanceTimersByTimeAsync(1_099)
    expect(run).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(run).toHaveBeenCalledTimes(2)
    // Second failure and after: 4 s (4.4 s).
    await vi.advanceTimersByTimeAsync(4_399)
    expect(run).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(run).toHaveBeenCalledTimes(3)
    run.mockImplementation(async () => {})
    await vi.advanceTimersByTimeAsync(4_400)
    expect(run).toHaveBeenCalledTimes(4)
    // Success resets the pause to the interval.
    await vi.advanceTimersByTimeAsync(100)
    expect(run).toHaveBeenCalledTimes(5)
    await poller.stop()
  })

  test('stop waits for the running round and refuses later kicks', async () => {
    const round = gate()
    let finished = false
    const run = vi.fn(async () => {
      await round.opened
      finished = true
    })
    const poller = createPoller({ name: 'test', intervalMs: 1_000, run, log: silent })
    poller.start()
    const stopped = poller.stop()
    void poller.kick()
    round.open()
    await stopped
    expect(finished).toBe(true)
    await poller.kick()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(run).toHaveBeenCalledTimes(1)
  })
})
