import { and, eq, sql } from 'drizzle-orm'
import { buildApp } from '@server/app'
import { openDatabase } from '@server/db/client'
import { messages } from '@server/modules/messages/messages.table'
import { tickets } from '@server/modules/tickets/tickets.table'
import { buildCompany, buildConnection, buildQueue, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, testConfig } from '@tests/helpers/test-app'

/**
 * The server side of the ingest bench, in a process of its own as in production: a company with
 * a Cloud API connection and `attendants` users who see every ticket, listening on a free port.
 * Talks to the bench over IPC: 'ready' with what the load needs, then 'counts' and 'close' on
 * request.
 */
export interface IngestServerReady {
  type: 'ready'
  origin: string
  companyId: number
  connectionId: number
  tokens: string[]
  /** Where another instance reaches the same data (null: PGlite, this process only). */
  databaseUrl: string | null
}

/** A second instance of the same deployment: its first's database, the same secrets. */
export interface JoiningInstanceReady {
  type: 'joined'
  origin: string
}
export interface IngestCounts {
  type: 'counts'
  messages: number
  distinct: number
  tickets: number
  /** Texts the bot stored (BENCH_BOT=1). */
  botAnswers: number
  /** CPU seconds the server used since it was ready. */
  cpuSeconds: number
  /** Its resident memory now and at its peak, in MB. */
  rssMB: number
  peakRssMB: number
}
/** CPU seconds a joining instance used since it joined. */
export interface JoiningInstanceCpu {
  type: 'cpu'
  cpuSeconds: number
}
export type IngestRequest = { type: 'counts' } | { type: 'cpu' } | { type: 'close' }

const attendants = Number(process.env.BENCH_ATTENDANTS)
const phoneNumberId = process.env.BENCH_PHONE_NUMBER_ID!
const appSecret = process.env.BENCH_APP_SECRET!
const send = (
  message: IngestServerReady | IngestCounts | JoiningInstanceReady | JoiningInstanceCpu,
) => process.send!(message)
/** Both instances of a two-instance bench sign and seal with these (JSON of the three secrets). */
const secrets = process.env.BENCH_SECRETS
  ? (JSON.parse(process.env.BENCH_SECRETS) as {
      jwtSecret: string
      refreshSecret: string
      encryptionKey: string
    })
  : {}

// BENCH_JOIN_DATABASE_URL: this process is the second instance, on the first one's database.
const joining = process.env.BENCH_JOIN_DATABASE_URL
if (joining) {
  const handle = await openDatabase({ databaseUrl: joining, pgliteDir: null })
  const { app, services } = await buildApp({
    config: testConfig(secrets),
    db: handle.db,
    logger: false,
  })
  const joinedOrigin = new URL(await app.listen({ port: 0, host: '127.0.0.1' })).origin
  services.inbound.start()
  const cpuAtJoin = process.cpuUsage()
  send({ type: 'joined', origin: joinedOrigin })
  process.on('message', (request: IngestRequest) => {
    if (request.type === 'cpu') {
      const cpu = process.cpuUsage(cpuAtJoin)
      send({ type: 'cpu', cpuSeconds: (cpu.user + cpu.system) / 1e6 })
      return
    }
    if (request.type !== 'close') return
    void (async () => {
      await services.inbound.stop()
      await app.close()
      await handle.close()
      process.exit(0)
    })()
  })
  await new Promise(() => undefined)
}

// BENCH_GRAPH_URL (the bench's Graph API stand-in): the connection offers two queues, so the bot
// answers every new contact with its menu (and each later message until its limit).
const graphUrl = process.env.BENCH_GRAPH_URL
const graphToken = process.env.BENCH_GRAPH_TOKEN ?? ''
const withBot = Boolean(graphUrl)
const t = await buildTestApp({
  config: { ...secrets, ...(graphUrl ? { graph: { apiUrl: graphUrl, version: 'v21.0' } } : {}) },
})
const company = await buildCompany(t.db)
const queueIds = withBot
  ? [
      (await buildQueue(t.db, company, { name: 'Vendas', orderQueue: 1 })).id,
      (await buildQueue(t.db, company, { name: 'Suporte', orderQueue: 2 })).id,
    ]
  : []
const connection = await buildConnection(t.db, company, {
  channel: 'whatsappapi',
  status: 'CONNECTED',
  wabaPhoneNumberId: phoneNumberId,
  wabaAppSecretSealed: t.services.channels.seal(appSecret),
  ...(withBot
    ? {
        wabaAccessTokenSealed: t.services.channels.seal(graphToken),
        greetingMessage: 'Olá {{firstName}}, escolha uma opção:',
        maxUseBotQueues: 3,
        queueIds,
      }
    : {}),
})
const tokens: string[] = []
for (let i = 0; i < attendants; i++) {
  const user = await buildUser(t.db, { company, allTicket: 'enable' })
  const { authorization } = await loginAs(t.app, user)
  tokens.push(authorization.slice('Bearer '.length))
}
const origin = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).origin
// As production starts them (server.ts): the pipeline, and the sender of the bot's answers.
t.services.inbound.start()
await t.services.messages.sender.start()
const cpuAtReady = process.cpuUsage()
const named = await t.db.execute(sql`SELECT current_database() AS name`)
const [current] = (named as { rows: { name: string }[] }).rows
const databaseUrl = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : null
if (databaseUrl) databaseUrl.pathname = `/${current!.name}`
send({
  type: 'ready',
  origin,
  companyId: company.id,
  connectionId: connection.id,
  tokens,
  databaseUrl: databaseUrl?.toString() ?? null,
})

async function answer(request: IngestRequest) {
  if (request.type === 'counts') {
    await t.services.inbound.drain()
    const [row] = await t.db
      .select({
        messages: sql<number>`count(*)::int`,
        distinct: sql<number>`count(DISTINCT ${messages.wid})::int`,
        tickets: sql<number>`(SELECT count(*)::int FROM ${tickets} WHERE ${tickets.companyId} = ${company.id})`,
      })
      .from(messages)
      // The contacts' messages: the bot's answers are counted apart.
      .where(and(eq(messages.companyId, company.id), eq(messages.fromMe, false)))
    const [answers] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(messages)
      .where(and(eq(messages.companyId, company.id), eq(messages.isAutomatic, true)))
    const cpu = process.cpuUsage(cpuAtReady)
    send({
      type: 'counts',
      ...row!,
      botAnswers: answers!.count,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      rssMB: process.memoryUsage().rss / 2 ** 20,
      peakRssMB: process.resourceUsage().maxRSS / 1024,
    })
    return
  }
  await t.services.inbound.stop()
  await t.close()
  process.exit(0)
}
process.on('message', (request: IngestRequest) => void answer(request))
