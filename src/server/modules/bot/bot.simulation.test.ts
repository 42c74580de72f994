import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { SimulationDto } from '@shared/contracts/bot-simulation'
import {
  buildChatbot,
  buildCompany,
  buildConnection,
  buildQueue,
  buildUser,
} from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { connections } from '../connections/connections.table'
import { messages } from '../messages/messages.table'
import { tickets } from '../tickets/tickets.table'

/**
 * The simulate panel's call: the queue's connection menu and tree, walked by the same decisions
 * as the pipeline, with nothing stored nor sent.
 */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

async function storefront() {
  const company = await buildCompany(t.db)
  const admin = await buildUser(t.db, { company, profile: 'admin', name: 'Beatriz Admin' })
  const sales = await buildQueue(t.db, company, { name: 'Vendas', orderQueue: 1 })
  const support = await buildQueue(t.db, company, {
    name: 'Suporte',
    orderQueue: 2,
    greetingMessage: 'Suporte:',
  })
  const ana = await buildUser(t.db, { company, name: 'Ana', queueIds: [support.id] })
  const hardware = await buildChatbot(t.db, company, support, {
    name: 'Hardware',
    greetingMessage: 'Hardware:',
    position: 0,
  })
  await buildChatbot(t.db, company, null, {
    chatbotId: hardware.id,
    name: 'Falar com a Ana',
    queueType: 'attendent',
    optQueueId: support.id,
    optUserId: ana.id,
    greetingMessage: 'A Ana já vem, {{firstName}}',
  })
  const connection = await buildConnection(t.db, company, {
    name: 'Loja',
    status: 'CONNECTED',
    greetingMessage: 'Olá {{firstName}}, escolha:',
    complationMessage: 'Até logo!',
    queueIds: [sales.id, support.id],
  })
  return { company, admin, sales, support, connection }
}

const simulate = async (
  admin: { email: string; password: string },
  queueId: number,
  payload: Record<string, unknown>,
) =>
  t.app.inject({
    method: 'POST',
    url: `/queue/${queueId}/simulate`,
    headers: await loginAs(t.app, admin),
    payload,
  })

describe('POST /queue/:id/simulate', () => {
  test('a new contact gets the menu, picks 2, walks the tree to Ana; nothing is stored', async () => {
    const { admin, support, connection, company } = await storefront()
    const response = await simulate(admin, support.id, {
      messages: ['oi', '2', '1', '1'],
      contactName: 'Maria Souza',
    })
    expect(response.statusCode).toBe(200)
    const body = response.json<SimulationDto>()
    expect(body.connection).toEqual({ id: connection.id, name: 'Loja' })
    expect(body.connections).toEqual([{ id: connection.id, name: 'Loja' }])
    expect(body.turns.map((turn) => turn.message)).toEqual(['oi', '2', '1', '1'])
    expect(body.turns[0]!.steps).toEqual([
      {
        kind: 'text',
        text: 'Olá Maria, escolha:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte\n*[ Sair ]* - Encerrar atendimento',
      },
    ])
    expect(body.turns[1]!.steps).toEqual([
      { kind: 'queue', queueName: 'Suporte' },
      {
        kind: 'text',
        text:
          'Suporte:\n\n*[ 1 ]* - Hardware\n*[ # ]* - Voltar para o menu principal\n' +
          '*[ Sair ]* - Encerrar atendimento',
      },
    ])
    expect(body.turns[3]!.steps).toEqual(
      expect.arrayContaining([
        { kind: 'attendant', userName: 'Ana' },
        { kind: 'text', text: 'A Ana já vem, Maria' },
      ]),
    )
    const stored = await t.db.select().from(tickets).where(eq(tickets.companyId, company.id))
    expect(stored).toEqual([])
    expect(await t.db.select().from(messages).where(eq(messages.companyId, company.id))).toEqual([])
  })

  test('"sair" ends the conversation with the farewell; the next message starts over', async () => {
    const { admin, sales, connection } = await storefront()
    await t.db
      .update(connections)
      .set({ greetingMediaAttachment: 'connections/boas-vindas.mp4' })
      .where(eq(connections.id, connection.id))
    const response = await simulate(admin, sales.id, { messages: ['oi', 'sair', 'oi de novo'] })
    const { turns } = response.json<SimulationDto>()
    // The menu carries the connection's greeting video; the farewell does not.
    expect(turns[0]!.steps[0]).toMatchObject({ kind: 'text', file: 'video' })
    expect(turns[1]!.steps).toEqual([{ kind: 'text', text: 'Até logo!' }, { kind: 'closed' }])
    expect(turns[2]!.steps[0]).toMatchObject({ kind: 'text' })
    expect((turns[2]!.steps[0] as { text: string }).text).toContain('*[ 1 ]* - Vendas')
  })

  test('a queue no connection offers: the contact starts inside it', async () => {
    const company = await buildCompany(t.db)
    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const queue = await buildQueue(t.db, company, { name: 'Financeiro' })
    await buildChatbot(t.db, company, queue, { name: 'Boletos', greetingMessage: 'Segunda via:' })
    const response = await simulate(admin, queue.id, { messages: ['oi', '1'] })
    const body = response.json<SimulationDto>()
    expect(body.connection).toBeNull()
    const texts = body.turns.map((turn) =>
      turn.steps.flatMap((step) => (step.kind === 'text' ? [step.text] : [])).join('\n'),
    )
    expect(texts[0]).toContain('*[ 1 ]* - Boletos')
    expect(texts[1]).toContain('Segunda via:')
  })

  test('a connection that does not offer the queue, or another company’s queue, is refused', async () => {
    const { admin, sales, company } = await storefront()
    const elsewhere = await buildConnection(t.db, company)
    const refused = await simulate(admin, sales.id, {
      messages: ['oi'],
      connectionId: elsewhere.id,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'connectionId' })

    const foreign = await buildQueue(t.db, await buildCompany(t.db))
    const notFound = await simulate(admin, foreign.id, { messages: ['oi'] })
    expect(notFound.statusCode).toBe(404)
  })
})
