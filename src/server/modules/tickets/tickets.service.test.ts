import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  buildCompany,
  buildConnection,
  buildContact,
  buildMessage,
  buildQueue,
  buildTicket,
  buildUser,
} from '@tests/factories'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { DEFAULT_TIME_ZONE } from '@shared/constants'
import type { CoreDeps } from '@server/deps'
import { createMailer } from '@server/lib/mailer'
import { createTokenService } from '@server/lib/tokens'
import { createRealtimeHub } from '@server/realtime/hub'
import type { AutomaticMessages } from '../messages/outbound.types'
import { createTicketsService } from './tickets.service'

/**
 * The service with a recording stand-in for the messages module: which automatic texts and
 * notes each transition asks for, independently of how messages are stored and sent.
 */
let t: TestApp
let service: ReturnType<typeof createTicketsService>
const sent: { kind: 'text' | 'note'; ticketId: number; body: string; userId?: number }[] = []
const markedRead: number[] = []

beforeAll(async () => {
  t = await buildTestApp()
  const deps: CoreDeps = {
    config: t.config,
    db: t.db,
    tokens: createTokenService(t.config.jwtSecret, t.config.refreshSecret),
    mailer: createMailer(null),
    realtime: createRealtimeHub(),
    jobs: t.deps.jobs,
    log: t.app.log,
    defaultTimeZone: DEFAULT_TIME_ZONE,
  }
  const recorder: AutomaticMessages = {
    sendAutomaticText(_companyId, ticketId, body) {
      sent.push({ kind: 'text', ticketId, body })
      return Promise.resolve()
    },
    addPrivateNote(_companyId, ticketId, userId, body) {
      sent.push({ kind: 'note', ticketId, userId, body })
      return Promise.resolve()
    },
  }
  service = createTicketsService(deps, {
    core: t.services.ticketCore,
    settings: t.services.settings,
    queues: t.services.queues,
    users: t.services.users,
    automaticMessages: recorder,
    markReadOnView: (_ctx, ticket) => {
      markedRead.push(ticket.id)
      return Promise.resolve()
    },
  })
})
afterAll(() => t.close())

async function contextOf(user: { email: string; password: string }) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: user.email, password: user.password },
  })
  return t.services.auth.authenticate(response.json<{ token: string }>().token)
}

async function setup(settings: Record<string, string | boolean> = {}) {
  const company = await buildCompany(t.db)
  for (const [column, value] of Object.entries(settings))
    await t.db.execute(
      sql`UPDATE company_settings SET ${sql.identifier(column)} = ${value} WHERE "companyId" = ${company.id}`,
    )
  const sales = await buildQueue(t.db, company, { name: 'Vendas' })
  const support = await buildQueue(t.db, company, { name: 'Suporte' })
  const connection = await buildConnection(t.db, company, {
    status: 'CONNECTED',
    complationMessage: 'Obrigado pelo contato',
  })
  const agent = await buildUser(t.db, { company, queueIds: [sales.id, support.id] })
  return { company, sales, support, connection, agent, ctx: await contextOf(agent) }
}
const sentFor = (ticketId: number) =>
  sent.filter((item) => item.ticketId === ticketId).map(({ ticketId: _id, ...item }) => item)

describe('automatic texts', () => {
  test('accepting greets when sendGreetingAccepted is on; groups only with groupAsTicket', async () => {
    const { company, sales, connection, ctx } = await setup({
      sendGreetingAccepted: 'enabled',
      greetingAcceptedMessage: 'Olá, sou seu atendente',
    })
    const waiting = await buildTicket(t.db, company, {
      connection,
      status: 'pending',
      queueId: sales.id,
    })
    await service.update(ctx, waiting.id, { status: 'open' })
    expect(sentFor(waiting.id)).toEqual([{ kind: 'text', body: 'Olá, sou seu atendente' }])

    const group = await buildContact(t.db, company, { isGroup: true, number: '120363555' })
    const groupTicket = await buildTicket(t.db, company, {
      connection,
      contact: group,
      isGroup: true,
      status: 'pending',
      queueId: sales.id,
    })
    await service.update(ctx, groupTicket.id, { status: 'open' })
    expect(sentFor(groupTicket.id)).toEqual([])
  })

  test("the farewell is the closing user's text, else the connection's; none when declined", async () => {
    const { company, sales, connection, agent, ctx } = await setup()
    const first = await buildTicket(t.db, company, {
      connection,
      status: 'open',
      queueId: sales.id,
      userId: agent.id,
    })
    await service.update(ctx, first.id, { status: 'closed' })
    expect(sentFor(first.id)).toEqual([{ kind: 'text', body: 'Obrigado pelo contato' }])

    await t.db.execute(
      sql`UPDATE users SET "farewellMessage" = 'Tchau, {{name}}' WHERE id = ${agent.id}`,
    )
    const second = await buildTicket(t.db, company, {
      connection,
      status: 'open',
      queueId: sales.id,
      userId: agent.id,
    })
    await service.update(await contextOf(agent), second.id, { status: 'closed' })
    expect(sentFor(second.id)).toEqual([{ kind: 'text', body: 'Tchau, {{name}}' }])

    const third = await buildTicket(t.db, company, {
      connection,
      status: 'open',
      queueId: sales.id,
      userId: agent.id,
    })
    await service.update(ctx, third.id, { status: 'closed', sendFarewellMessage: false })
    expect(sentFor(third.id)).toEqual([])
  })

  test('closing a pending ticket says goodbye only with sendFarewellWaitingTicket', async () => {
    const quiet = await setup()
    const waiting = await buildTicket(t.db, quiet.company, {
      connection: quiet.connection,
      status: 'pending',
      queueId: quiet.sales.id,
    })
    await service.update(quiet.ctx, waiting.id, { status: 'closed' })
    expect(sentFor(waiting.id)).toEqual([])

    const polite = await setup({ sendFarewellWaitingTicket: 'enabled' })
    const other = await buildTicket(t.db, polite.company, {
      connection: polite.connection,
      status: 'pending',
      queueId: polite.sales.id,
    })
    await service.update(polite.ctx, other.id, { status: 'closed' })
    expect(sentFor(other.id)).toEqual([{ kind: 'text', body: 'Obrigado pelo contato' }])
  })

  test('a rating request replaces the farewell when ratings apply', async () => {
    const { company, sales, agent, ctx } = await setup({ userRating: 'enabled' })
    const connection = await buildConnection(t.db, company, {
      status: 'CONNECTED',
      ratingMessage: 'Avalie de 1 a 5',
      complationMessage: 'Tchau',
    })
    const held = await buildTicket(t.db, company, {
      connection,
      status: 'open',
      queueId: sales.id,
      userId: agent.id,
    })
    expect((await service.update(ctx, held.id, { status: 'closed' })).status).toBe('nps')
    expect(sentFor(held.id)).toEqual([{ kind: 'text', body: 'Avalie de 1 a 5' }])
  })

  test('transfer: the note, and the transfer text with the new queue name when enabled', async () => {
    const { company, sales, support, connection, agent, ctx } = await setup({
      sendMsgTransfTicket: 'enabled',
      transferMessage: 'Você foi transferido para ${queue.name}',
    })
    const held = await buildTicket(t.db, company, {
      connection,
      status: 'open',
      queueId: sales.id,
      userId: agent.id,
    })
    await service.update(ctx, held.id, {
      isTransfered: true,
      status: 'pending',
      queueId: support.id,
      msgTransfer: '  Cliente VIP  ',
    })
    expect(sentFor(held.id)).toEqual([
      { kind: 'note', userId: agent.id, body: 'Cliente VIP' },
      { kind: 'text', body: 'Você foi transferido para Suporte' },
    ])

    // Same queue and same (no) user: nothing changed for the contact, no transfer text.
    await service.update(ctx, held.id, {
      isTransfered: true,
      status: 'pending',
      queueId: support.id,
    })
    expect(sentFor(held.id)).toHaveLength(2)
  })
})

describe('reading', () => {
  test('opening a conversation hands mark-read to the messages module', async () => {
    const { company, sales, connection, agent, ctx } = await setup()
    const held = await buildTicket(t.db, company, {
      connection,
      status: 'open',
      queueId: sales.id,
      userId: agent.id,
      unreadMessages: 1,
    })
    await buildMessage(t.db, held)
    await service.getByUuid(ctx, held.uuid)
    await service.getByUuid(ctx, held.uuid)
    expect(markedRead.filter((id) => id === held.id)).toEqual([held.id, held.id])
  })
})
