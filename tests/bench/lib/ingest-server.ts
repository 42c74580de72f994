import { eq, sql } from 'drizzle-orm'
import { messages } from '@server/modules/messages/messages.table'
import { tickets } from '@server/modules/tickets/tickets.table'
import { buildCompany, buildConnection, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp } from '@tests/helpers/test-app'

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
}
export interface IngestCounts {
  type: 'counts'
  messages: number
  distinct: number
  tickets: number
  /** CPU seconds the server used since it was ready. */
  cpuSeconds: number
}
export type IngestRequest = { type: 'counts' } | { type: 'close' }

const attendants = Number(process.env.BENCH_ATTENDANTS)
const phoneNumberId = process.env.BENCH_PHONE_NUMBER_ID!
const appSecret = process.env.BENCH_APP_SECRET!
const send = (message: IngestServerReady | IngestCounts) => process.send!(message)

const t = await buildTestApp()
const company = await buildCompany(t.db)
const connection = await buildConnection(t.db, company, {
  channel: 'whatsappapi',
  status: 'CONNECTED',
  wabaPhoneNumberId: phoneNumberId,
  wabaAppSecretSealed: t.services.channels.seal(appSecret),
})
const tokens: string[] = []
for (let i = 0; i < attendants; i++) {
  const user = await buildUser(t.db, { company, allTicket: 'enable' })
  const { authorization } = await loginAs(t.app, user)
  tokens.push(authorization.slice('Bearer '.length))
}
const origin = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).origin
t.services.inbound.start()
const cpuAtReady = process.cpuUsage()
send({ type: 'ready', origin, companyId: company.id, connectionId: connection.id, tokens })

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
      .where(eq(messages.companyId, company.id))
    const cpu = process.cpuUsage(cpuAtReady)
    send({ type: 'counts', ...row!, cpuSeconds: (cpu.user + cpu.system) / 1e6 })
    return
  }
  await t.services.inbound.stop()
  await t.close()
  process.exit(0)
}
process.on('message', (request: IngestRequest) => void answer(request))
