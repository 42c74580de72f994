import { loadavg } from 'node:os'
import { report } from './stats'

/**
 * One figure of one run. Lower is better unless `higherIsBetter`; the goal is met only when the
 * worst run meets it: a goal met when the machine happens to be idle is not met.
 */
export interface Measured {
  label: string
  value: number
  unit: string
  goal: string
  meets(value: number): boolean
  higherIsBetter?: boolean
  digits?: number
}

const loadAverage = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')

/**
 * Runs a scenario BENCH_RUNS times back to back (3 unless set), printing the load average
 * before each run, then each figure's runs side by side with their median and worst.
 */
export async function consecutiveRuns(runOnce: (run: number) => Promise<Measured[]>) {
  const count = Number(process.env.BENCH_RUNS ?? '3')
  const runs: Measured[][] = []
  const loads: string[] = []
  for (let run = 1; run <= count; run++) {
    loads.push(loadAverage())
    console.log(`\nrun ${run} of ${count} (load average ${loads.at(-1)})`)
    const figures = await runOnce(run)
    for (const figure of figures)
      console.log(`  ${figure.label}: ${figure.value.toFixed(figure.digits ?? 1)}${figure.unit}`)
    runs.push(figures)
  }
  console.log(`\n${count} consecutive runs (load average before each: ${loads.join(' | ')})`)
  for (const [index, first] of runs[0]!.entries()) {
    const values = runs.map((figures) => figures[index]!.value)
    const sorted = [...values].sort((a, b) => a - b)
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!
    const worst = first.higherIsBetter ? sorted[0]! : sorted.at(-1)!
    const shown = (value: number) => `${value.toFixed(first.digits ?? 0)}${first.unit}`
    report(
      first.label,
      `${values.map(shown).join(' / ')}  median ${shown(median)}  worst ${shown(worst)}`,
      first.goal,
      first.meets(worst),
    )
  }
}
