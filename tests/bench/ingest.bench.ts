import { randomBytes } from 'node:crypto'
import { io, type Socket } from 'socket.io-client'
import { sql } from 'drizzle-orm'
import { buildCompany, buildConnection, buildUser } from '../factories'
import { loginAs } from '../helpers/auth'
import { signMeta } from '../helpers/fake-graph'
import { buildTestApp } from '../helpers/test-app'
import { report, summarise } from './lib/stats'

/**
 * Ingest (issue 3): signed Cloud API webhooks over real HTTP → durable event → pipeline →
 * `company-{id}-appMessage` on 20 attendants' sockets. Sends at a fixed rate for a fixed time,
 * replays a tenth of the webhooks, and reports throughput, event-to-socket latency per delivery
 * and duplicates. Runs on PGlite, or on DATABASE_URL.
 */
const RATE = Number(process.env.BENCH_INGEST_RATE ?? '500')
const SECONDS = Number(process.env.BENCH_INGEST_SECONDS ?? '20')
const ATTENDANTS = 20
const CONTACTS = 400
const APP_SECRET = 'bench-app-secret'
const PHONE_NUMBER_ID = '1000000001'

const t = await buildTestApp()
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows
try {
  const company = await buildCompany(t.db)
  const connection = await buildConnection(t.db, company, {
    channel: 'whatsappapi',
    status: 'CONNECTED',
    wabaPhoneNumberId: PHONE_NUMBER_ID,
    wabaAppSecretSealed: t.services.channels.seal(APP_SECRET),
  })
  const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }))
  t.services.inbound.start()

  // Attendants who see tickets without a queue: every new conversation reaches all of them.
  const sockets: Socket[] = []
  const deliveries = new Map<string, number[]>()
  for (let i = 0; i < ATTENDANTS; i++) {
    const user = await buildUser(t.db, { company, allTicket: 'enable' })
    const { authorization } = await loginAs(t.app, user)
    const socket = io(`${address.origin}/${company.id}`, {
      auth: { token: authorization.slice('Bearer '.length) },
      transports: ['websocket'],
    })
    socket.on(
      `company-${company.id}-appMessage`,
      (payload: { action: string; message?: { body: string } }) => {
        if (payload.action !== 'create' || !payload.message) return
        const arrivals = deliveries.get(payload.message.body) ?? []
        arrivals.push(performance.now())
        deliveries.set(payload.message.body, arrivals)
      },
    )
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve())
      socket.once('connect_error', reject)
    })
    sockets.push(socket)
  }
  // Rooms are joined right after the handshake: give them a moment.
  await new Promise((resolve) => setTimeout(resolve, 500))

  const webhook = (sequence: number) => {
    const from = String(5511900000000 + (sequence % CONTACTS))
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'WABA',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: '551130000000',
                  phone_number_id: PHONE_NUMBER_ID,
                },
                contacts: [{ profile: { name: `Cliente ${sequence % CONTACTS}` }, wa_id: from }],
                messages: [
                  {
                    from,
                    id: `wamid.${randomBytes(12).toString('hex')}.${sequence}`,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: 'text',
                    text: { body: `bench ${sequence}` },
                  },
                ],
              },
            },
          ],
        },
      ],
    })
  }
  const sentAt = new Map<string, number>()
  const post = async (body: string, retries = 3): Promise<void> => {
    // A provider retries a webhook whose connection dropped; so does this sender.
    const response = await fetch(`${address.origin}/webhooks/meta/${connection.id}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signMeta(body, APP_SECRET),
      },
      body,
    }).catch((error: unknown) => {
      if (retries === 0) throw error
      return null
    })
    if (!response) return post(body, retries - 1)
    if (response.status !== 200) throw new Error(`webhook answered ${response.status}`)
    await response.arrayBuffer()
  }

  const total = RATE * SECONDS
  const bodies: string[] = []
  const started = performance.now()
  const inFlight = new Set<Promise<void>>()
  for (let sequence = 0; sequence < total; sequence++) {
    // Hold the schedule: message n leaves at n / RATE seconds.
    const due = started + (sequence * 1000) / RATE
    const wait = due - performance.now()
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait))
    const body = webhook(sequence)
    bodies.push(body)
    sentAt.set(`bench ${sequence}`, performance.now())
    const request = post(body).finally(() => inFlight.delete(request))
    inFlight.add(request)
    // Like a provider's delivery pool: a bounded number of webhooks in flight.
    if (inFlight.size >= 64) await Promise.race(inFlight)
  }
  await Promise.all(inFlight)
  const sendSeconds = (performance.now() - started) / 1000

  // Providers retry: replay a tenth of what was sent.
  for (let i = 0; i < bodies.length; i += 10) await post(bodies[i]!)

  const everyoneHasAll = () =>
    [...sentAt.keys()].every((body) => (deliveries.get(body)?.length ?? 0) >= ATTENDANTS)
  const deadline = performance.now() + 120_000
  while (!everyoneHasAll() && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100))
  await t.services.inbound.drain()
  const lastArrival = Math.max(...[...deliveries.values()].flat())
  const processedSeconds = (lastArrival - started) / 1000

  const latencies: number[] = []
  for (const [body, sent] of sentAt)
    for (const arrival of deliveries.get(body) ?? []) latencies.push(arrival - sent)
  const { p95, p99 } = summarise(latencies)
  const [stored] = rows<{ messages: number; distinct: number; tickets: number }>(
    await t.db.execute(sql`
      SELECT count(*)::int AS messages, count(DISTINCT wid)::int AS distinct,
             (SELECT count(*)::int FROM tickets WHERE "companyId" = ${company.id}) AS tickets
      FROM messages WHERE "companyId" = ${company.id}`),
  )
  const missing = [...sentAt.keys()].filter(
    (body) => (deliveries.get(body)?.length ?? 0) < ATTENDANTS,
  )
  const duplicateEvents = [...deliveries.values()].filter(
    (arrivals) => arrivals.length > ATTENDANTS,
  )

  console.log(
    `database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${total} webhooks at ${RATE}/s offered over ${sendSeconds.toFixed(1)} s, ${ATTENDANTS} attendants, ${CONTACTS} contacts`,
  )
  const throughput = total / processedSeconds
  report(
    'ingest throughput (webhook → all sockets)',
    `${throughput.toFixed(0)} msg/s`,
    '≥ 500 msg/s sustained',
    throughput >= 500,
  )
  report(
    'event-to-socket latency per delivery',
    `p95 ${p95.toFixed(0)} ms  p99 ${p99.toFixed(0)} ms`,
    'p95 ≤ 100 ms, p99 ≤ 250 ms',
    p95 <= 100 && p99 <= 250,
  )
  const duplicates = stored!.messages - stored!.distinct + (stored!.messages - total)
  report(
    'duplicates (stored; 10% replayed)',
    `${duplicates} rows, ${duplicateEvents.length} events`,
    '0',
    duplicates === 0 && duplicateEvents.length === 0,
  )
  report(
    'delivered to every attendant',
    `${total - missing.length} / ${total}`,
    'all',
    missing.length === 0,
  )
  report(
    'tickets for the contacts',
    `${stored!.tickets} / ${CONTACTS}`,
    `${CONTACTS}`,
    stored!.tickets === CONTACTS,
  )
  for (const socket of sockets) socket.disconnect()
} finally {
  await t.services.inbound.stop()
  await t.close()
}
