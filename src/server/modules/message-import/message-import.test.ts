import { proto, type WAMessage } from 'baileys'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCompany, buildConnection, buildQueue, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { messageEnvelope } from '@server/channels/whatsapp/normalize'
import type { HistoryMessage } from '@server/channels/whatsapp'
import { recordingHub } from '@tests/helpers/recording-hub'
import type { CoreDeps } from '@server/deps'
import { DEFAULT_TIME_ZONE } from '@shared/constants'
import { rawSqlOf } from '@server/db/client'
import { createJobEngine, DEFAULT_JOB_SETTINGS, type JobEngine } from '@server/jobs/engine'
import { createMailer } from '@server/lib/mailer'
import { createTokenService } from '@server/lib/tokens'
import { connections, type ConnectionRow } from '../connections/connections.table'
import { messages } from '../messages/messages.table'
import { tickets } from '../tickets/tickets.table'
import { createMessageImportService } from './message-import.service'
import { messageImportItems } from './message-import.table'

let t: TestApp
const hub = recordingHub()
const announced: number[] = []
let service: ReturnType<typeof createMessageImportService>
/** The service under test runs its jobs on an engine of its own, beside the app's. */
let jobs: JobEngine

beforeAll(async () => {
  t = await buildTestApp()
  jobs = createJobEngine(rawSqlOf(t.db), t.app.log, {
    ...DEFAULT_JOB_SETTINGS,
    pollingIntervalSeconds: 0.5,
    schema: 'history_import_test_jobs',
  })
  const deps: CoreDeps = {
    config: t.config,
    db: t.db,
    tokens: createTokenService(t.config.jwtSecret, t.config.refreshSecret),
    mailer: createMailer(null),
    realtime: {
      ...hub,
      disconnectUser: () => Promise.resolve(),
      refreshUserRooms: () => Promise.resolve(),
    },
    jobs,
    log: t.app.log,
    defaultTimeZone: DEFAULT_TIME_ZONE,
  }
  service = createMessageImportService(
    deps,
    {
      pipeline: t.services.inbound,
      tickets: t.services.tickets,
      announce: (_companyId, connectionId) => {
        announced.push(connectionId)
        return Promise.resolve()
      },
    },
    { quietMs: 60_000, settlePollMs: 20, chunkSize: 2 },
  )
  jobs.handle('message-import.run', (data, run) => service.runJob(data, run))
  await jobs.start()
})

afterAll(async () => {
  await service?.stop()
  await jobs?.stop()
  await t?.close()
})

/** Queues the imports that are due and waits for their jobs. */
async function importDue() {
  await service.runDue()
  await jobs.settled(['message-import.run'])
}

const DAY = 86_400_000
let sequence = 0

/** A message of the phone's history, as Baileys hands it over in `messaging-history.set`. */
function historyMessage(
  chat: string,
  daysAgo: number,
  text: string,
  options: { fromMe?: boolean; group?: boolean } = {},
): HistoryMessage {
  sequence += 1
  const remoteJid = options.group ? `${chat}@g.us` : `${chat}@s.whatsapp.net`
  const sentAt = new Date(Date.now() - daysAgo * DAY)
  const message: WAMessage = {
    key: {
      remoteJid,
      fromMe: options.fromMe ?? false,
      id: `HIST${sequence}`,
      ...(options.group ? { participant: '5511977776666@s.whatsapp.net' } : {}),
    },
    message: proto.Message.fromObject({ conversation: text }),
    messageTimestamp: Math.floor(sentAt.getTime() / 1000),
    pushName: 'Cliente',
  }
  return {
    providerId: message.key.id!,
    sentAt,
    isGroup: Boolean(options.group),
    envelope: messageEnvelope(message, 'append', {}, true),
  }
}

async function importingConnection(overrides: Partial<typeof connections.$inferInsert> = {}) {
  const company = await buildCompany(t.db)
  const queue = await buildQueue(t.db, company)
  const connection = await buildConnection(t.db, company, {
    number: '5511900000000',
    allowGroup: true,
    status: 'CONNECTED',
    importOldMessages: new Date(Date.now() - 30 * DAY),
    importRecentMessages: new Date(Date.now() - DAY),
    queueIdImportMessages: queue.id,
    ...overrides,
  })
  return { company, queue, connection }
}

const ref = (connection: ConnectionRow) => ({ companyId: connection.companyId, id: connection.id })

async function rowOf(connection: ConnectionRow) {
  const [row] = await t.db.select().from(connections).where(eq(connections.id, connection.id))
  return row!
}

const ticketsOf = (connection: ConnectionRow) =>
  t.db.select().from(tickets).where(eq(tickets.whatsappId, connection.id))

const importEvents = (connection: ConnectionRow) =>
  hub.events.filter(
    (event) =>
      event.kind === 'importMessages' &&
      (event.payload as { whatsappId: number }).whatsappId === connection.id,
  )

describe('history import', () => {
  it('stages only the window, then imports oldest first without live events', async () => {
    const { connection, queue } = await importingConnection()
    const batch = [
      historyMessage('5511988880001', 3, 'terceiro'),
      historyMessage('5511988880001', 10, 'primeiro'),
      historyMessage('5511988880001', 5, 'segundo', { fromMe: true }),
      historyMessage('5511988880002', 40, 'antes da janela'),
      historyMessage('5511988880003', 0.5, 'depois da janela'),
      historyMessage('120363000000000001', 4, 'grupo', { group: true }),
    ]
    await service.history.stage(ref(connection), batch)
    // A replayed batch stages nothing twice.
    await service.history.stage(ref(connection), batch.slice(0, 2))

    const staged = await t.db
      .select()
      .from(messageImportItems)
      .where(eq(messageImportItems.connectionId, connection.id))
    expect(staged.map((item) => item.providerId).sort()).toEqual(
      batch
        .slice(0, 3)
        .map((item) => item.providerId)
        .sort(),
    )
    expect((await rowOf(connection)).statusImportMessages).toMatch(/^\d+$/)
    expect(importEvents(connection)[0]?.payload).toEqual({
      action: 'update',
      status: { this: -1, all: -1 },
      whatsappId: connection.id,
    })
    // Still within the quiet period: nothing runs yet.
    await importDue()
    expect(await ticketsOf(connection)).toHaveLength(0)

    const liveEventsBefore = hub.events.length
    service.history.complete(ref(connection))
    await importDue()

    const [ticket, ...others] = await ticketsOf(connection)
    expect(others).toHaveLength(0)
    expect(ticket).toMatchObject({ status: 'pending', queueId: queue.id })
    expect(ticket!.imported).toBeInstanceOf(Date)
    expect(ticket!.lastMessage).toBe('terceiro')
    const stored = await t.db
      .select({ body: messages.body, fromMe: messages.fromMe })
      .from(messages)
      .where(eq(messages.ticketId, ticket!.id))
      .orderBy(messages.createdAt)
    expect(stored).toEqual([
      { body: 'primeiro', fromMe: false },
      { body: 'segundo', fromMe: true },
      { body: 'terceiro', fromMe: false },
    ])

    const progress = importEvents(connection).map((event) => event.payload)
    expect(progress).toContainEqual(
      expect.objectContaining({
        action: 'update',
        status: expect.objectContaining({ this: 2, all: 3 }),
      }),
    )
    expect(progress).toContainEqual(
      expect.objectContaining({ status: expect.objectContaining({ this: 3, all: 3 }) }),
    )
    expect(progress.at(-1)).toEqual({ action: 'refresh', whatsappId: connection.id })
    // No message or ticket event reached attendants: only import progress and contacts.
    const kinds = new Set(hub.events.slice(liveEventsBefore).map((event) => event.kind))
    expect(kinds.has('appMessage')).toBe(false)
    expect(kinds.has('ticket')).toBe(false)

    const after = await rowOf(connection)
    expect(after.statusImportMessages).toBe('renderButtonCloseTickets')
    expect(after.importOldMessages).toBeNull()
    expect(after.importRecentMessages).toBeNull()
    expect(announced).toContain(connection.id)
    const left = await t.db
      .select()
      .from(messageImportItems)
      .where(eq(messageImportItems.connectionId, connection.id))
    expect(left).toHaveLength(0)
  })

  it('imports groups only when asked, and closes imported tickets when configured', async () => {
    const { connection } = await importingConnection({
      importOldMessagesGroups: true,
      closedTicketsPostImported: true,
    })
    await service.history.stage(ref(connection), [
      historyMessage('5511988880011', 2, 'oi'),
      historyMessage('120363000000000011', 2, 'no grupo', { group: true }),
    ])
    service.history.complete(ref(connection))
    await importDue()

    const rows = await ticketsOf(connection)
    const byStatus = rows.map((row) => row.status).sort()
    expect(byStatus).toEqual(['closed', 'group'])
    expect((await rowOf(connection)).statusImportMessages).toBeNull()
  })

  it('ignores history for a connection without a window, or whose import runs', async () => {
    const { connection } = await importingConnection({ importOldMessages: null })
    await service.history.stage(ref(connection), [historyMessage('5511988880021', 2, 'x')])
    const running = await importingConnection({ statusImportMessages: 'Running' })
    await service.history.stage(ref(running.connection), [historyMessage('5511988880022', 2, 'y')])
    const staged = await t.db
      .select()
      .from(messageImportItems)
      .where(
        and(
          eq(messageImportItems.companyId, connection.companyId),
          eq(messageImportItems.connectionId, connection.id),
        ),
      )
    expect(staged).toHaveLength(0)
    expect((await rowOf(connection)).statusImportMessages).toBeNull()
    expect(
      await t.db
        .select()
        .from(messageImportItems)
        .where(eq(messageImportItems.connectionId, running.connection.id)),
    ).toHaveLength(0)
  })

  it('resumes an import a restart interrupted, without duplicates', async () => {
    const { connection } = await importingConnection()
    const batch = [
      historyMessage('5511988880031', 4, 'um'),
      historyMessage('5511988880031', 3, 'dois'),
      historyMessage('5511988880031', 2, 'três'),
    ]
    await service.history.stage(ref(connection), batch)
    // The previous process handed the first message to the pipeline, then died.
    await t.services.inbound.receive(ref(connection), 'baileys', [batch[0]!.envelope])
    await t.db
      .update(connections)
      .set({ statusImportMessages: 'Running' })
      .where(eq(connections.id, connection.id))

    await service.start()
    await service.stop()
    await service.start()
    for (let wait = 0; wait < 200; wait++) {
      if ((await rowOf(connection)).statusImportMessages !== 'Running') break
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    const [ticket] = await ticketsOf(connection)
    const stored = await t.db.select().from(messages).where(eq(messages.ticketId, ticket!.id))
    expect(stored.map((row) => row.body).sort()).toEqual(['dois', 'três', 'um'])
    expect((await rowOf(connection)).statusImportMessages).toBe('renderButtonCloseTickets')
  })
})

describe('POST /closedimported/{id}', () => {
  it('closes the pending imported tickets for an admin, and clears the button', async () => {
    const { company, connection } = await importingConnection({
      statusImportMessages: 'renderButtonCloseTickets',
    })
    await service.history.stage(ref(connection), [
      historyMessage('5511988880041', 2, 'a'),
      historyMessage('5511988880042', 2, 'b'),
    ])
    service.history.complete(ref(connection))
    await importDue()
    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const res = await t.app.inject({
      method: 'POST',
      url: `/closedimported/${connection.id}`,
      headers: await loginAs(t.app, admin),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ count: 2 })
    expect((await ticketsOf(connection)).map((row) => row.status)).toEqual(['closed', 'closed'])
    expect((await rowOf(connection)).statusImportMessages).toBeNull()
  })

  it('refuses an attendant without allowConnections, and another company', async () => {
    const { company, connection } = await importingConnection()
    const attendant = await buildUser(t.db, { company, profile: 'user' })
    const denied = await t.app.inject({
      method: 'POST',
      url: `/closedimported/${connection.id}`,
      headers: await loginAs(t.app, attendant),
    })
    expect(denied.statusCode).toBe(403)
    expect(denied.json()).toMatchObject({ error: 'ERR_NO_PERMISSION' })

    const other = await buildCompany(t.db)
    const foreignAdmin = await buildUser(t.db, { company: other, profile: 'admin' })
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/closedimported/${connection.id}`,
      headers: await loginAs(t.app, foreignAdmin),
    })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toMatchObject({ error: 'ERR_NO_WAPP_FOUND' })
  })
})
