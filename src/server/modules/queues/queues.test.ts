import { eq } from 'drizzle-orm'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ChatbotOptionDto, ChatbotOptionInput, QueueDetailDto } from '@shared/contracts/queues'
import { defaultServiceHours } from '@shared/contracts/service-hours'
import {
  buildCompany,
  buildConnection,
  buildFileList,
  buildIntegration,
  buildPlan,
  buildQueue,
  buildTicket,
  buildUser,
} from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { connectionQueues, connections } from '../connections/connections.table'
import { tickets } from '../tickets/tickets.table'
import { userQueues } from '../users/users.table'
import { chatbots } from './chatbots.table'
import { queues as queuesTable } from './queues.table'

let t: TestApp
let baseUrl: string
const sockets: Socket[] = []

beforeAll(async () => {
  t = await buildTestApp()
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  for (const socket of sockets) socket.close()
  await t.close()
})

let colorSeed = 0x100000
/** A colour no other test uses. */
const freshColor = () => `#${(colorSeed++).toString(16)}`

async function adminOf(company?: Awaited<ReturnType<typeof buildCompany>>) {
  const owner = company ?? (await buildCompany(t.db))
  const admin = await buildUser(t.db, { company: owner, profile: 'admin' })
  return { company: owner, admin, headers: await loginAs(t.app, admin) }
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })

/** A two-level tree: a text option introducing a queue option and an attendant option. */
const twoLevels = (queueId: number, userId: number): ChatbotOptionInput[] => [
  {
    name: 'Financeiro',
    greetingMessage: 'Escolha:',
    options: [
      { name: 'Boletos', queueType: 'queue', optQueueId: queueId },
      { name: 'Falar com Ana', queueType: 'attendent', optQueueId: queueId, optUserId: userId },
    ],
  },
  { name: 'Horários', greetingMessage: 'Abrimos às 8h.' },
]

const names = (options: ChatbotOptionDto[]): unknown =>
  options.map((option) =>
    option.options.length ? { [option.name]: names(option.options) } : option.name,
  )

describe('queues', () => {
  test('an admin creates a queue with hours and a two-level tree, and reads it back whole', async () => {
    const { company, admin, headers } = await adminOf()
    const target = await buildQueue(t.db, company)
    const schedules = defaultServiceHours()
    const created = await call('POST', '/queue', headers, {
      name: '  Suporte  ',
      color: '#0A7AFF',
      orderQueue: 2,
      greetingMessage: 'Olá!',
      outOfHoursMessage: 'Fechado.',
      tempoRoteador: 15,
      ativarRoteador: true,
      integrationId: null,
      fileListId: null,
      closeTicket: false,
      schedules,
      chatbots: twoLevels(target.id, admin.id),
    })
    expect(created.statusCode).toBe(201)
    const queue = created.json<QueueDetailDto>()
    expect(queue).toMatchObject({
      name: 'Suporte',
      color: '#0a7aff',
      orderQueue: 2,
      tempoRoteador: 15,
      ativarRoteador: true,
      integrationId: null,
      fileListId: null,
      schedules,
      companyId: company.id,
    })
    expect(names(queue.chatbots)).toEqual([
      { Financeiro: ['Boletos', 'Falar com Ana'] },
      'Horários',
    ])
    const [financeiro] = queue.chatbots
    expect(financeiro).toMatchObject({ queueId: queue.id, chatbotId: null, position: 0 })
    expect(financeiro!.options[1]).toMatchObject({
      queueId: null,
      chatbotId: financeiro!.id,
      queueType: 'attendent',
      optQueueId: target.id,
      optUserId: admin.id,
      position: 1,
    })

    const read = await call('GET', `/queue/${queue.id}`, headers)
    expect([read.statusCode, read.json()]).toEqual([200, queue])
  })

  test('GET /queue lists by orderQueue without trees, for attendants too', async () => {
    const { company, headers } = await adminOf()
    await buildQueue(t.db, company, { name: 'Zeta', orderQueue: 1 })
    await buildQueue(t.db, company, { name: 'Alfa', orderQueue: 2 })
    await buildQueue(t.db, await buildCompany(t.db), { name: 'Foreign' })
    const agent = await buildUser(t.db, { company })
    for (const who of [headers, await loginAs(t.app, agent)]) {
      const response = await call('GET', '/queue', who)
      expect(response.statusCode).toBe(200)
      const list = response.json<Array<Record<string, unknown>>>()
      expect(list.map((queue) => queue.name)).toEqual(['Zeta', 'Alfa'])
      // The inbox reads id, name and colour; the list never carries trees.
      expect(list[0]).toEqual(
        expect.objectContaining({ id: expect.any(Number), color: expect.any(String) }),
      )
      expect(list[0]).not.toHaveProperty('chatbots')
    }
  })

  test('PUT upserts the tree: kept options keep their id, moved ones move, missing ones go', async () => {
    const { company, admin, headers } = await adminOf()
    const target = await buildQueue(t.db, company)
    const queue = (
      await call('POST', '/queue', headers, {
        name: 'Vendas',
        color: freshColor(),
        chatbots: twoLevels(target.id, admin.id),
      })
    ).json<QueueDetailDto>()
    const [financeiro, horarios] = queue.chatbots
    const [boletos, ana] = financeiro!.options

    // Boletos moves under Horários (which gains children, so it keeps its message), Financeiro
    // and Ana are dropped, and a new option is added.
    const response = await call('PUT', `/queue/${queue.id}`, headers, {
      name: 'Vendas 2',
      schedules: [],
      chatbots: [
        {
          id: horarios!.id,
          name: 'Horários e dúvidas',
          greetingMessage: 'Escolha:',
          options: [
            { id: boletos!.id, name: 'Boletos', queueType: 'queue', optQueueId: target.id },
          ],
        },
        { name: 'Novo item' },
      ],
    })
    expect(response.statusCode).toBe(200)
    const updated = response.json<QueueDetailDto>()
    expect(updated).toMatchObject({ name: 'Vendas 2', color: queue.color, schedules: [] })
    expect(names(updated.chatbots)).toEqual([{ 'Horários e dúvidas': ['Boletos'] }, 'Novo item'])
    expect(updated.chatbots[0]!.id).toBe(horarios!.id)
    expect(updated.chatbots[0]!.options[0]).toMatchObject({
      id: boletos!.id,
      chatbotId: horarios!.id,
    })
    const gone = await t.db.select().from(chatbots).where(eq(chatbots.companyId, company.id))
    expect(gone.map((row) => row.id)).not.toContain(financeiro!.id)
    expect(gone.map((row) => row.id)).not.toContain(ana!.id)

    // Without `chatbots`, the tree stays as it is.
    const untouched = await call('PUT', `/queue/${queue.id}`, headers, { greetingMessage: 'Oi' })
    expect(untouched.json<QueueDetailDto>().chatbots).toEqual(updated.chatbots)
  })

  describe('validation', () => {
    test.each([
      ['a one-letter name', { name: 'A' }, 'name'],
      ['a blank name', { name: '   ' }, 'name'],
      ['a 51-letter name', { name: 'x'.repeat(51) }, 'name'],
      ['a colour that is not hex', { color: 'blue' }, 'color'],
      ['a colour too long', { color: '#0123456789' }, 'color'],
      ['a rotation time off the list', { tempoRoteador: 7 }, 'tempoRoteador'],
      [
        'a bad time in the hours',
        { schedules: [{ ...defaultServiceHours()[0]!, startTimeA: '25:00' }] },
        'schedules',
      ],
      [
        'a half-filled shift',
        { schedules: [{ ...defaultServiceHours()[0]!, endTimeB: '' }] },
        'schedules',
      ],
      [
        'an unknown weekday',
        { schedules: [{ ...defaultServiceHours()[0]!, weekdayEn: 'funday' }] },
        'schedules',
      ],
      ['an option name of 3 letters', { chatbots: [{ name: 'abc' }] }, 'chatbots'],
      ['an option name of blanks', { chatbots: [{ name: '      ' }] }, 'chatbots.0.name'],
      [
        'a text option with children and no message',
        { chatbots: [{ name: 'Financeiro', options: [{ name: 'Boletos' }] }] },
        'chatbots.0.greetingMessage',
      ],
      [
        'a queue option without its queue',
        { chatbots: [{ name: 'Fila', queueType: 'queue' }] },
        'chatbots.0.optQueueId',
      ],
      ['an unknown option type', { chatbots: [{ name: 'Opção', queueType: 'menu' }] }, 'chatbots'],
    ])('refuses %s', async (_label, change, field) => {
      const { headers } = await adminOf()
      const response = await call('POST', '/queue', headers, {
        name: 'Fila válida',
        color: freshColor(),
        ...change,
      })
      expect([response.statusCode, response.json()]).toEqual([
        400,
        { error: 'ERR_VALIDATION', field },
      ])
    })

    test('refuses a tree deeper than ten levels', async () => {
      const { headers } = await adminOf()
      const chain = (levels: number): ChatbotOptionInput[] =>
        levels === 0
          ? []
          : [{ name: `Nível ${levels}`, greetingMessage: 'Escolha:', options: chain(levels - 1) }]
      const ok = await call('POST', '/queue', headers, {
        name: 'Dez níveis',
        color: freshColor(),
        chatbots: chain(10),
      })
      expect(ok.statusCode).toBe(201)
      const tooDeep = await call('POST', '/queue', headers, {
        name: 'Onze níveis',
        color: freshColor(),
        chatbots: chain(11),
      })
      expect([tooDeep.statusCode, tooDeep.json().error]).toEqual([400, 'ERR_VALIDATION'])
    })

    test('refuses a tree of more than 500 options', async () => {
      const { headers } = await adminOf()
      const group = (n: number) => ({
        name: `Grupo ${n}`,
        greetingMessage: 'Escolha:',
        options: Array.from({ length: 50 }, (_, i) => ({ name: `Folha ${n}.${i}` })),
      })
      const response = await call('POST', '/queue', headers, {
        name: 'Enorme',
        color: freshColor(),
        chatbots: Array.from({ length: 10 }, (_, n) => group(n)),
      })
      expect([response.statusCode, response.json()]).toEqual([
        400,
        { error: 'ERR_VALIDATION', field: 'chatbots' },
      ])
    })

    test('refuses references to another company, and ids from another tree', async () => {
      const { company, headers } = await adminOf()
      const foreign = await buildCompany(t.db)
      const foreignQueue = await buildQueue(t.db, foreign)
      const foreignUser = await buildUser(t.db, { company: foreign })
      const ownQueue = await buildQueue(t.db, company)
      const base = { name: 'Referências', color: freshColor() }

      const toQueue = await call('POST', '/queue', headers, {
        ...base,
        chatbots: [{ name: 'Outra fila', queueType: 'queue', optQueueId: foreignQueue.id }],
      })
      expect(toQueue.json()).toEqual({ error: 'ERR_VALIDATION', field: 'chatbots.0.optQueueId' })

      const toUser = await call('POST', '/queue', headers, {
        ...base,
        chatbots: [
          {
            name: 'Atendente',
            queueType: 'attendent',
            optQueueId: ownQueue.id,
            optUserId: foreignUser.id,
          },
        ],
      })
      expect(toUser.json()).toEqual({ error: 'ERR_VALIDATION', field: 'chatbots.0.optUserId' })

      // An option of another queue cannot be pulled into this tree (nor a loop be made).
      const other = (
        await call('POST', '/queue', headers, {
          name: 'Outra',
          color: freshColor(),
          chatbots: [{ name: 'Opção alheia' }],
        })
      ).json<QueueDetailDto>()
      const stolen = await call('POST', '/queue', headers, {
        ...base,
        chatbots: [{ id: other.chatbots[0]!.id, name: 'Roubada' }],
      })
      expect(stolen.json()).toEqual({ error: 'ERR_VALIDATION', field: 'chatbots.0.id' })

      const queue = (
        await call('POST', '/queue', headers, {
          ...base,
          chatbots: [{ name: 'Pai da árvore', greetingMessage: 'Escolha:', options: [] }],
        })
      ).json<QueueDetailDto>()
      const twice = await call('PUT', `/queue/${queue.id}`, headers, {
        chatbots: [
          {
            id: queue.chatbots[0]!.id,
            name: 'Pai da árvore',
            greetingMessage: 'Escolha:',
            options: [{ id: queue.chatbots[0]!.id, name: 'Ele mesmo' }],
          },
        ],
      })
      expect(twice.json()).toEqual({ error: 'ERR_VALIDATION', field: 'chatbots.0.options.0.id' })
    })

    test('names and colours are unique in the company, colours whatever their case', async () => {
      const { company, headers } = await adminOf()
      await buildQueue(t.db, company, { name: 'Suporte', color: '#abcdef' })
      const sameName = await call('POST', '/queue', headers, { name: 'Suporte', color: '#123' })
      expect([sameName.statusCode, sameName.json()]).toEqual([
        409,
        { error: 'ERR_QUEUE_NAME_ALREADY_EXISTS' },
      ])
      const sameColor = await call('POST', '/queue', headers, { name: 'Outra', color: '#ABCDEF' })
      expect([sameColor.statusCode, sameColor.json()]).toEqual([
        409,
        { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' },
      ])
      // Another company may use both.
      const elsewhere = await adminOf()
      const there = await call('POST', '/queue', elsewhere.headers, {
        name: 'Suporte',
        color: '#abcdef',
      })
      expect(there.statusCode).toBe(201)
    })

    test('two creations racing for one colour: the unique index decides', async () => {
      const { headers } = await adminOf()
      const color = freshColor()
      const answers = await Promise.all(
        ['Primeira', 'Segunda', 'Terceira'].map((name) =>
          call('POST', '/queue', headers, { name, color }),
        ),
      )
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409])
      for (const answer of answers.filter((a) => a.statusCode === 409))
        expect(answer.json()).toEqual({ error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' })
    })
  })

  test("the plan's queue limit applies on create", async () => {
    const company = await buildCompany(t.db, { plan: await buildPlan(t.db, { queues: 2 }) })
    const { headers } = await adminOf(company)
    await buildQueue(t.db, company)
    const second = await call('POST', '/queue', headers, { name: 'Segunda', color: freshColor() })
    expect(second.statusCode).toBe(201)
    const third = await call('POST', '/queue', headers, { name: 'Terceira', color: freshColor() })
    expect([third.statusCode, third.json()]).toEqual([403, { error: 'ERR_QUEUE_LIMIT_REACHED' }])
    // Updating stays possible at the limit.
    const edit = await call('PUT', `/queue/${second.json<QueueDetailDto>().id}`, headers, {
      name: 'Segunda fila',
    })
    expect(edit.statusCode).toBe(200)
  })

  test('an attendant may list queues but not read one in detail or write', async () => {
    const company = await buildCompany(t.db)
    const queue = await buildQueue(t.db, company)
    const agent = await buildUser(t.db, { company })
    const headers = await loginAs(t.app, agent)
    const refused = { error: 'ERR_NO_PERMISSION' }
    for (const [method, url, payload] of [
      ['GET', `/queue/${queue.id}`],
      ['POST', '/queue', { name: 'Nova', color: freshColor() }],
      ['PUT', `/queue/${queue.id}`, { name: 'Nome' }],
      ['DELETE', `/queue/${queue.id}`],
    ] as const) {
      const response = await call(method, url, headers, payload)
      expect([method, response.statusCode, response.json()]).toEqual([method, 403, refused])
    }
  })

  test("another company's queue is not found", async () => {
    const { headers } = await adminOf()
    const foreign = await buildQueue(t.db, await buildCompany(t.db))
    for (const [method, payload] of [['GET'], ['PUT', { name: 'Minha' }], ['DELETE']] as const) {
      const response = await call(method, `/queue/${foreign.id}`, headers, payload)
      expect([method, response.statusCode, response.json()]).toEqual([
        method,
        404,
        { error: 'ERR_QUEUE_NOT_FOUND' },
      ])
    }
  })

  test('keys the body does not declare never reach the row: a queue stays in its company', async () => {
    const { company, headers } = await adminOf()
    const other = await buildCompany(t.db)
    const queue = await buildQueue(t.db, company)
    const response = await call('PUT', `/queue/${queue.id}`, headers, {
      name: 'Mudou',
      companyId: other.id,
      id: queue.id + 1000,
    })
    expect(response.statusCode).toBe(200)
    const [row] = await t.db.select().from(queuesTable).where(eq(queuesTable.id, queue.id))
    expect(row).toMatchObject({ companyId: company.id, name: 'Mudou' })
  })

  test("a queue and its options take integrations and file lists of its company, not another's; an option no flow", async () => {
    const { company, headers } = await adminOf()
    const queue = await buildQueue(t.db, company)
    const mine = await buildIntegration(t.db, company)
    const flow = await buildIntegration(t.db, company, { type: 'flowbuilder' })
    const other = await buildCompany(t.db)
    const theirs = await buildIntegration(t.db, other)
    const myList = await buildFileList(t.db, company)
    const theirList = await buildFileList(t.db, other)
    const taken = await call('PUT', `/queue/${queue.id}`, headers, {
      integrationId: mine.id,
      fileListId: myList.id,
      chatbots: [
        { name: 'Robô de vendas', queueType: 'integration', optIntegrationId: mine.id },
        { name: 'Catálogo', queueType: 'file', optFileId: myList.id },
      ],
    })
    expect(taken.statusCode).toBe(200)
    expect(taken.json()).toMatchObject({
      integrationId: mine.id,
      fileListId: myList.id,
      chatbots: [{ optIntegrationId: mine.id }, { optFileId: myList.id }],
    })
    // A queue runs a flow integration's flow for each contact it takes in.
    const flowing = await call('PUT', `/queue/${queue.id}`, headers, { integrationId: flow.id })
    expect(flowing.json()).toMatchObject({ integrationId: flow.id })
    for (const [payload, field] of [
      [{ integrationId: theirs.id }, 'integrationId'],
      [{ fileListId: theirList.id }, 'fileListId'],
      [
        { chatbots: [{ name: 'Robô', queueType: 'integration', optIntegrationId: theirs.id }] },
        'chatbots.0.optIntegrationId',
      ],
      [
        { chatbots: [{ name: 'Robô', queueType: 'integration', optIntegrationId: flow.id }] },
        'chatbots.0.optIntegrationId',
      ],
      [{ chatbots: [{ name: 'Robô', queueType: 'integration' }] }, 'chatbots.0.optIntegrationId'],
      [
        { chatbots: [{ name: 'Arquivos', queueType: 'file', optFileId: theirList.id }] },
        'chatbots.0.optFileId',
      ],
      [{ chatbots: [{ name: 'Arquivos', queueType: 'file' }] }, 'chatbots.0.optFileId'],
    ] as const) {
      const response = await call('PUT', `/queue/${queue.id}`, headers, payload)
      expect([response.statusCode, response.json()]).toEqual([
        400,
        { error: 'ERR_VALIDATION', field },
      ])
    }
  })

  test('deleting a queue unlinks everything that pointed at it, in one go', async () => {
    const { company, admin, headers } = await adminOf()
    const doomed = await buildQueue(t.db, company)
    const connection = await buildConnection(t.db, company, {
      queueIds: [doomed.id],
      sendIdQueue: doomed.id,
      timeSendQueue: 10,
    })
    const agent = await buildUser(t.db, { company, queueIds: [doomed.id] })
    const ticket = await buildTicket(t.db, company, { connection, queueId: doomed.id })
    const pointing = (
      await call('POST', '/queue', headers, {
        name: 'Recepção',
        color: freshColor(),
        chatbots: [
          { name: 'Ir para a fila', queueType: 'queue', optQueueId: doomed.id },
          {
            name: 'Falar com alguém',
            queueType: 'attendent',
            optQueueId: doomed.id,
            optUserId: admin.id,
          },
        ],
      })
    ).json<QueueDetailDto>()
    const ownTree = await call('PUT', `/queue/${doomed.id}`, headers, {
      chatbots: [{ name: 'Opção da fila' }],
    })
    expect(ownTree.statusCode).toBe(200)

    const response = await call('DELETE', `/queue/${doomed.id}`, headers)
    expect([response.statusCode, response.json()]).toEqual([200, { message: 'Queue deleted' }])

    expect((await call('GET', `/queue/${doomed.id}`, headers)).statusCode).toBe(404)
    const after = (await call('GET', `/queue/${pointing.id}`, headers)).json<QueueDetailDto>()
    expect(after.chatbots.map((option) => option.optQueueId)).toEqual([null, null])
    const [redirect] = await t.db
      .select({ sendIdQueue: connections.sendIdQueue, timeSendQueue: connections.timeSendQueue })
      .from(connections)
      .where(eq(connections.id, connection.id))
    expect(redirect).toEqual({ sendIdQueue: null, timeSendQueue: 0 })
    expect(
      await t.db.select().from(connectionQueues).where(eq(connectionQueues.queueId, doomed.id)),
    ).toEqual([])
    expect(await t.db.select().from(userQueues).where(eq(userQueues.userId, agent.id))).toEqual([])
    const [orphan] = await t.db
      .select({ queueId: tickets.queueId })
      .from(tickets)
      .where(eq(tickets.id, ticket.id))
    expect(orphan).toEqual({ queueId: null })
    expect(await t.db.select().from(chatbots).where(eq(chatbots.queueId, doomed.id))).toEqual([])
  })
})

describe('chatbot options', () => {
  async function queueWithTree(headers: Record<string, string>) {
    return (
      await call('POST', '/queue', headers, {
        name: `Árvore ${freshColor()}`,
        color: freshColor(),
        chatbots: [
          {
            name: 'Financeiro',
            greetingMessage: 'Escolha:',
            options: [{ name: 'Boletos' }, { name: 'Notas fiscais' }],
          },
        ],
      })
    ).json<QueueDetailDto>()
  }

  test('GET /chatbot/{id} answers the option with its parent and subtree', async () => {
    const { headers } = await adminOf()
    const queue = await queueWithTree(headers)
    const [financeiro] = queue.chatbots
    const boletos = financeiro!.options[0]!

    const top = await call('GET', `/chatbot/${financeiro!.id}`, headers)
    expect(top.statusCode).toBe(200)
    expect(top.json()).toMatchObject({ id: financeiro!.id, mainChatbot: null })
    expect(names(top.json<{ options: ChatbotOptionDto[] }>().options)).toEqual([
      'Boletos',
      'Notas fiscais',
    ])
    const child = await call('GET', `/chatbot/${boletos.id}`, headers)
    expect(child.json()).toMatchObject({
      id: boletos.id,
      mainChatbot: { id: financeiro!.id, name: 'Financeiro' },
      options: [],
    })
  })

  test('POST creates under a parent, last among its siblings; GET /chatbot lists the company only', async () => {
    const { headers } = await adminOf()
    const queue = await queueWithTree(headers)
    const financeiro = queue.chatbots[0]!
    const created = await call('POST', '/chatbot', headers, {
      name: 'Segunda via',
      chatbotId: financeiro.id,
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ chatbotId: financeiro.id, position: 2, queueId: null })

    const elsewhere = await adminOf()
    await queueWithTree(elsewhere.headers)
    const list = await call('GET', '/chatbot', headers)
    expect(list.statusCode).toBe(200)
    expect(
      list
        .json<Array<{ name: string }>>()
        .map((option) => option.name)
        .sort(),
    ).toEqual(['Boletos', 'Notas fiscais', 'Segunda via'])
  })

  test('PUT replaces the subtree and the fields; a text option keeping children needs its message', async () => {
    const { headers } = await adminOf()
    const queue = await queueWithTree(headers)
    const financeiro = queue.chatbots[0]!
    const [boletos] = financeiro.options

    const noMessage = await call('PUT', `/chatbot/${financeiro.id}`, headers, {
      greetingMessage: '',
    })
    expect(noMessage.json()).toEqual({ error: 'ERR_VALIDATION', field: 'chatbot.greetingMessage' })

    const response = await call('PUT', `/chatbot/${financeiro.id}`, headers, {
      name: 'Financeiro e cobrança',
      options: [
        {
          id: boletos!.id,
          name: 'Boletos',
          greetingMessage: 'Qual boleto?',
          options: [{ name: 'Vencidos' }],
        },
      ],
    })
    expect(response.statusCode).toBe(200)
    const updated = response.json<ChatbotOptionDto>()
    expect(updated.name).toBe('Financeiro e cobrança')
    expect(names(updated.options)).toEqual([{ Boletos: ['Vencidos'] }])
    expect(updated.options[0]!.id).toBe(boletos!.id)

    const tree = (await call('GET', `/queue/${queue.id}`, headers)).json<QueueDetailDto>()
    expect(names(tree.chatbots)).toEqual([{ 'Financeiro e cobrança': [{ Boletos: ['Vencidos'] }] }])

    // Its own parent cannot become its child.
    const loop = await call('PUT', `/chatbot/${boletos!.id}`, headers, {
      options: [{ id: financeiro.id, name: 'Financeiro' }],
    })
    expect(loop.json()).toEqual({ error: 'ERR_VALIDATION', field: 'options.0.id' })
  })

  test('DELETE removes the option and its subtree', async () => {
    const { headers } = await adminOf()
    const queue = await queueWithTree(headers)
    const financeiro = queue.chatbots[0]!
    const response = await call('DELETE', `/chatbot/${financeiro.id}`, headers)
    expect(response.statusCode).toBe(200)
    for (const id of [financeiro.id, ...financeiro.options.map((option) => option.id)])
      expect((await call('GET', `/chatbot/${id}`, headers)).statusCode).toBe(404)
  })

  test("another company's option is not found, and attendants may not touch options", async () => {
    const owner = await adminOf()
    const queue = await queueWithTree(owner.headers)
    const id = queue.chatbots[0]!.id
    const stranger = await adminOf()
    for (const [method, payload] of [
      ['GET'],
      ['PUT', { name: 'Minha opção' }],
      ['DELETE'],
    ] as const) {
      const response = await call(method, `/chatbot/${id}`, stranger.headers, payload)
      expect([method, response.statusCode, response.json()]).toEqual([
        method,
        404,
        { error: 'ERR_NO_CHATBOT_FOUND' },
      ])
    }
    const placed = await call('POST', '/chatbot', stranger.headers, {
      name: 'Pendurada',
      chatbotId: id,
    })
    expect(placed.json()).toEqual({ error: 'ERR_VALIDATION', field: 'chatbotId' })

    const agent = await buildUser(t.db, { company: owner.company })
    const agentHeaders = await loginAs(t.app, agent)
    for (const [method, url] of [
      ['GET', '/chatbot'],
      ['GET', `/chatbot/${id}`],
      ['DELETE', `/chatbot/${id}`],
    ] as const) {
      const response = await call(method, url, agentHeaders)
      expect([url, response.statusCode]).toEqual([url, 403])
    }
  })
})

describe('queue events', () => {
  async function online(companyId: number, user: { email: string; password: string }) {
    const { authorization } = await loginAs(t.app, user)
    const socket = connect(`${baseUrl}/${companyId}`, {
      auth: { token: authorization.replace('Bearer ', '') },
      transports: ['websocket'],
      reconnection: false,
    })
    sockets.push(socket)
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve())
      socket.once('connect_error', reject)
    })
    return socket
  }

  const next = <T>(socket: Socket, event: string) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event}`)), 5000)
      socket.once(event, (payload: T) => {
        clearTimeout(timer)
        resolve(payload)
      })
    })

  const silent = (socket: Socket, event: string, windowMs = 500) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(true), windowMs)
      socket.once(event, () => {
        clearTimeout(timer)
        resolve(false)
      })
    })

  test('every user of the company hears queue changes; another company hears nothing', async () => {
    const { company, headers } = await adminOf()
    const agent = await buildUser(t.db, { company })
    const other = await buildCompany(t.db)
    const stranger = await buildUser(t.db, { company: other, profile: 'admin' })
    const agentSocket = await online(company.id, agent)
    const strangerSocket = await online(other.id, stranger)
    const event = `company-${company.id}-queue`

    const heard = next<{ action: string; queue: { id: number; name: string } }>(agentSocket, event)
    const strangerHeard = silent(strangerSocket, event)
    const strangerOwn = silent(strangerSocket, `company-${other.id}-queue`)
    const created = await call('POST', '/queue', headers, { name: 'Ao vivo', color: freshColor() })
    const queue = created.json<QueueDetailDto>()
    expect(await heard).toEqual({
      action: 'update',
      queue: expect.objectContaining({ id: queue.id, name: 'Ao vivo' }),
    })
    expect(await strangerHeard).toBe(true)
    expect(await strangerOwn).toBe(true)

    const deleted = next(agentSocket, event)
    await call('DELETE', `/queue/${queue.id}`, headers)
    expect(await deleted).toEqual({ action: 'delete', queueId: queue.id })
  })
})
