/** Where a poller reports a failed round. */
export interface PollerLog {
  error(object: { err: unknown; poller: string }, message: string): void
}

export interface PollerOptions {
  /** Names the loop in the log. */
  name: string
  /** Pause between the end of one round and the start of the next. */
  intervalMs: number
  /** One round of work. A failure is logged and the next round waits longer (see `backoff`). */
  run: () => Promise<void>
  log: PollerLog
  /**
   * Pauses after 1, 2, 3… failed rounds in a row (the last one repeats), each stretched by up to
   * a fifth at random so that instances that failed together do not retry together.
   */
  backoffMs?: readonly number[]
}

export interface Poller {
  /** Runs a round now, then one every `intervalMs` until `stop()`. */
  start(): void
  /**
   * Runs a round now, or once more right after the running one (work arrived meanwhile).
   * Resolves when that round is over; never rejects. Works without `start()` (tests drive a
   * poller by kicks alone); after `stop()` it does nothing.
   */
  kick(): Promise<void>
  /** No more rounds, kicked or timed; resolves when the running one is over. */
  stop(): Promise<void>
}

const DEFAULT_BACKOFF_MS = [1_000, 5_000, 30_000] as const

/**
 * One small loop for background work that is not a job (ARCHITECTURE.md, background work): the
 * inbound drain, the ordered sender's sweep, the WhatsApp adopt sweep. Rounds never overlap;
 * kicks during a round coalesce into one more round; timers do not keep the process alive.
 */
export function createPoller(options: PollerOptions): Poller {
  const backoff = options.backoffMs ?? DEFAULT_BACKOFF_MS
  let state: 'idle' | 'started' | 'stopped' = 'idle'
  let timer: ReturnType<typeof setTimeout> | null = null
  let current: Promise<void> | null = null
  let again = false
  let failures = 0

  function schedule() {
    if (state !== 'started') return
    const base =
      failures === 0 ? options.intervalMs : backoff[Math.min(failures, backoff.length) - 1]!
    const delay = failures === 0 ? base : base * (1 + Math.random() / 5)
    timer = setTimeout(() => {
      timer = null
      void kick()
    }, delay)
    timer.unref?.()
  }

  async function rounds() {
    do {
      again = false
      try {
        await options.run()
        failures = 0
      } catch (err) {
        failures += 1
        options.log.error({ err, poller: options.name }, 'background round failed')
        // A failed round is not repeated at once, even when kicked meanwhile.
        again = false
      }
    } while (again && state !== 'stopped')
  }

  function kick(): Promise<void> {
    if (state === 'stopped') return current ?? Promise.resolve()
    if (current) {
      again = true
      return current
    }
    if (timer) clearTimeout(timer)
    timer = null
    current = rounds().finally(() => {
      current = null
      schedule()
    })
    return current
  }

  return {
    start() {
      if (state === 'started') return
      state = 'started'
      void kick()
    },
    kick,
    async stop() {
      state = 'stopped'
      if (timer) clearTimeout(timer)
      timer = null
      await current
    },
  }
}
