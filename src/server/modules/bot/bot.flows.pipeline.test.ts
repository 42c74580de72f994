import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { phraseKey } from '@shared/contracts/flow-campaigns-rules'
import type { FlowEdge, FlowGraph, FlowNode } from '@shared/contracts/flows'
import type { JobEngineSettings } from '@server/jobs/engine'
import {
  buildCompany,
  buildConnection,
  buildFlow,
  buildIntegration,
  buildQueue,
  buildUser,
} from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { cloudTextWebhook, postMetaWebhook } from '@tests/helpers/cloud-webhooks'
import { multipart, PNG_1x1 } from '@tests/helpers/messages'
import {
  buildSecondInstance,
  buildTestApp,
  type TestApp,
  type TestInstance,
} from '@tests/helpers/test-app'
import type { ConnectionRow } from '../connections/connections.table'
import { flowCampaigns } from '../flow-campaigns/flow-campaigns.table'
import { messages } from '../messages/messages.table'
import { tickets } from '../tickets/tickets.table'
import { FLOW_INVALID_ANSWER_TEXT } from '../flows/flows.engine'
import { flowRuns } from './bot.flows.table'

/**
 * Flows in the inbound pipeline on a real database: signed Cloud API webhooks go through the
 * intake, the worker and the bot, which starts and moves flow runs; their texts are stored as
 * the ticket's automatic messages tagged with the run, and their intervals are timer jobs.
 * This instance runs no timer job: those tests hand them to other instances, as after a restart.
 */
const QUICK: JobEngineSettings = { maintenanceIntervalSeconds: 30, pollingIntervalSeconds: 0.5 }

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({
    config: { jobs: { ...QUICK, policies: { 'bot.flow-timer': { concurrency: 0 } } } },
  })
})
afterAll(() => t.close())

const APP_SECRET = 'flow-app-secret'
let sequence = 0

type Company = Awaited<ReturnType<typeof buildCompany>>

async function cloudConnection(company: Company, values: Parameters<typeof buildConnection>[2]) {
  sequence += 1
  return buildConnection(t.db, company, {
    channel: 'whatsappapi',
    status: 'CONNECTED',
    wabaPhoneNumberId: `30654035224${sequence}`,
    wabaAccessTokenSealed: t.services.channels.seal('token'),
    wabaAppSecretSealed: t.services.channels.seal(APP_SECRET),
    ...values,
  })
}

async function contactWrites(connection: ConnectionRow, from: string, body: string) {
  sequence += 1
  const raw = cloudTextWebhook({
    phoneNumberId: connection.wabaPhoneNumberId!,
    from,
    id: `wamid.FLOW${sequence}`,
    body,
    name: 'Maria Souza',
  })
  expect((await postMetaWebhook(t.app, connection.id, raw, APP_SECRET)).statusCode).toBe(200)
  await t.services.inbound.drain()
}

async function ticketOf(connection: ConnectionRow) {
  const rows = await t.db
    .select()
    .from(tickets)
    .where(eq(tickets.whatsappId, connection.id))
    .orderBy(asc(tickets.id))
  return rows.at(-1)!
}

/** What the flow said on the ticket, in order, each tagged with its run. */
async function flowSaid(ticketId: number) {
  const rows = await t.db
    .select({ body: messages.body, flowRunId: messages.flowRunId, mediaType: messages.mediaType })
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.isAutomatic, true)))
    .orderBy(asc(messages.id))
  return rows
}

const runsOf = (ticketId: number) =>
  t.db.select().from(flowRuns).where(eq(flowRuns.ticketId, ticketId)).orderBy(asc(flowRuns.id))

const at = { x: 0, y: 0 }
const start: FlowNode = { id: 'start', type: 'start', position: at, data: { label: '' } }
const say = (id: string, label: string): FlowNode => ({
  id,
  type: 'message',
  position: at,
  data: { label },
})
const arrow = (source: string, target: string, sourceHandle = 'a'): FlowEdge => ({
  id: `${source}-${sourceHandle}`,
  source,
  sourceHandle,
  target,
  targetHandle: null,
})

/** Hello, a menu of two, then Vendas's ticket block for the first option. */
function salesFlow(salesQueueId: number, after = 'Já te encaminhei'): FlowGraph {
  return {
    nodes: [
      start,
      say('hello', 'Olá {{firstName}}!'),
      {
        id: 'menu',
        type: 'menu',
        position: at,
        data: {
          message: 'Escolha:',
          arrayOption: [
            { number: 1, value: 'Comprar' },
            { number: 2, value: 'Suporte' },
          ],
        },
      },
      { id: 'sales', type: 'ticket', position: at, data: { id: salesQueueId, name: 'Vendas' } },
      say('after', after),
      say('help', 'Escreva sua dúvida'),
    ],
    connections: [
      arrow('start', 'hello'),
      arrow('hello', 'menu'),
      arrow('menu', 'sales', 'a1'),
      arrow('menu', 'help', 'a2'),
      arrow('sales', 'after'),
    ],
  }
}
const MENU = 'Escolha:\n\n[1] Comprar\n[2] Suporte'

async function phrase(company: Company, connection: ConnectionRow, flowId: number, text: string) {
  await t.db.insert(flowCampaigns).values({
    companyId: company.id,
    name: text,
    phrase: text,
    phraseKey: phraseKey(text),
    flowId,
    whatsappId: connection.id,
  })
}

describe('flows in the pipeline', () => {
  test('a phrase starts its flow; the menu answer moves the ticket to the queue', async () => {
    const company = await buildCompany(t.db)
    const sales = await buildQueue(t.db, company, {
      name: 'Vendas',
      greetingMessage: 'Bem-vindo às vendas',
    })
    const flow = await buildFlow(t.db, company, { graph: salesFlow(sales.id) })
    const connection = await cloudConnection(company, {})
    await phrase(company, connection, flow.id, 'Quero a promoção')

    await contactWrites(connection, '5511990000001', '  quero a PROMOCAO ')
    const ticket = await ticketOf(connection)
    const [run] = await runsOf(ticket.id)
    expect(run).toMatchObject({ flowId: flow.id, origin: 'phrase', status: 'waiting_input' })
    expect(ticket.flowRunId).toBe(run!.id)
    expect(await flowSaid(ticket.id)).toEqual([
      { body: 'Olá Maria!', flowRunId: run!.id, mediaType: 'conversation' },
      { body: MENU, flowRunId: run!.id, mediaType: 'conversation' },
    ])

    await contactWrites(connection, '5511990000001', 'comprar')
    const after = await ticketOf(connection)
    expect(after).toMatchObject({ id: ticket.id, queueId: sales.id, status: 'pending' })
    expect(after.flowRunId).toBeNull()
    expect((await flowSaid(ticket.id)).slice(2).map((row) => row.body)).toEqual([
      'Bem-vindo às vendas',
      'Já te encaminhei',
    ])
    expect((await runsOf(ticket.id))[0]).toMatchObject({
      status: 'finished',
      variables: { lastChoice: 'Comprar', menu_menu: 'Comprar', message: 'comprar' },
    })
  })

  test('a queue whose integration is a flow runs it for the contact who enters it', async () => {
    const company = await buildCompany(t.db)
    const flow = await buildFlow(t.db, company, {
      graph: {
        nodes: [start, say('q', 'Oi, sou o fluxo da fila')],
        connections: [arrow('start', 'q')],
      },
    })
    const integration = await buildIntegration(t.db, company, {
      type: 'flowbuilder',
      name: 'Fluxo da fila',
      flowId: flow.id,
    })
    const sales = await buildQueue(t.db, company, {
      name: 'Vendas',
      orderQueue: 1,
      greetingMessage: 'Vendas:',
      integrationId: integration.id,
    })
    const support = await buildQueue(t.db, company, { name: 'Suporte', orderQueue: 2 })
    const connection = await cloudConnection(company, {
      greetingMessage: 'Escolha:',
      queueIds: [sales.id, support.id],
    })
    await contactWrites(connection, '5511990000008', 'oi')
    await contactWrites(connection, '5511990000008', '1')
    const ticket = await ticketOf(connection)
    expect(ticket).toMatchObject({ queueId: sales.id, flowRunId: null, useIntegration: false })
    const said = (await flowSaid(ticket.id)).map((row) => row.body)
    expect(said.slice(-2)).toEqual(['Vendas:', 'Oi, sou o fluxo da fila'])
    expect((await runsOf(ticket.id))[0]).toMatchObject({ origin: 'queue', status: 'finished' })
  })

  test('invalid answers ask again; after the third the ticket waits for humans', async () => {
    const company = await buildCompany(t.db)
    const sales = await buildQueue(t.db, company, { name: 'Vendas' })
    const flow = await buildFlow(t.db, company, { graph: salesFlow(sales.id) })
    const connection = await cloudConnection(company, { flowIdWelcome: flow.id })
    await contactWrites(connection, '5511990000002', 'bom dia')
    for (const answer of ['9', 'talvez']) await contactWrites(connection, '5511990000002', answer)
    const ticket = await ticketOf(connection)
    const bodies = (await flowSaid(ticket.id)).map((row) => row.body)
    expect(bodies).toEqual([
      'Olá Maria!',
      MENU,
      `${FLOW_INVALID_ANSWER_TEXT}\n\n${MENU}`,
      `${FLOW_INVALID_ANSWER_TEXT}\n\n${MENU}`,
    ])
    await contactWrites(connection, '5511990000002', 'não sei')
    const given = await ticketOf(connection)
    expect(given).toMatchObject({ status: 'pending', flowRunId: null, isBot: false, queueId: null })
    expect((await runsOf(ticket.id))[0]).toMatchObject({
      status: 'aborted',
      endReason: 'invalidAnswers',
    })
    expect(await flowSaid(ticket.id)).toHaveLength(4)
  })

  test('the welcome flow greets a new contact once; a known contact gets the not-phrase flow', async () => {
    const company = await buildCompany(t.db)
    const welcome = await buildFlow(t.db, company, {
      graph: { nodes: [start, say('w', 'Bem-vindo!')], connections: [arrow('start', 'w')] },
    })
    const again = await buildFlow(t.db, company, {
      graph: {
        nodes: [start, say('n', 'Que bom te ver de novo')],
        connections: [arrow('start', 'n')],
      },
    })
    const connection = await cloudConnection(company, {
      flowIdWelcome: welcome.id,
      flowIdNotPhrase: again.id,
    })
    await contactWrites(connection, '5511990000003', 'oi')
    await contactWrites(connection, '5511990000003', 'tudo bem?')
    const first = await ticketOf(connection)
    expect((await flowSaid(first.id)).map((row) => row.body)).toEqual(['Bem-vindo!'])

    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const closed = await t.app.inject({
      method: 'PUT',
      url: `/tickets/${first.id}`,
      headers: await loginAs(t.app, admin),
      payload: { status: 'closed' },
    })
    expect(closed.statusCode).toBe(200)
    await contactWrites(connection, '5511990000003', 'voltei')
    const second = await ticketOf(connection)
    expect(second.id).not.toBe(first.id)
    expect((await flowSaid(second.id)).map((row) => row.body)).toEqual(['Que bom te ver de novo'])
  })

  test("media blocks send the company's uploaded file, not a copy", async () => {
    const company = await buildCompany(t.db)
    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const form = await multipart([['medias', PNG_1x1, 'cardapio.png']])
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/flowbuilder/img',
      headers: { ...(await loginAs(t.app, admin)), ...form.headers },
      payload: form.payload,
    })
    const { name } = uploaded.json<{ name: string }>()
    const flow = await buildFlow(t.db, company, {
      graph: {
        nodes: [start, { id: 'pic', type: 'img', position: at, data: { url: name } }],
        connections: [arrow('start', 'pic')],
      },
    })
    const connection = await cloudConnection(company, {})
    await phrase(company, connection, flow.id, 'cardápio')
    await contactWrites(connection, '5511990000007', 'cardápio')
    const ticket = await ticketOf(connection)
    const [sent] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.isAutomatic, true)))
    expect(sent).toMatchObject({
      mediaType: 'image',
      mediaPath: name,
      mediaName: 'cardapio.png',
      mediaMime: 'image/png',
    })
  })

  test('a conversation keeps the version it started on when the flow is edited', async () => {
    const company = await buildCompany(t.db)
    const sales = await buildQueue(t.db, company, { name: 'Vendas' })
    const flow = await buildFlow(t.db, company, { graph: salesFlow(sales.id, 'Versão 1') })
    const connection = await cloudConnection(company, {})
    await phrase(company, connection, flow.id, 'catálogo')
    await contactWrites(connection, '5511990000004', 'Catalogo')

    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const saved = await t.app.inject({
      method: 'POST',
      url: '/flowbuilder/flow',
      headers: await loginAs(t.app, admin),
      payload: { idFlow: flow.id, ...salesFlow(sales.id, 'Versão 2') },
    })
    expect(saved.statusCode).toBe(200)
    await contactWrites(connection, '5511990000004', '1')
    const ticket = await ticketOf(connection)
    expect((await flowSaid(ticket.id)).at(-1)!.body).toBe('Versão 1')

    // A new run starts on the new version.
    await contactWrites(connection, '5511990000004', 'catálogo')
    await contactWrites(connection, '5511990000004', '1')
    expect((await flowSaid(ticket.id)).at(-1)!.body).toBe('Versão 2')
  })

  test('an interval resumes once after a restart; an attendant taking the ticket stops the flow', async () => {
    const company = await buildCompany(t.db)
    const graph: FlowGraph = {
      nodes: [
        start,
        say('before', 'Um instante'),
        { id: 'wait', type: 'interval', position: at, data: { sec: 1 } },
        say('after', 'Pronto!'),
      ],
      connections: [arrow('start', 'before'), arrow('before', 'wait'), arrow('wait', 'after')],
    }
    const flow = await buildFlow(t.db, company, { graph })
    const connection = await cloudConnection(company, {})
    await phrase(company, connection, flow.id, 'espera')
    await contactWrites(connection, '5511990000005', 'espera')
    await contactWrites(connection, '5511990000006', 'espera')
    const [waiting, taken] = await t.db
      .select()
      .from(tickets)
      .where(eq(tickets.whatsappId, connection.id))
      .orderBy(asc(tickets.id))
    // Messages during the wait are kept and move nothing.
    await contactWrites(connection, '5511990000005', 'e aí?')
    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const accepted = await t.app.inject({
      method: 'PUT',
      url: `/tickets/${taken!.id}`,
      headers: await loginAs(t.app, admin),
      payload: { status: 'open', userId: admin.id },
    })
    expect(accepted.statusCode).toBe(200)

    // This instance runs no timer: two new ones take the due jobs, each run exactly once.
    const instances: TestInstance[] = [
      await buildSecondInstance(t, { jobs: QUICK }),
      await buildSecondInstance(t, { jobs: QUICK }),
    ]
    try {
      await instances[0]!.deps.jobs.settled(['bot.flow-timer'])
    } finally {
      await Promise.all(instances.map((instance) => instance.close()))
    }
    expect((await flowSaid(waiting!.id)).map((row) => row.body)).toEqual(['Um instante', 'Pronto!'])
    expect((await runsOf(waiting!.id))[0]).toMatchObject({ status: 'finished', wakeups: 1 })
    expect((await flowSaid(taken!.id)).map((row) => row.body)).toEqual(['Um instante'])
    expect((await runsOf(taken!.id))[0]).toMatchObject({
      status: 'aborted',
      endReason: 'humanTook',
    })
  })
})
