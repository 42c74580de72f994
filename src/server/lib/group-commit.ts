/**
 * Writes asked for while one is in flight go together in the next one: under load many callers
 * share a statement (a group commit), and each caller is answered only once its own items are
 * written. When a shared write fails, its callers' items are written one caller at a time, so
 * one bad item fails only its own caller.
 *
 * With `spacingMs`, writes start at least that far apart: under a steady stream, callers of the
 * next few milliseconds gather into one write instead of each taking a round trip of its own
 * (a write after a quiet spell still starts at once).
 */
export function groupCommit<T>(
  write: (items: T[]) => Promise<void>,
  { maxItems = 500, spacingMs = 0 }: { maxItems?: number; spacingMs?: number } = {},
) {
  interface Waiting {
    items: T[]
    resolve(): void
    reject(error: unknown): void
  }
  let queue: Waiting[] = []
  let running = false
  let lastStart = -Infinity

  async function settle(group: Waiting[]) {
    try {
      await write(group.flatMap((waiting) => waiting.items))
      for (const waiting of group) waiting.resolve()
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error)
      for (const waiting of group) await settle([waiting])
    }
  }

  async function run() {
    running = true
    while (queue.length > 0) {
      if (spacingMs > 0) {
        // A monotonic clock, and never more than the spacing: a clock set back (tests fake the
        // date) must not hold the queue.
        const wait = Math.min(spacingMs, lastStart + spacingMs - performance.now())
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
        lastStart = performance.now()
      }
      let count = 0
      const over = queue.findIndex((waiting) => (count += waiting.items.length) > maxItems)
      // A caller with more than maxItems items still goes, alone.
      const group = queue.slice(0, over === -1 ? queue.length : Math.max(over, 1))
      queue = queue.slice(group.length)
      await settle(group)
    }
    running = false
  }

  return (items: T[]): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      queue.push({ items, resolve, reject })
      if (!running) void run()
    })
}
