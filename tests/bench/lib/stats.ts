/** Percentiles and the one line format every benchmark prints: figure, then its goal. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

export function summarise(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b)
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) }
}

export function report(label: string, figure: string, goal: string, met: boolean) {
  console.log(`${met ? '✔' : '✘'} ${label.padEnd(48)} ${figure.padEnd(34)} goal: ${goal}`)
}

/** Runs `call` `rounds` times with `concurrency` callers; answers each call's latency in ms. */
export async function timed(
  rounds: number,
  concurrency: number,
  call: (round: number) => Promise<void>,
): Promise<number[]> {
  const times: number[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < rounds) {
        const round = next++
        const started = performance.now()
        await call(round)
        times.push(performance.now() - started)
      }
    }),
  )
  return times
}
