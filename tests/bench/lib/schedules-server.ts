import { readFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { and, eq, gte, isNotNull, sql } from 'drizzle-orm'
import pg from 'pg'
import { rawSqlOf } from '@server/db/client'
import { PICK_AHEAD_MS } from '@server/modules/schedules/schedules.engine'
import { messages } from '@server/modules/messages/messages.table'
import { buildCompany, buildConnection, buildUser } from '@tests/factories'
import { buildTestApp } from '@tests/helpers/test-app'

/**
 * The server side of schedules.bench.ts, in a process of its own: a test app whose job workers
 * and outbound sender run as in production (default job settings), with a company, a Cloud API
 * connection to the bench's Graph API stand-in and BENCH_SCHEDULE_CONTACTS contacts; PGlite in
 * memory, or a fresh database on DATABASE_URL.
 *
 * Over IPC: 'ready' once built; a 'schedule' request inserts one schedule per contact, all due
 * at `dueAt`, and answers 'scheduled'; 'pick' tells each run of the picker; 'report' answers
 * what was measured from the picker's run that takes the schedules (the first one less than a
 * minute before `dueAt`) until then; 'close' ends the process.
 *
 * Measured from outside the engine, whose code is not changed: the picker and the send job
 * wrapped where the job handlers call them (`services.scheduleEngine`), the messages' times from
 * their table, CPU from /proc.
 */
export interface SchedulesServerReady {
  type: 'ready'
  database: string
  contacts: number
}
export interface PickRan {
  type: 'pick'
  at: number
  ms: number
}
export interface Scheduled {
  type: 'scheduled'
  ms: number
}
/** Times are epoch ms (the messages' by the database's clock, the same machine). */
export interface SchedulesReport {
  type: 'report'
  /** Each run of a `schedules.send` job's handler. */
  sendRuns: { start: number; end: number }[]
  /** The schedules' messages: written, and recorded as sent (null: not sent yet). */
  messages: { written: number; sent: number | null }[]
  /** CPU seconds of this process (PGlite included) in the window, its worst event-loop delay. */
  cpuSeconds: number
  worstLoopDelayMs: number
  /** CPU seconds of this database's PostgreSQL backends in the window (null on PGlite). */
  postgresCpuSeconds: number | null
  /** The window's length, and the CPU seconds the whole machine spent in it (every core). */
  windowSeconds: number
  machineCpuSeconds: number | null
  /** Statements this process sent in the window (pg-boss's included; 0 on PGlite). */
  statements: number
  /**
   * The statements PostgreSQL spent longest on (pg_stat_statements, when it is loaded): the
   * first BENCH_SCHEDULES_STATEMENTS (6).
   */
  topStatements: { query: string; calls: number; totalMs: number }[] | null
}
export type SchedulesRequest =
  { type: 'schedule'; dueAt: number } | { type: 'report' } | { type: 'close' }

const send = (message: SchedulesServerReady | PickRan | Scheduled | SchedulesReport) =>
  process.send!(message)
const contactCount = Number(process.env.BENCH_SCHEDULE_CONTACTS)
const onPostgres = Boolean(process.env.DATABASE_URL)

const t = await buildTestApp({
  config: {
    graph: { apiUrl: process.env.BENCH_GRAPH_URL!, version: process.env.BENCH_GRAPH_VERSION! },
  },
})
const raw = rawSqlOf(t.db)
const company = await buildCompany(t.db, { dueDate: '2099-12-31' })
const agent = await buildUser(t.db, { company, profile: 'admin' })
const connection = await buildConnection(t.db, company, {
  channel: 'whatsappapi',
  status: 'CONNECTED',
  wabaPhoneNumberId: process.env.BENCH_PHONE_NUMBER_ID!,
  wabaAccessTokenSealed: t.services.channels.seal(process.env.BENCH_GRAPH_TOKEN!),
})
await t.db.execute(sql`
  INSERT INTO contacts ("companyId", name, number, channel)
  SELECT ${company.id}, 'Cliente ' || g, (5511900000000 + g)::text, 'whatsapp'
  FROM generate_series(0, ${contactCount - 1}) g`)

// The window opens when the picker runs for the first time less than a minute before the due
// time: that run takes the schedules.
let dueAt = Infinity
let windowOpen = false
const loop = monitorEventLoopDelay({ resolution: 10 })
let cpuAtOpen = process.cpuUsage()
let statements = 0
let statementStats = false
const thisDatabase = '(SELECT oid FROM pg_database WHERE datname = current_database())'

/** CPU seconds the whole machine spent busy so far, every core (Linux /proc/stat). */
function machineCpuSeconds(): number | null {
  try {
    const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n')
    const ticks = cpu!.trim().split(/\s+/).slice(1).map(Number)
    const idle = ticks[3]! + (ticks[4] ?? 0)
    return (ticks.reduce((sum, value) => sum + value, 0) - idle) / 100
  } catch {
    return null
  }
}
let machineAtOpen: number | null = null
let openedAt = 0

/** CPU seconds of a process of this machine (Linux /proc); null when it is gone. */
function cpuSecondsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}
/**
 * This database's backends (the pool closes idle ones, new ones open): each one's CPU when the
 * window opened (0 for one opened since) and when last seen, sampled every second.
 */
const backends = new Map<number, { first: number; last: number }>()
let sampler: NodeJS.Timeout | undefined
async function sampleBackends() {
  const { rows } = await raw.executeSql(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
    [],
  )
  for (const { pid } of rows as { pid: number }[]) {
    const cpu = cpuSecondsOf(pid)
    if (cpu === null) continue
    const seen = backends.get(pid)
    if (seen) seen.last = cpu
    else backends.set(pid, { first: windowOpen ? 0 : cpu, last: cpu })
  }
}

async function openWindow() {
  if (onPostgres) {
    await sampleBackends()
    for (const backend of backends.values()) backend.first = backend.last
    sampler = setInterval(() => void sampleBackends(), 1_000)
    try {
      await raw.executeSql('CREATE EXTENSION IF NOT EXISTS pg_stat_statements', [])
      await raw.executeSql(`SELECT pg_stat_statements_reset(0, ${thisDatabase}, 0)`, [])
      statementStats = true
    } catch {
      statementStats = false
    }
  }
  windowOpen = true
  openedAt = Date.now()
  machineAtOpen = machineCpuSeconds()
  cpuAtOpen = process.cpuUsage()
  statements = 0
  loop.enable()
}

// Every statement to PostgreSQL goes through a pg client's query (the pool's, pg-boss's).
const query = pg.Client.prototype.query
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++
  return (query as (...args: unknown[]) => unknown).apply(this, args)
} as typeof query

const engine = t.services.scheduleEngine
const pick = engine.pick
engine.pick = async () => {
  if (!windowOpen && Date.now() > dueAt - PICK_AHEAD_MS) await openWindow()
  const at = Date.now()
  await pick()
  send({ type: 'pick', at, ms: Date.now() - at })
}
const sendRuns: SchedulesReport['sendRuns'] = []
const sendOne = engine.send
engine.send = async (data, run) => {
  const start = Date.now()
  try {
    await sendOne(data, run)
  } finally {
    if (windowOpen) sendRuns.push({ start, end: Date.now() })
  }
}
// As production starts it (server.ts): the sender of what the schedules write.
await t.services.messages.sender.start()
send({
  type: 'ready',
  database: onPostgres ? 'PostgreSQL' : 'PGlite',
  contacts: contactCount,
})

async function report(): Promise<SchedulesReport> {
  loop.disable()
  clearInterval(sampler)
  const cpu = process.cpuUsage(cpuAtOpen)
  const machine = machineCpuSeconds()
  const windowSeconds = (Date.now() - openedAt) / 1000
  if (onPostgres) await sampleBackends()
  const written = await t.db
    .select({ written: messages.createdAt, sent: messages.updatedAt, status: messages.sendStatus })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, company.id),
        isNotNull(messages.scheduleId),
        gte(messages.createdAt, new Date(dueAt - PICK_AHEAD_MS)),
      ),
    )
  const top = statementStats
    ? (
        await raw.executeSql(
          `SELECT regexp_replace(query, '\\s+', ' ', 'g') AS query, calls, total_exec_time
           FROM pg_stat_statements WHERE dbid = ${thisDatabase}
           ORDER BY total_exec_time DESC LIMIT ${Number(process.env.BENCH_SCHEDULES_STATEMENTS ?? '6')}`,
          [],
        )
      ).rows.map((row) => {
        const { query, calls, total_exec_time } = row as Record<string, string | number>
        return { query: String(query), calls: Number(calls), totalMs: Number(total_exec_time) }
      })
    : null
  return {
    type: 'report',
    sendRuns,
    messages: written.map((row) => ({
      written: row.written.getTime(),
      sent: row.status === 'sent' ? row.sent.getTime() : null,
    })),
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    worstLoopDelayMs: loop.max / 1e6,
    postgresCpuSeconds: onPostgres
      ? [...backends.values()].reduce((sum, { first, last }) => sum + last - first, 0)
      : null,
    windowSeconds,
    machineCpuSeconds: machine === null || machineAtOpen === null ? null : machine - machineAtOpen,
    statements,
    topStatements: top,
  }
}

async function answer(request: SchedulesRequest) {
  if (request.type === 'schedule') {
    const started = Date.now()
    const due = new Date(request.dueAt)
    await t.db.execute(sql`
      INSERT INTO schedules
        ("companyId", body, "sendAt", "baseSendAt", "contactId", "userId", "whatsappId", status)
      SELECT ${company.id}, 'Lembrete da consulta, ' || name, ${due}, ${due}, id, ${agent.id},
             ${connection.id}, 'PENDENTE'
      FROM contacts WHERE "companyId" = ${company.id}`)
    dueAt = request.dueAt
    send({ type: 'scheduled', ms: Date.now() - started })
  } else if (request.type === 'report') {
    send(await report())
  } else {
    await t.services.messages.sender.stop()
    await t.close()
    process.exit(0)
  }
}
process.on('message', (request: SchedulesRequest) => void answer(request))
