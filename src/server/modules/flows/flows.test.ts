import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type {
  FlowDetailResponse,
  FlowDto,
  FlowGraph,
  FlowMediaUpload,
  FlowNode,
  FlowPage,
} from '@shared/contracts/flows'
import {
  buildCompany,
  buildConnection,
  buildIntegration,
  buildQueue,
  buildUser,
} from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { multipart, PNG_1x1 } from '@tests/helpers/messages'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { flowVersions } from './flows.table'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

async function team() {
  const company = await buildCompany(t.db)
  const admin = await buildUser(t.db, { company, profile: 'admin' })
  const agent = await buildUser(t.db, { company })
  const manager = await buildUser(t.db, { company, allowConnections: 'enabled' })
  return {
    company,
    asAdmin: await loginAs(t.app, admin),
    asAgent: await loginAs(t.app, agent),
    asManager: await loginAs(t.app, manager),
  }
}

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })

const failure = (response: { statusCode: number; json(): unknown }) => [
  response.statusCode,
  response.json(),
]

async function createFlow(headers: Record<string, string>, name: string): Promise<FlowDto> {
  const response = await inject('POST', '/flowbuilder', headers, { name })
  expect(response.statusCode).toBe(200)
  return response.json<FlowDto>()
}

const at = { x: 0, y: 0 }
const start: FlowNode = { id: 'start1', type: 'start', position: at, data: { label: 'Início' } }
const hello: FlowNode = {
  id: 'hello1',
  type: 'message',
  position: { x: 300, y: 0 },
  data: { label: 'Olá {{firstName}}!' },
}
const edge = (source: string, target: string, sourceHandle: string | null = 'a') => ({
  id: `${source}-${sourceHandle}-${target}`,
  source,
  sourceHandle,
  target,
  targetHandle: null,
})
const simple: FlowGraph = { nodes: [start, hello], connections: [edge('start1', 'hello1')] }

const save = (headers: Record<string, string>, idFlow: number, graph: FlowGraph) =>
  inject('POST', '/flowbuilder/flow', headers, { idFlow, ...graph })

/** A 1-second MP4's first box and an MP3 frame: the server reads their types from the content. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
  Buffer.alloc(64),
])
const MP3 = Buffer.concat([
  Buffer.from('ID3'),
  Buffer.from([3, 0, 0, 0, 0, 0, 0]),
  Buffer.from([0xff, 0xfb, 0x90, 0x64]),
  Buffer.alloc(400),
])

async function uploadTo(
  headers: Record<string, string>,
  path: string,
  files: Array<[Buffer, string]>,
) {
  const form = await multipart(files.map(([content, name]) => ['medias', content, name]))
  return t.app.inject({
    method: 'POST',
    url: `/flowbuilder/${path}`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  })
}

describe('flows', () => {
  test('create, rename, list by name with search and pages; names are unique in any case', async () => {
    const { asAdmin } = await team()
    const created = await createFlow(asAdmin, '  Boas-vindas  ')
    expect(created).toMatchObject({ name: 'Boas-vindas', active: true })
    expect(failure(await inject('POST', '/flowbuilder', asAdmin, { name: 'BOAS-VINDAS' }))).toEqual(
      [409, { error: 'ERR_DUPLICATED_FLOW', field: 'name' }],
    )
    for (const name of ['', ' a ', 'x'.repeat(51)])
      expect(failure(await inject('POST', '/flowbuilder', asAdmin, { name }))).toEqual([
        400,
        { error: 'ERR_VALIDATION', field: 'name' },
      ])
    const renamed = await inject('PUT', '/flowbuilder', asAdmin, {
      flowId: created.id,
      name: 'Atendimento',
    })
    expect(renamed.json<FlowDto>()).toMatchObject({ id: created.id, name: 'Atendimento' })
    const other = await createFlow(asAdmin, 'Vendas')
    expect(
      failure(
        await inject('PUT', '/flowbuilder', asAdmin, { flowId: other.id, name: 'atendimento' }),
      ),
    ).toEqual([409, { error: 'ERR_DUPLICATED_FLOW', field: 'name' }])

    for (let index = 0; index < 20; index++) await createFlow(asAdmin, `Campanha ${index + 10}`)
    const first = (await inject('GET', '/flowbuilder?pageNumber=1', asAdmin)).json<FlowPage>()
    expect([first.count, first.flows.length, first.hasMore]).toEqual([22, 20, true])
    expect(first.flows[0]!.name).toBe('Atendimento')
    const second = (await inject('GET', '/flowbuilder?pageNumber=2', asAdmin)).json<FlowPage>()
    expect(second.flows.map((flow) => flow.name)).toEqual(['Campanha 29', 'Vendas'])
    const searched = await inject('GET', '/flowbuilder?searchParam=VEND', asAdmin)
    expect(searched.json<FlowPage>().flows.map((flow) => flow.id)).toEqual([other.id])
    expect((await inject('GET', `/flowbuilder/${other.id}`, asAdmin)).json()).toEqual({
      flow: other,
    })
  })

  test('a saved graph is read back with its media addresses; each save is a new version', async () => {
    const { asAdmin } = await team()
    const flow = await createFlow(asAdmin, 'Menu principal')
    const empty = await inject('GET', `/flowbuilder/flow/${flow.id}`, asAdmin)
    expect(empty.json<FlowDetailResponse>().flow).toMatchObject({ id: flow.id, flow: null })

    const uploaded = (
      await uploadTo(asAdmin, 'img', [[PNG_1x1, 'logo.png']])
    ).json<FlowMediaUpload>()
    const image: FlowNode = {
      id: 'image1',
      type: 'img',
      position: { x: 600, y: 0 },
      data: { url: uploaded.name },
    }
    const graph: FlowGraph = {
      nodes: [...simple.nodes, image],
      connections: [...simple.connections, edge('hello1', 'image1')],
    }
    const saved = await save(asAdmin, flow.id, graph)
    expect(saved.statusCode).toBe(200)
    const read = (
      await inject('GET', `/flowbuilder/flow/${flow.id}`, asAdmin)
    ).json<FlowDetailResponse>()
    expect(read.flow.flow).toEqual(graph)
    expect(Object.keys(read.flow.media)).toEqual([uploaded.name])
    const served = await t.app.inject({ method: 'GET', url: read.flow.media[uploaded.name]! })
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(PNG_1x1)).toBe(true)

    expect((await save(asAdmin, flow.id, simple)).statusCode).toBe(200)
    const versions = await t.db
      .select({ version: flowVersions.version })
      .from(flowVersions)
      .where(eq(flowVersions.flowId, flow.id))
      .orderBy(asc(flowVersions.version))
    expect(versions.map((row) => row.version)).toEqual([1, 2])
    const current = (
      await inject('GET', `/flowbuilder/flow/${flow.id}`, asAdmin)
    ).json<FlowDetailResponse>()
    expect(current.flow.flow).toEqual(simple)
  })

  test('a graph the runtime could not run is refused with what is wrong, block by block', async () => {
    const { company, asAdmin } = await team()
    const flow = await createFlow(asAdmin, 'Inválido')
    const foreignQueue = await buildQueue(t.db, await buildCompany(t.db))
    const ownQueue = await buildQueue(t.db, company, { name: 'Suporte' })
    const cases: Array<[FlowGraph, unknown[]]> = [
      [{ nodes: [hello], connections: [] }, [{ problem: 'startCount' }]],
      [
        { nodes: [start, hello], connections: [edge('start1', 'gone')] },
        [{ problem: 'edgeEnds', edgeId: 'start1-a-gone' }],
      ],
      [
        {
          nodes: [start, { id: 'wait1', type: 'interval', position: at, data: { sec: 121 } }],
          connections: [edge('start1', 'wait1')],
        },
        [{ problem: 'intervalRange', nodeId: 'wait1' }],
      ],
      [
        {
          nodes: [start, hello],
          connections: [edge('start1', 'hello1'), edge('hello1', 'hello1')],
        },
        [{ problem: 'cycleWithoutWait', nodeId: 'hello1' }],
      ],
      [
        {
          nodes: [
            start,
            { id: 'move1', type: 'ticket', position: at, data: { id: foreignQueue.id, name: 'X' } },
            { id: 'pic1', type: 'img', position: at, data: { url: 'flow/somebody-else.png' } },
          ],
          connections: [edge('start1', 'move1'), edge('move1', 'pic1')],
        },
        [
          { problem: 'unknownQueue', nodeId: 'move1' },
          { problem: 'unknownMedia', nodeId: 'pic1' },
        ],
      ],
    ]
    for (const [graph, problems] of cases)
      expect(failure(await save(asAdmin, flow.id, graph))).toEqual([
        400,
        { error: 'ERR_FLOW_INVALID', problems },
      ])
    const moving: FlowGraph = {
      nodes: [
        start,
        { id: 'move1', type: 'ticket', position: at, data: { id: ownQueue.id, name: 'Suporte' } },
      ],
      connections: [edge('start1', 'move1')],
    }
    expect((await save(asAdmin, flow.id, moving)).statusCode).toBe(200)
    expect(
      failure(
        await inject('POST', '/flowbuilder/flow', asAdmin, {
          idFlow: flow.id,
          nodes: [{ ...start, type: 'teleport' }],
          connections: [],
        }),
      )[0],
    ).toBe(400)
  })

  test('a copy takes the graph under a free name', async () => {
    const { asAdmin } = await team()
    const flow = await createFlow(asAdmin, 'Pesquisa')
    await save(asAdmin, flow.id, simple)
    const copy = (
      await inject('POST', '/flowbuilder/duplicate', asAdmin, { flowId: flow.id })
    ).json<FlowDto>()
    expect(copy.name).toBe('Pesquisa - cópia')
    const again = (
      await inject('POST', '/flowbuilder/duplicate', asAdmin, { flowId: flow.id })
    ).json<FlowDto>()
    expect(again.name).toBe('Pesquisa - cópia (2)')
    const read = (
      await inject('GET', `/flowbuilder/flow/${copy.id}`, asAdmin)
    ).json<FlowDetailResponse>()
    expect(read.flow.flow).toEqual(simple)
    const unsaved = await createFlow(asAdmin, 'Rascunho')
    const draftCopy = await inject('POST', '/flowbuilder/duplicate', asAdmin, {
      flowId: unsaved.id,
    })
    const draftRead = await inject(
      'GET',
      `/flowbuilder/flow/${draftCopy.json<FlowDto>().id}`,
      asAdmin,
    )
    expect(draftRead.json<FlowDetailResponse>().flow.flow).toBeNull()
  })

  test('a flow a connection or a phrase campaign starts is not deleted; others are', async () => {
    const { company, asAdmin } = await team()
    const welcome = await createFlow(asAdmin, 'Boas-vindas')
    const phrase = await createFlow(asAdmin, 'Promoção')
    const loose = await createFlow(asAdmin, 'Solto')
    const connection = await buildConnection(t.db, company, { name: 'Loja' })
    const updated = await inject('PUT', `/whatsapp/${connection.id}`, asAdmin, {
      name: 'Loja',
      flowIdWelcome: welcome.id,
    })
    expect(updated.statusCode).toBe(200)
    const campaign = await inject('POST', '/flowcampaign', asAdmin, {
      name: 'Black Friday',
      flowId: phrase.id,
      whatsappId: connection.id,
      phrase: 'promoção',
    })
    expect(campaign.statusCode).toBe(200)
    const usedBy = { queues: [], options: [], activeTickets: 0 }
    expect(failure(await inject('DELETE', `/flowbuilder/${welcome.id}`, asAdmin))).toEqual([
      409,
      {
        error: 'ERR_FLOW_IN_USE',
        usedBy: { ...usedBy, connections: ['Loja'], phraseCampaigns: [], integrations: [] },
      },
    ])
    expect(failure(await inject('DELETE', `/flowbuilder/${phrase.id}`, asAdmin))).toEqual([
      409,
      {
        error: 'ERR_FLOW_IN_USE',
        usedBy: { ...usedBy, connections: [], phraseCampaigns: ['Black Friday'], integrations: [] },
      },
    ])
    const running = await createFlow(asAdmin, 'Da fila')
    await buildIntegration(t.db, company, {
      type: 'flowbuilder',
      name: 'Fila com fluxo',
      flowId: running.id,
    })
    expect(failure(await inject('DELETE', `/flowbuilder/${running.id}`, asAdmin))).toEqual([
      409,
      {
        error: 'ERR_FLOW_IN_USE',
        usedBy: {
          ...usedBy,
          connections: [],
          phraseCampaigns: [],
          integrations: ['Fila com fluxo'],
        },
      },
    ])
    await save(asAdmin, loose.id, simple)
    expect((await inject('DELETE', `/flowbuilder/${loose.id}`, asAdmin)).statusCode).toBe(200)
    expect((await inject('GET', `/flowbuilder/flow/${loose.id}`, asAdmin)).statusCode).toBe(404)
    const versions = await t.db.select().from(flowVersions).where(eq(flowVersions.flowId, loose.id))
    expect(versions).toEqual([])
  })

  test('media: each block takes its kind within its size; content takes several', async () => {
    const { asAdmin } = await team()
    const image = await uploadTo(asAdmin, 'img', [[PNG_1x1, 'foto.png']])
    expect(image.statusCode).toBe(200)
    expect(image.json<FlowMediaUpload>()).toMatchObject({
      name: expect.stringMatching(/^flow\/[0-9a-f]{32}\.png$/),
      mime: 'image/png',
    })
    expect(failure(await uploadTo(asAdmin, 'img', [[MP3, 'musica.png']]))).toEqual([
      400,
      { error: 'ERR_INVALID_FILE' },
    ])
    expect((await uploadTo(asAdmin, 'video', [[MP4, 'clip.mp4']])).statusCode).toBe(200)
    expect(
      (await uploadTo(asAdmin, 'audio', [[MP3, 'som.mp3']])).json<FlowMediaUpload>().mime,
    ).toBe('audio/mpeg')
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(2 * 1024 * 1024)])
    expect(failure(await uploadTo(asAdmin, 'img', [[big, 'grande.png']]))).toEqual([
      413,
      { error: 'ERR_FILE_TOO_LARGE' },
    ])
    const content = await uploadTo(asAdmin, 'content', [
      [PNG_1x1, 'a.png'],
      [MP3, 'b.mp3'],
    ])
    expect(content.json<FlowMediaUpload[]>().map((file) => file.mime)).toEqual([
      'image/png',
      'audio/mpeg',
    ])
    const refused = await uploadTo(asAdmin, 'content', [
      [PNG_1x1, 'a.png'],
      [Buffer.from('plain words'), 'c.txt'],
    ])
    expect(failure(refused)).toEqual([400, { error: 'ERR_INVALID_FILE' }])
  })

  test('"test this flow" runs an unsaved graph for the caller as the contact, storing nothing', async () => {
    const { asAdmin } = await team()
    const menu: FlowNode = {
      id: 'menu1',
      type: 'menu',
      position: at,
      data: { message: 'Escolha', arrayOption: [{ number: 1, value: 'Vendas' }] },
    }
    const graph: FlowGraph = {
      nodes: [
        start,
        hello,
        menu,
        { id: 'move1', type: 'ticket', position: at, data: { id: 3, name: 'Vendas' } },
      ],
      connections: [
        edge('start1', 'hello1'),
        edge('hello1', 'menu1'),
        edge('menu1', 'move1', 'a1'),
      ],
    }
    const simulate = (state: unknown, event: object) =>
      inject('POST', '/flowbuilder/simulate', asAdmin, {
        ...graph,
        state,
        event,
        contactName: 'Joana Lima',
      })
    const first = await simulate(null, { kind: 'start', text: 'oi' })
    expect(first.json()).toMatchObject({
      state: { status: 'waiting_input', nodeId: 'menu1' },
      steps: [
        { kind: 'text', text: 'Olá Joana!' },
        { kind: 'text', text: 'Escolha\n\n[1] Vendas' },
      ],
      reason: null,
    })
    const chosen = await simulate(first.json().state, { kind: 'input', text: '1' })
    expect(chosen.json()).toMatchObject({
      state: { status: 'finished' },
      steps: [{ kind: 'queue', queueName: 'Vendas' }],
    })
    const broken = await inject('POST', '/flowbuilder/simulate', asAdmin, {
      nodes: [hello],
      connections: [],
      state: null,
      event: { kind: 'start', text: 'oi' },
    })
    expect(failure(broken)).toEqual([
      400,
      { error: 'ERR_FLOW_INVALID', problems: [{ problem: 'startCount' }] },
    ])
  })

  test('live: admins hear creates, saves and deletes', async () => {
    const { company, asAdmin } = await team()
    const emit = vi.spyOn(t.deps.realtime, 'emit')
    try {
      const flow = await createFlow(asAdmin, 'Ao vivo')
      await save(asAdmin, flow.id, simple)
      await inject('DELETE', `/flowbuilder/${flow.id}`, asAdmin)
      const heard = emit.mock.calls.filter(([, , kind]) => kind === 'flowbuilder')
      expect(heard.map(([companyId, rooms, , payload]) => [companyId, rooms, payload])).toEqual([
        [company.id, ['admins'], { action: 'create', flow }],
        [
          company.id,
          ['admins'],
          { action: 'update', flow: expect.objectContaining({ id: flow.id }) },
        ],
        [company.id, ['admins'], { action: 'delete', flowId: flow.id }],
      ])
    } finally {
      emit.mockRestore()
    }
  })

  test("another company's flow is not found; profile users are refused, connection managers read", async () => {
    const { asAdmin, asAgent, asManager } = await team()
    const other = await team()
    const theirs = await createFlow(other.asAdmin, 'Deles')
    for (const [method, url, payload] of [
      ['GET', `/flowbuilder/${theirs.id}`, undefined],
      ['GET', `/flowbuilder/flow/${theirs.id}`, undefined],
      ['PUT', '/flowbuilder', { flowId: theirs.id, name: 'Nosso' }],
      ['DELETE', `/flowbuilder/${theirs.id}`, undefined],
      ['POST', '/flowbuilder/duplicate', { flowId: theirs.id }],
      ['POST', '/flowbuilder/flow', { idFlow: theirs.id, ...simple }],
    ] as const)
      expect(failure(await inject(method, url, asAdmin, payload))).toEqual([
        404,
        { error: 'ERR_NO_FLOW_FOUND' },
      ])
    expect((await inject('GET', '/flowbuilder', asAdmin)).json<FlowPage>().flows).toEqual([])
    const mine = await createFlow(asAdmin, 'Nosso')
    expect((await inject('GET', '/flowbuilder', asAgent)).statusCode).toBe(403)
    expect((await inject('POST', '/flowbuilder', asAgent, { name: 'Meu' })).statusCode).toBe(403)
    expect((await inject('GET', `/flowbuilder/flow/${mine.id}`, asManager)).statusCode).toBe(403)
    expect((await inject('GET', '/flowbuilder', asManager)).json<FlowPage>().flows).toEqual([mine])
    expect((await inject('GET', `/flowbuilder/${mine.id}`, asManager)).json()).toEqual({
      flow: mine,
    })
  })
})
