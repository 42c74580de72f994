import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type {
  FlowCampaignDetails,
  FlowCampaignDto,
  FlowCampaignList,
} from '@shared/contracts/flow-campaigns'
import type { FlowDto } from '@shared/contracts/flows'
import { buildCompany, buildConnection, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

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

async function team() {
  const company = await buildCompany(t.db)
  const asAdmin = await loginAs(t.app, await buildUser(t.db, { company, profile: 'admin' }))
  const asAgent = await loginAs(t.app, await buildUser(t.db, { company }))
  const flow = (await inject('POST', '/flowbuilder', asAdmin, { name: 'Promoção' })).json<FlowDto>()
  const connection = await buildConnection(t.db, company, { name: 'Loja' })
  const campaign = {
    name: 'Black Friday',
    flowId: flow.id,
    whatsappId: connection.id,
    phrase: '  Quero a PROMOÇÃO ',
  }
  return { company, asAdmin, asAgent, flow, connection, campaign }
}

describe('phrase campaigns', () => {
  test('create, read, update and delete; a campaign is on when created', async () => {
    const { asAdmin, flow, connection, campaign } = await team()
    const created = await inject('POST', '/flowcampaign', asAdmin, campaign)
    expect(created.statusCode).toBe(200)
    const dto = created.json<FlowCampaignDto>()
    expect(dto).toMatchObject({
      name: 'Black Friday',
      phrase: 'Quero a PROMOÇÃO',
      flowId: flow.id,
      flowName: 'Promoção',
      whatsappId: connection.id,
      status: true,
    })
    expect((await inject('GET', `/flowcampaign/${dto.id}`, asAdmin)).json()).toEqual({
      details: dto,
    } satisfies FlowCampaignDetails)
    const switchedOff = await inject('PUT', '/flowcampaign', asAdmin, {
      ...campaign,
      id: dto.id,
      name: 'Natal',
      status: false,
    })
    expect(switchedOff.json<FlowCampaignDto>()).toMatchObject({ name: 'Natal', status: false })
    // PUT without a status switches the campaign back on (reference §5).
    const on = await inject('PUT', '/flowcampaign', asAdmin, { ...campaign, id: dto.id })
    expect(on.json<FlowCampaignDto>().status).toBe(true)
    const list = (await inject('GET', '/flowcampaign', asAdmin)).json<FlowCampaignList>()
    expect(list.flow.map((row) => row.id)).toEqual([dto.id])
    const off = await inject('POST', '/flowcampaign', asAdmin, {
      ...campaign,
      name: 'Páscoa',
      phrase: 'páscoa',
      status: false,
    })
    expect(off.json<FlowCampaignDto>().status).toBe(false)
    expect((await inject('DELETE', `/flowcampaign/${dto.id}`, asAdmin)).statusCode).toBe(200)
    expect(failure(await inject('GET', `/flowcampaign/${dto.id}`, asAdmin))).toEqual([
      404,
      { error: 'ERR_NO_FLOW_CAMPAIGN_FOUND' },
    ])
  })

  test('every field is required; the flow and the connection must be the company’s', async () => {
    const { asAdmin, campaign } = await team()
    const other = await team()
    const cases: Array<[object, string]> = [
      [{ ...campaign, name: ' ' }, 'name'],
      [{ ...campaign, name: 'x' }, 'name'],
      [{ ...campaign, flowId: null }, 'flowId'],
      [{ ...campaign, whatsappId: null }, 'whatsappId'],
      [{ ...campaign, phrase: '   ' }, 'phrase'],
      [{ ...campaign, flowId: other.flow.id }, 'flowId'],
      [{ ...campaign, whatsappId: other.connection.id }, 'whatsappId'],
    ]
    for (const [payload, field] of cases)
      expect(failure(await inject('POST', '/flowcampaign', asAdmin, payload))).toEqual([
        400,
        { error: 'ERR_VALIDATION', field },
      ])
  })

  test('an active phrase is unique per connection, in any case and without accents', async () => {
    const { company, asAdmin, campaign } = await team()
    const first = (await inject('POST', '/flowcampaign', asAdmin, campaign)).json<FlowCampaignDto>()
    const same = { ...campaign, name: 'Outra', phrase: 'quero a promocao' }
    expect(failure(await inject('POST', '/flowcampaign', asAdmin, same))).toEqual([
      409,
      { error: 'ERR_DUPLICATED_PHRASE', field: 'phrase' },
    ])
    const elsewhere = await buildConnection(t.db, company, { name: 'Filial' })
    const onAnother = await inject('POST', '/flowcampaign', asAdmin, {
      ...same,
      whatsappId: elsewhere.id,
    })
    expect(onAnother.statusCode).toBe(200)
    await inject('PUT', '/flowcampaign', asAdmin, { ...campaign, id: first.id, status: false })
    expect((await inject('POST', '/flowcampaign', asAdmin, same)).statusCode).toBe(200)
    // The first one cannot come back on while the new one holds the phrase.
    expect(
      failure(await inject('PUT', '/flowcampaign', asAdmin, { ...campaign, id: first.id })),
    ).toEqual([409, { error: 'ERR_DUPLICATED_PHRASE', field: 'phrase' }])
  })

  test('live: admins hear creates, updates and deletes', async () => {
    const { company, asAdmin, campaign } = await team()
    const emit = vi.spyOn(t.deps.realtime, 'emit')
    try {
      const created = (
        await inject('POST', '/flowcampaign', asAdmin, campaign)
      ).json<FlowCampaignDto>()
      await inject('PUT', '/flowcampaign', asAdmin, { ...campaign, id: created.id, name: 'Natal' })
      await inject('DELETE', `/flowcampaign/${created.id}`, asAdmin)
      const heard = emit.mock.calls.filter(([, , kind]) => kind === 'flowcampaign')
      expect(heard.map(([companyId, rooms, , payload]) => [companyId, rooms, payload])).toEqual([
        [company.id, ['admins'], { action: 'create', campaign: created }],
        [
          company.id,
          ['admins'],
          { action: 'update', campaign: expect.objectContaining({ name: 'Natal' }) },
        ],
        [company.id, ['admins'], { action: 'delete', campaignId: created.id }],
      ])
    } finally {
      emit.mockRestore()
    }
  })

  test("another company's campaign is not found; profile users are refused", async () => {
    const { asAdmin, asAgent, campaign } = await team()
    const other = await team()
    const theirs = (
      await inject('POST', '/flowcampaign', other.asAdmin, other.campaign)
    ).json<FlowCampaignDto>()
    for (const [method, url, payload] of [
      ['GET', `/flowcampaign/${theirs.id}`, undefined],
      ['PUT', '/flowcampaign', { ...campaign, id: theirs.id }],
      ['DELETE', `/flowcampaign/${theirs.id}`, undefined],
    ] as const)
      expect(failure(await inject(method, url, asAdmin, payload))).toEqual([
        404,
        { error: 'ERR_NO_FLOW_CAMPAIGN_FOUND' },
      ])
    expect((await inject('GET', '/flowcampaign', asAdmin)).json<FlowCampaignList>().flow).toEqual(
      [],
    )
    expect((await inject('GET', '/flowcampaign', asAgent)).statusCode).toBe(403)
    expect((await inject('POST', '/flowcampaign', asAgent, campaign)).statusCode).toBe(403)
  })
})
