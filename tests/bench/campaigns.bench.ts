import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { TZDate } from '@date-fns/tz'
import { and, eq, sql } from 'drizzle-orm'
import type { CampaignDto, CampaignSettings } from '@shared/contracts/campaigns'
import { rawSqlOf, type Database } from '@server/db/client'
import type { JobName, JobPayloads } from '@server/jobs/catalogue'
import type { JobRun } from '@server/jobs/engine'
import { createSecretBox } from '@server/lib/secret-box'
import { createTokenService } from '@server/lib/tokens'
import { gapSeconds, JITTER } from '@server/modules/campaigns/campaigns.pacing'
import { campaigns } from '@server/modules/campaigns/campaigns.table'
import { contactLists } from '@server/modules/contact-lists/contact-lists.table'
import { messages } from '@server/modules/messages/messages.table'
import { buildCompany, buildConnection, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { startFakeGraph, type FakeGraph } from '@tests/helpers/fake-graph'
import { processSecrets } from '@tests/helpers/server-process-runner'
import { buildTestApp, freshDatabase } from '@tests/helpers/test-app'
import { bundleBenchServer, forkBenchServer } from './lib/bench-server'
import { installFakeClock } from './lib/fake-clock'
import { recordReceipts, standInLatency, tally, type Receipt } from './lib/graph-receipts'
import type { OutboundServerReady } from './lib/outbound-server'
import { report, summarise } from './lib/stats'

/**
 * The campaign engine (issue 19), two scenarios; BENCH_CAMPAIGN=pacing or =restart runs one.
 *
 * Pacing, on a fake clock, in this process (PGlite, or DATABASE_URL): 1,000 recipients at 20 s,
 * 60 s after 50 messages, window 09:00–18:00 without weekends, started on a Thursday at 14:00 in
 * the company's time zone, so that it crosses two evenings and a weekend. As in
 * campaigns.engine.test.ts, the jobs are due in the fake future, out of the workers' reach:
 * each is run by hand at its time, and the connection's outbound sender sends its message to the
 * Graph API stand-in over real HTTP before the next job runs. Gaps are measured between the
 * stand-in's receipts, on the fake clock.
 *
 * Restart, real clock, PostgreSQL only: the server as production runs it (bundled, its own
 * process, default job settings), 1,000 recipients at interval 0 through a Cloud API connection
 * to the stand-in in this process. A clean run first (its rate), then a run whose server is
 * killed (SIGKILL) after about 300 receipts and started again on the same database. As Meta
 * does, the stand-in reports each message it took on the connection's webhook, again until the
 * server takes the report: the report names the message, so the new process recognises a send
 * whose answer the kill lost instead of sending it again.
 */
const SCENARIO = process.env.BENCH_CAMPAIGN ?? 'all'
const RECIPIENTS = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? '1000')
/**
 * The clean run is measured for BENCH_RATE_SECONDS and then cancelled; the run with a kill has
 * BENCH_RESTART_RECIPIENTS recipients (the issue's 1,000, killed after 300 by default).
 */
const RATE_SECONDS = Number(process.env.BENCH_RATE_SECONDS ?? '30')
const RESTART_RECIPIENTS = Number(process.env.BENCH_RESTART_RECIPIENTS ?? '1000')
const KILL_AFTER = Number(
  process.env.BENCH_RESTART_KILL_AFTER ?? String(Math.round(RESTART_RECIPIENTS * 0.3)),
)
/**
 * The kill lands this long after the stand-in received message KILL_AFTER. 0 (the default): as
 * it answers, before the server can record that the message went out, the hardest moment for
 * duplicates; a few hundred ms: between two sends.
 */
const KILL_DELAY_MS = Number(process.env.BENCH_KILL_DELAY_MS ?? '0')
const TOKEN = 'bench-graph-token'
const BUSINESS_ACCOUNT = 'bench-waba'
const APP_SECRET = 'bench-app-secret'
/**
 * The recipients never wrote to the number: outside the 24-hour window the Cloud API takes only
 * an approved template, which the campaigns send.
 */
const TEMPLATE = {
  templateName: 'boas_vindas',
  templateLanguage: 'pt_BR',
  templateParams: ['{nome}'],
}
const approvedTemplate = (graph: FakeGraph) =>
  graph.addTemplates(BUSINESS_ACCOUNT, TOKEN, [
    {
      name: TEMPLATE.templateName,
      language: TEMPLATE.templateLanguage,
      status: 'APPROVED',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Olá {{1}}, temos novidades!' }],
    },
  ])
const TIME_ZONE = 'America/Sao_Paulo'
/** Thursday 4 March 2027, 14:00 in São Paulo (no daylight saving time since 2019). */
const THURSDAY_14H = Date.parse('2027-03-04T17:00:00Z')
const numberOf = (index: number) => String(5511900000000 + index)
const databaseName = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'

/** The list's items, in one statement: names sort as the numbers do. */
async function fillList(
  db: Database,
  companyId: number,
  contactListId: number,
  recipients: number,
) {
  await db.execute(sql`
    INSERT INTO contact_list_items ("companyId", "contactListId", name, number)
    SELECT ${companyId}, ${contactListId}, 'Pessoa ' || lpad(g::text, 5, '0'),
           (5511900000000 + g)::text
    FROM generate_series(0, ${recipients - 1}) g`)
}

const queuedOf = async (db: Database, companyId: number) => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.sendStatus, 'queued')))
  return row!.count
}

const statusOf = async (db: Database, campaignId: number) => {
  const [row] = await db
    .select({ status: campaigns.status })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
  return row!.status
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// ---------------------------------------------------------------------------------------------
// Pacing on a fake clock.

interface DueJob {
  id: string
  name: JobName
  data: JobPayloads[JobName]
  startAfter: Date
}

const PACING: Partial<CampaignSettings> = {
  messageInterval: 20,
  longerIntervalAfter: 50,
  greaterInterval: 60,
  sabado: false,
  domingo: false,
  startHour: '09:00',
  endHour: '18:00',
}

async function pacing() {
  console.log(
    `\npacing on a fake clock: ${RECIPIENTS} recipients, 20 s, 60 s after 50 messages, ` +
      `09:00–18:00 without weekends, from Thursday 14:00 (${TIME_ZONE}); ${databaseName}`,
  )
  const phoneNumberId = '1000000019'
  const graph = await startFakeGraph()
  approvedTemplate(graph)
  graph.addPhoneNumber(phoneNumberId, { token: TOKEN, displayPhoneNumber: '+55 11 4000-0019' })
  const t = await buildTestApp({ config: { graph: { apiUrl: graph.url, version: graph.version } } })
  // Sends follow the engine's kicks; the sweep stays out of the way, as in the engine's tests.
  await t.services.messages.sender.start({ tickMs: 3_600_000 })
  // The jobs are run here, by hand. PGlite's now() reads this process's clock, the fake one, so
  // its workers would see them due too: they stop (sending jobs still works).
  await t.deps.jobs.stop()
  const clock = installFakeClock(THURSDAY_14H)
  const started = performance.now()
  try {
    const receipts = recordReceipts(graph, phoneNumberId)
    const company = await buildCompany(t.db, { timezone: TIME_ZONE })
    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const headers = await loginAs(t.app, admin)
    const connection = await buildConnection(t.db, company, {
      channel: 'whatsappapi',
      status: 'CONNECTED',
      wabaPhoneNumberId: phoneNumberId,
      wabaBusinessAccountId: BUSINESS_ACCOUNT,
      wabaAccessTokenSealed: t.services.channels.seal(TOKEN),
    })
    const [list] = await t.db
      .insert(contactLists)
      .values({ companyId: company.id, name: 'Clientes' })
      .returning()
    await fillList(t.db, company.id, list!.id, RECIPIENTS)
    const post = async (url: string, payload: object) => {
      const response = await t.app.inject({ method: 'POST', url, headers, payload })
      if (response.statusCode !== 200)
        throw new Error(`${url}: ${response.statusCode} ${response.body}`)
      return response
    }
    await post('/campaign-settings', { settings: PACING })
    const campaign = (
      await post('/campaigns', {
        name: 'Pacing',
        whatsappId: connection.id,
        contactListId: list!.id,
        message1: 'Olá {nome}!',
        ...TEMPLATE,
        scheduledAt: new Date().toISOString(),
      })
    ).json<CampaignDto>()

    const jobs = rawSqlOf(t.db)
    const nextJob = async (): Promise<DueJob | null> => {
      const { rows } = await jobs.executeSql(
        `SELECT id, name, data, start_after AS "startAfter" FROM pgboss.job
         WHERE name LIKE 'campaigns.%' AND state = 'created' AND (data->>'companyId')::int = $1
         ORDER BY start_after, created_on LIMIT 1`,
        [company.id],
      )
      return (rows[0] as DueJob | undefined) ?? null
    }
    const run: JobRun = {
      id: 'bench',
      retryCount: 0,
      lastTry: false,
      expireInSeconds: 60,
      signal: new AbortController().signal,
    }
    const engine = t.services.campaignEngine
    const ran = { start: 0, dispatch: 0, idle: 0 }
    for (;;) {
      const job = await nextJob()
      if (!job) break
      clock.advanceTo(new Date(job.startAfter).getTime())
      await jobs.executeSql(`UPDATE pgboss.job SET state = 'active' WHERE id = $1`, [job.id])
      const before = receipts.length
      if (job.name === 'campaigns.start') {
        ran.start++
        await engine.start(job.data as JobPayloads['campaigns.start'])
      } else if (job.name === 'campaigns.dispatch') {
        ran.dispatch++
        await engine.dispatch(job.data as JobPayloads['campaigns.dispatch'], run)
      } else throw new Error(`unexpected job ${job.name}`)
      await jobs.executeSql(`UPDATE pgboss.job SET state = 'completed' WHERE id = $1`, [job.id])
      // The message reaches the stand-in before the next job runs.
      await t.services.messages.sender.idle()
      while ((await queuedOf(t.db, company.id)) > 0) await pause(5)
      if (job.name === 'campaigns.dispatch' && receipts.length === before) ran.idle++
    }
    const status = await statusOf(t.db, campaign.id)
    const seconds = (performance.now() - started) / 1000
    summarisePacing(receipts, ran, status, seconds)
  } finally {
    clock.restore()
    await t.services.messages.sender.stop()
    await t.close()
    await graph.close()
  }
}

function summarisePacing(
  receipts: Receipt[],
  ran: { start: number; dispatch: number; idle: number },
  status: string,
  seconds: number,
) {
  const settings = { ...PACING } as CampaignSettings
  const local = (at: number) => new TZDate(at, TIME_ZONE)
  const dayOf = (at: number) => local(at).toISOString().slice(0, 10)
  const { reached, duplicated, missing } = tally(
    receipts,
    Array.from({ length: RECIPIENTS }, (_, index) => numberOf(index)),
  )
  // Gap k is between receipts k-1 and k: k messages had gone out, so its configured gap is
  // gapSeconds(k). A gap across a closed window (evening, weekend) is counted apart.
  const stretches = new Map<number, { gaps: number[]; crossings: number }>()
  let violations = 0
  const worst: string[] = []
  for (let k = 1; k < receipts.length; k++) {
    const configured = gapSeconds(settings, k)
    const gap = (receipts[k]!.at - receipts[k - 1]!.at) / 1000
    const stretch = stretches.get(configured) ?? { gaps: [], crossings: 0 }
    stretches.set(configured, stretch)
    if (gap < configured) {
      violations++
      if (worst.length < 5) worst.push(`#${k} ${gap.toFixed(3)} s < ${configured} s`)
    }
    if (dayOf(receipts[k]!.at) !== dayOf(receipts[k - 1]!.at)) stretch.crossings++
    else stretch.gaps.push(gap)
  }
  const outside = receipts.filter(({ at }) => {
    const time = local(at)
    const minutes = time.getHours() * 60 + time.getMinutes()
    const weekend = time.getDay() === 0 || time.getDay() === 6
    return weekend || minutes < 9 * 60 || minutes >= 18 * 60
  })
  const perDay = new Map<string, { count: number; first: number; last: number }>()
  for (const { at } of receipts) {
    const day = perDay.get(dayOf(at)) ?? { count: 0, first: at, last: at }
    perDay.set(dayOf(at), { count: day.count + 1, first: day.first, last: at })
  }
  const clockOf = (at: number) => local(at).toTimeString().slice(0, 8)
  const weekday = (day: string) =>
    new Date(`${day}T12:00:00Z`).toLocaleDateString('en', { weekday: 'short', timeZone: 'UTC' })

  console.log(
    `jobs run by hand: ${ran.start} start, ${ran.dispatch} sends (${ran.idle} of them held for ` +
      `the pace and queued again); ${seconds.toFixed(0)} s of real time`,
  )
  for (const [day, { count, first, last }] of perDay)
    console.log(`  ${weekday(day)} ${day}: ${count} sends, ${clockOf(first)}–${clockOf(last)}`)
  report(
    'recipients reached',
    `${reached} of ${RECIPIENTS}, campaign ${status}`,
    `${RECIPIENTS}, FINALIZADA`,
    reached === RECIPIENTS && status === 'FINALIZADA',
  )
  for (const [configured, { gaps, crossings }] of [...stretches].sort(([a], [b]) => a - b)) {
    const mean = gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length
    report(
      `gaps at ${configured} s (${gaps.length} in a day, ${crossings} overnight)`,
      `smallest ${Math.min(...gaps).toFixed(2)} s, mean ${mean.toFixed(2)} s, largest ${Math.max(...gaps).toFixed(2)} s`,
      `≥ ${configured} s; mean ≈ ${(configured * (1 + JITTER / 2)).toFixed(0)} s (jitter ≤ ${JITTER * 100} %)`,
      Math.min(...gaps) >= configured,
    )
  }
  report('pacing violations (gap < configured)', String(violations), '0', violations === 0)
  if (worst.length) console.log(`  e.g. ${worst.join(', ')}`)
  report(
    'sends outside 09:00–18:00 or on a weekend',
    String(outside.length),
    '0',
    outside.length === 0,
  )
  report(
    'duplicates (a number receiving twice)',
    `${duplicated.length}${missing.length ? `, ${missing.length} never reached` : ''}`,
    '0',
    duplicated.length === 0,
  )
}

// ---------------------------------------------------------------------------------------------
// Kill -9 and restart at interval 0, real clock.

interface Server {
  child: ChildProcess
  url: string
  /** CPU seconds the process used since it was ready (Linux /proc; null elsewhere). */
  cpuSeconds(): number | null
  kill(): Promise<void>
  stop(): Promise<void>
}

function cpuSecondsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}

async function startOutboundServer(bundle: string, env: NodeJS.ProcessEnv): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-bench-campaign-'))
  const child = forkBenchServer(bundle, { ...env, DATA_DIR: dataDir })
  const exited = once(child, 'exit')
  const ready = await Promise.race([
    once(child, 'message') as Promise<[OutboundServerReady]>,
    exited.then(([code]) => {
      throw new Error(`the server exited (${String(code)}) before it was ready`)
    }),
  ])
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
    rmSync(dataDir, { recursive: true, force: true })
  }
  const pid = child.pid!
  const cpuAtReady = cpuSecondsOf(pid)
  return {
    child,
    url: ready[0].url,
    cpuSeconds: () => {
      const now = cpuSecondsOf(pid)
      return now === null || cpuAtReady === null ? null : now - cpuAtReady
    },
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  }
}

/**
 * A local zone where it is about noon now: the bench's window (00:00–23:59, every day) then
 * cannot close during a run, whatever the hour on this machine.
 */
function noonZone() {
  const offset = 12 - new Date().getUTCHours()
  return offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`
}

interface RestartRun {
  receipts: Receipt[]
  duplicated: string[]
  missing: string[]
  status: string
  posted: number
  /** The last receipt (epoch ms). */
  last: number
  killedAt: number | null
  restartedAt: number | null
  serverCpuSeconds: number | null
  dispatchJobs: number
  timedOut: boolean
}

/**
 * One campaign at interval 0 on a fresh database, through a server process: run to its end, or
 * for `seconds` and then cancelled, or killed (SIGKILL) after `killAfter` receipts and run to
 * its end by a new process on the same database.
 */
async function campaignRun(
  graph: FakeGraph,
  bundle: string,
  phoneNumberId: string,
  options: { recipients: number; killAfter?: number; seconds?: number },
): Promise<RestartRun> {
  const { recipients, killAfter, seconds } = options
  const secrets = processSecrets()
  const database = await freshDatabase()
  const servers: Server[] = []
  let serverCpuSeconds: number | null = 0
  const addCpu = (server: Server) => {
    const used = server.cpuSeconds()
    serverCpuSeconds = serverCpuSeconds === null || used === null ? null : serverCpuSeconds + used
  }
  try {
    const { db } = database.handle
    const company = await buildCompany(db, { timezone: noonZone(), dueDate: '2099-12-31' })
    const admin = await buildUser(db, { company, profile: 'admin' })
    const connection = await buildConnection(db, company, {
      channel: 'whatsappapi',
      status: 'CONNECTED',
      wabaPhoneNumberId: phoneNumberId,
      wabaBusinessAccountId: BUSINESS_ACCOUNT,
      wabaAccessTokenSealed: createSecretBox(secrets.ENCRYPTION_KEY).seal(TOKEN),
      wabaAppSecretSealed: createSecretBox(secrets.ENCRYPTION_KEY).seal(APP_SECRET),
    })
    const [list] = await db
      .insert(contactLists)
      .values({ companyId: company.id, name: 'Clientes' })
      .returning()
    await fillList(db, company.id, list!.id, recipients)
    const token = await createTokenService(
      secrets.JWT_SECRET,
      secrets.JWT_REFRESH_SECRET,
    ).signAccess({
      userId: admin.id,
      companyId: company.id,
      tokenVersion: admin.tokenVersion,
      sessionId: randomUUID(),
    })

    const env = {
      ...process.env,
      ...secrets,
      DATABASE_URL: database.url!,
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_ROOT: '',
      LOG_LEVEL: process.env.BENCH_SERVER_LOG ?? 'error',
      ADMIN_PASSWORD: 'operator-password',
      GRAPH_API_URL: graph.url,
      GRAPH_API_VERSION: graph.version,
    }
    let server = await startOutboundServer(bundle, env)
    // Meta reports each accepted message on the connection's webhook, again until it is taken:
    // the report names the message, so a send whose answer the kill lost is recognised.
    graph.reportStatuses(phoneNumberId, {
      url: () => `${server.url}/webhooks/meta/${connection.id}`,
      appSecret: APP_SECRET,
      businessAccountId: BUSINESS_ACCOUNT,
    })
    servers.push(server)
    const post = async (path: string, payload?: object) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        ...(payload ? { body: JSON.stringify(payload) } : {}),
      })
      if (!response.ok) throw new Error(`${path}: ${response.status}`)
      return response
    }
    await post('/campaign-settings', {
      settings: {
        messageInterval: 0,
        longerIntervalAfter: 0,
        greaterInterval: 0,
        sabado: true,
        domingo: true,
        startHour: '00:00',
        endHour: '23:59',
      },
    })

    let reachedKillPoint: () => void = () => undefined
    const killPoint = new Promise<void>((resolve) => (reachedKillPoint = resolve))
    const receipts = recordReceipts(graph, phoneNumberId, (_receipt, count) => {
      if (killAfter !== undefined && count >= killAfter) reachedKillPoint()
    })
    const posted = Date.now()
    const campaign = (await (
      await post('/campaigns', {
        name: killAfter === undefined ? 'Clean' : 'Restart',
        whatsappId: connection.id,
        contactListId: list!.id,
        message1: 'Olá {nome}!',
        ...TEMPLATE,
        scheduledAt: new Date().toISOString(),
      })
    ).json()) as CampaignDto

    let killedAt: number | null = null
    let restartedAt: number | null = null
    if (killAfter !== undefined) {
      await killPoint
      if (KILL_DELAY_MS > 0) await pause(KILL_DELAY_MS)
      addCpu(server)
      await server.kill()
      killedAt = Date.now()
      console.log(`  killed (SIGKILL) after ${receipts.length} receipts`)
      server = await startOutboundServer(bundle, env)
      servers.push(server)
      restartedAt = Date.now()
    }

    // Done: FINALIZADA with nothing left in the sender's queue, or the measured time is over.
    const deadline = posted + (seconds ?? recipients * 3 + 300) * 1000
    let timedOut = false
    for (;;) {
      if (
        (await statusOf(db, campaign.id)) === 'FINALIZADA' &&
        (await queuedOf(db, company.id)) === 0
      )
        break
      if (Date.now() > deadline) {
        timedOut = seconds === undefined
        break
      }
      await pause(100)
    }
    const last = receipts.at(-1)?.at ?? Date.now()
    if (seconds !== undefined && (await statusOf(db, campaign.id)) === 'EM_ANDAMENTO')
      await post(`/campaigns/${campaign.id}/cancel`)
    // Anything still on its way arrives meanwhile (a lost lease is retried after 2 minutes).
    await pause(1_000)
    addCpu(server)
    await server.stop()
    const { rows } = await rawSqlOf(db).executeSql(
      `SELECT count(*)::int AS count FROM pgboss.job
       WHERE name = 'campaigns.dispatch' AND (data->>'campaignId')::int = $1`,
      [campaign.id],
    )
    const { duplicated, missing } = tally(
      receipts,
      Array.from({ length: recipients }, (_, index) => numberOf(index)),
    )
    return {
      receipts,
      duplicated,
      missing,
      status: await statusOf(db, campaign.id),
      posted,
      last,
      killedAt,
      restartedAt,
      serverCpuSeconds,
      dispatchJobs: (rows[0] as { count: number }).count,
      timedOut,
    }
  } finally {
    for (const server of servers) await server.kill()
    await database.handle.close()
    await database.drop()
  }
}

async function restart() {
  if (!process.env.DATABASE_URL) {
    console.log(
      '\nkill -9 and restart: skipped, it needs DATABASE_URL (a PostgreSQL server two processes share)',
    )
    return
  }
  console.log(
    `\ninterval 0, real clock: the server bundled in its own process (default job settings), ` +
      `the Graph API stand-in in this one; PostgreSQL`,
  )
  const graph = await startFakeGraph()
  try {
    approvedTemplate(graph)
    const bundle = await bundleBenchServer('outbound-server')
    const latency = await standInLatency(graph)
    const phones = ['1000000020', '1000000021']
    for (const phone of phones)
      graph.addPhoneNumber(phone, {
        token: TOKEN,
        displayPhoneNumber: `+55 11 4000-${phone.slice(-4)}`,
      })

    console.log(
      `clean run: ${RECIPIENTS} recipients, measured for ${RATE_SECONDS} s, then cancelled`,
    )
    const clean = await campaignRun(graph, bundle, phones[0]!, {
      recipients: RECIPIENTS,
      seconds: RATE_SECONDS,
    })
    const sent = clean.receipts.length
    const span = (clean.last - clean.receipts[0]!.at) / 1000
    const gaps = clean.receipts
      .slice(1)
      .map((receipt, index) => receipt.at - clean.receipts[index]!.at)
    const gapStats = summarise(gaps)
    const held = gaps.filter((gap) => gap >= 1_900)
    const quick = summarise(gaps.filter((gap) => gap < 1_900))
    console.log(
      `  ${sent} receipts, the first ${((clean.receipts[0]!.at - clean.posted) / 1000).toFixed(1)} s ` +
        `after the campaign was saved; ${clean.dispatchJobs} send jobs for them`,
    )
    console.log(
      `  gap between receipts: p50 ${gapStats.p50.toFixed(0)} ms, p95 ${gapStats.p95.toFixed(0)} ms, ` +
        `largest ${Math.max(...gaps).toFixed(0)} ms; ${held.length} of ${gaps.length} gaps of 1.9 s or ` +
        `more (${((held.reduce((sum, gap) => sum + gap, 0) / 1000 / span) * 100).toFixed(0)} % of the time), ` +
        `the others p50 ${quick.p50.toFixed(0)} ms, p95 ${quick.p95.toFixed(0)} ms`,
    )
    if (clean.serverCpuSeconds !== null)
      console.log(
        `  server CPU from ready to stop ${clean.serverCpuSeconds.toFixed(1)} s, about ` +
          `${((clean.serverCpuSeconds / ((clean.last - clean.posted) / 1000)) * 100).toFixed(0)} % ` +
          `of one core over the run: the server mostly waits`,
      )
    report(
      'clean run at interval 0: recipients per minute',
      `${((sent / span) * 60).toFixed(0)}/min (${(sent / span).toFixed(2)}/s over ${span.toFixed(0)} s)`,
      "the provider's limit (Cloud API: 80/s)",
      sent / span >= 80,
    )
    report(
      'the stand-in alone, one call from this process',
      `p50 ${latency.p50.toFixed(2)} ms, p95 ${latency.p95.toFixed(2)} ms`,
      'reported only',
      true,
    )
    report('clean run: duplicates', String(clean.duplicated.length), '0', !clean.duplicated.length)

    const killAfter = Math.min(KILL_AFTER, RESTART_RECIPIENTS - 1)
    console.log(
      `run with a kill: ${RESTART_RECIPIENTS} recipients, SIGKILL ` +
        (KILL_DELAY_MS
          ? `${KILL_DELAY_MS} ms after receipt ${killAfter}`
          : `as the stand-in answers message ${killAfter}`) +
        `, then a new process on the same database, until FINALIZADA`,
    )
    const killed = await campaignRun(graph, bundle, phones[1]!, {
      recipients: RESTART_RECIPIENTS,
      killAfter,
    })
    const afterKill = killed.receipts.filter((receipt) => receipt.at > killed.killedAt!)
    const since = (at: number) => `${((at - killed.killedAt!) / 1000).toFixed(1)} s`
    console.log(
      `  ${killed.receipts.length - afterKill.length} receipts before the kill; the new process ` +
        `was ready ${since(killed.restartedAt!)} after it, its first receipt ` +
        `${afterKill[0] ? since(afterKill[0].at) : 'never'} after, the last ${since(killed.last)} ` +
        `after; ${killed.dispatchJobs} send jobs in all`,
    )
    if (killed.duplicated.length)
      console.log(`  received twice: ${killed.duplicated.slice(0, 5).join(', ')}`)
    report(
      'kill -9 mid-campaign: duplicates',
      String(killed.duplicated.length),
      '0',
      killed.duplicated.length === 0,
    )
    report(
      'kill -9 mid-campaign: missing recipients',
      `${killed.missing.length} of ${RESTART_RECIPIENTS} (${killed.status}${killed.timedOut ? ', timed out' : ''})`,
      '0',
      killed.missing.length === 0 && !killed.timedOut,
    )
  } finally {
    await graph.close()
  }
}

if (SCENARIO === 'all' || SCENARIO === 'pacing') await pacing()
if (SCENARIO === 'all' || SCENARIO === 'restart') await restart()
