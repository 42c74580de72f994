import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { availableParallelism, loadavg } from 'node:os'
import { startFakeGraph } from '@tests/helpers/fake-graph'
import { bundleBenchServer, forkBenchServer } from './lib/bench-server'
import { recordReceipts, standInLatency, tally } from './lib/graph-receipts'
import type {
  PickRan,
  Scheduled,
  SchedulesReport,
  SchedulesRequest,
  SchedulesServerReady,
} from './lib/schedules-server'
import { report, summarise } from './lib/stats'

/**
 * Issue 19: "10,000 schedules due in the same minute are all sent within that minute on one
 * instance". Real clock, real server code: the server runs bundled in a process of its own
 * (lib/schedules-server.ts: its job workers and outbound sender as in production, default job
 * settings) on a fresh database on DATABASE_URL, or on PGlite; the Graph API stand-in runs in
 * this process and stamps each Cloud API message it receives (lib/graph-receipts.ts).
 *
 * BENCH_SCHEDULES schedules (10,000; one per contact, all on one Cloud API connection) are
 * inserted due at the start of a minute at least 65 s ahead, so that the picker (a pg-boss
 * cron, once a minute at whatever second its cron lands) takes them in the minute before, as it
 * takes schedules saved long before. Measured: the time from the minute's start to the last
 * message at the stand-in (goal ≤ 60 s), the rate, duplicates and numbers that got nothing (0),
 * and the CPU of the server, its PostgreSQL backends and the whole machine from the picker's
 * run that took them to the end. The bench waits up to BENCH_SCHEDULES_WAIT_S (120) after the
 * minute's start, and lists the BENCH_SCHEDULES_STATEMENTS (6) statements PostgreSQL spent
 * longest on. PGlite (one thread for the server and its database) sends about 50 a second:
 * give it BENCH_SCHEDULES=2500 for a minute's worth. BENCH_PROFILE_DIR writes the server's CPU
 * profile.
 */
const COUNT = Number(process.env.BENCH_SCHEDULES ?? '10000')
const WAIT_S = Number(process.env.BENCH_SCHEDULES_WAIT_S ?? '120')
const PHONE_NUMBER_ID = '1000000030'
const TOKEN = 'bench-graph-token'
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const seconds = (ms: number) => `${ms >= 0 ? '+' : ''}${(ms / 1000).toFixed(1)} s`
const count = (value: number) => value.toLocaleString('en')
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')
const loadAtStart = load()

const graph = await startFakeGraph()
graph.addPhoneNumber(PHONE_NUMBER_ID, { token: TOKEN, displayPhoneNumber: '+55 11 4000-0030' })
const latency = await standInLatency(graph)
const receipts = recordReceipts(graph, PHONE_NUMBER_ID)
const server: ChildProcess = forkBenchServer(await bundleBenchServer('schedules-server'), {
  ...process.env,
  BENCH_GRAPH_URL: graph.url,
  BENCH_GRAPH_VERSION: graph.version,
  BENCH_GRAPH_TOKEN: TOKEN,
  BENCH_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
  BENCH_SCHEDULE_CONTACTS: String(COUNT),
})
let closing = false
server.once('exit', (code, signal) => {
  if (closing) return
  console.error(`the server process ended (${code ?? signal}) before the bench did`)
  process.exit(1)
})
/** The minute's start the schedules are due at (epoch ms), once chosen. */
let due = Infinity
const picks: PickRan[] = []
const waiting = new Map<string, (message: unknown) => void>()
let benchCpuAtPick = process.cpuUsage()
server.on('message', (message: { type: string }) => {
  if (message.type === 'pick') {
    const pick = message as PickRan
    if (picks.every((earlier) => earlier.at <= due - 60_000) && pick.at > due - 60_000)
      benchCpuAtPick = process.cpuUsage()
    picks.push(pick)
  }
  waiting.get(message.type)?.(message)
})
const ask = <T>(request: SchedulesRequest | null, type: string) =>
  new Promise<T>((resolve) => {
    waiting.set(type, (message) => resolve(message as T))
    if (request) server.send(request)
  })

try {
  const ready = await ask<SchedulesServerReady>(null, 'ready')
  due = Math.ceil((Date.now() + 65_000) / 60_000) * 60_000
  const scheduled = await ask<Scheduled>({ type: 'schedule', dueAt: due }, 'scheduled')
  console.log(
    `${ready.database}: ${count(COUNT)} schedules inserted in ${scheduled.ms} ms, one per contact ` +
      `on one Cloud API connection, due at ${new Date(due).toISOString()}`,
  )
  while (Date.now() < due - 5_000) await pause(100)
  console.log(`load average at the start: ${loadAtStart}; 5 s before the minute: ${load()}`)
  while (receipts.length < COUNT && Date.now() < due + WAIT_S * 1000) await pause(100)
  const result = await ask<SchedulesReport>({ type: 'report' }, 'report')

  const taking = picks.find((pick) => pick.at > due - 60_000)
  if (taking)
    console.log(
      `picker: ran ${seconds(taking.at - due)} from the minute's start, for ${taking.ms} ms` +
        (taking.at > due ? ' (after it: the schedules were taken late)' : ''),
    )
  const runs = result.sendRuns
  if (runs.length > 0) {
    const durations = summarise(runs.map((run) => run.end - run.start))
    console.log(
      `send jobs: ${count(runs.length)} runs from ${seconds(Math.min(...runs.map((run) => run.start)) - due)} ` +
        `to ${seconds(Math.max(...runs.map((run) => run.end)) - due)}, each p50 ${durations.p50} ms, ` +
        `longest ${Math.max(...runs.map((run) => run.end - run.start))} ms`,
    )
  }
  const lags = result.messages.flatMap((message) =>
    message.sent === null ? [] : [message.sent - message.written],
  )
  const lagStats = summarise(lags)
  console.log(
    `outbound sender: written → recorded as sent p50 ${seconds(lagStats.p50)}, p95 ${seconds(lagStats.p95)}; ` +
      `the stand-in answers in ${latency.p50.toFixed(2)} ms (p50, alone)`,
  )
  // Per 10 s from the minute's start: where the pipeline is.
  const buckets = new Map<number, { written: number; received: number }>()
  const bucket = (at: number) => {
    const key = Math.floor((at - due) / 10_000)
    const entry = buckets.get(key) ?? { written: 0, received: 0 }
    buckets.set(key, entry)
    return entry
  }
  for (const message of result.messages) bucket(message.written).written++
  for (const receipt of receipts) bucket(receipt.at).received++
  console.log('per 10 s from the minute’s start: messages written / received by the stand-in')
  for (const [key, entry] of [...buckets].sort(([a], [b]) => a - b))
    console.log(
      `  ${String(key * 10).padStart(4)}–${String(key * 10 + 10).padEnd(4)} s: ` +
        `${String(entry.written).padStart(6)} / ${String(entry.received).padStart(6)}`,
    )
  const postgres = result.postgresCpuSeconds
  const standIn = process.cpuUsage(benchCpuAtPick)
  const sent = Math.max(receipts.length, 1)
  console.log(
    `CPU from the picker's run to the end (${result.windowSeconds.toFixed(0)} s): ` +
      `server ${result.cpuSeconds.toFixed(1)} s` +
      (postgres === null
        ? ' (PGlite included)'
        : `, its PostgreSQL backends ${postgres.toFixed(1)} s`) +
      `, the stand-in (this process) ${((standIn.user + standIn.system) / 1e6).toFixed(1)} s` +
      (result.machineCpuSeconds === null
        ? ''
        : `; the whole machine ${result.machineCpuSeconds.toFixed(1)} s of ` +
          `${(result.windowSeconds * availableParallelism()).toFixed(0)} (other work included)`),
  )
  console.log(
    `  per message: server and PostgreSQL ${(((result.cpuSeconds + (postgres ?? 0)) / sent) * 1000).toFixed(2)} ms` +
      (result.statements ? `, ${(result.statements / sent).toFixed(1)} statements` : '') +
      `; the server's worst event-loop delay ${result.worstLoopDelayMs.toFixed(0)} ms`,
  )
  if (result.topStatements) {
    console.log('PostgreSQL execution time (pg_stat_statements), longest:')
    for (const row of result.topStatements)
      console.log(
        `  ${(row.totalMs / 1000).toFixed(1).padStart(6)} s ${String(row.calls).padStart(7)} calls  ` +
          row.query.slice(0, 90),
      )
  }

  const first = receipts[0]?.at ?? NaN
  const last = receipts.at(-1)?.at ?? NaN
  const rate = receipts.length / ((last - due) / 1000)
  const { duplicated, missing } = tally(
    receipts,
    Array.from({ length: COUNT }, (_, index) => String(5511900000000 + index)),
  )
  const inTime = receipts.filter((receipt) => receipt.at < due + 60_000).length
  report('first message at the stand-in', `${seconds(first - due)}`, 'reported only', true)
  report(
    'last message at the stand-in',
    missing.length === 0
      ? seconds(last - due)
      : `not by ${seconds(WAIT_S * 1000)}: ${count(missing.length)} missing`,
    '≤ +60.0 s from the minute’s start',
    missing.length === 0 && last - due <= 60_000,
  )
  report('sent within the minute', `${count(inTime)} of ${count(COUNT)}`, 'all', inTime === COUNT)
  report(
    'rate, from the minute’s start to the last',
    `${rate.toFixed(0)}/s`,
    `≥ ${Math.ceil(COUNT / 60)}/s`,
    rate >= COUNT / 60,
  )
  report(
    'duplicates, missing',
    `${duplicated.length}, ${count(missing.length)}`,
    '0, 0',
    duplicated.length === 0 && missing.length === 0,
  )
} finally {
  closing = true
  const exited = once(server, 'exit')
  if (server.connected) server.send({ type: 'close' } satisfies SchedulesRequest)
  await exited
  await graph.close()
}
