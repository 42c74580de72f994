import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type {
  CampaignDto,
  CampaignPage,
  CampaignSettingRow,
  SaveCampaignBody,
} from '@shared/contracts/campaigns'
import type { ContactListDto } from '@shared/contracts/contact-lists'
import { rooms } from '@shared/realtime/events'
import { rawSqlOf } from '@server/db/client'
import {
  buildCompany,
  buildConnection,
  buildPlan,
  buildQueue,
  buildTag,
  buildUser,
} from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { multipart, PNG_1x1 } from '@tests/helpers/messages'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { campaignStartKey } from './campaigns.engine'
import { campaigns } from './campaigns.table'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
type Headers = Record<string, string>
const inject = (method: Method, url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })
const failure = (response: { statusCode: number; json(): unknown }) => [
  response.statusCode,
  response.json(),
]

async function team() {
  const company = await buildCompany(t.db)
  const admin = await buildUser(t.db, { company, profile: 'admin' })
  const asAdmin = await loginAs(t.app, admin)
  const connection = await buildConnection(t.db, company, { name: 'Loja', status: 'CONNECTED' })
  const list = (
    await inject('POST', '/contact-lists', asAdmin, { name: 'Clientes' })
  ).json<ContactListDto>()
  for (const [name, number] of [
    ['Ana', '5511911110001'],
    ['Bia', '5511911110002'],
  ])
    await inject('POST', '/contact-list-items', asAdmin, { name, number, contactListId: list.id })
  const draft: SaveCampaignBody = {
    name: 'Natal',
    whatsappId: connection.id,
    contactListId: list.id,
    message1: 'Olá {nome}!',
  }
  return {
    company,
    admin,
    asAdmin,
    asAgent: await loginAs(t.app, await buildUser(t.db, { company })),
    connection,
    list,
    draft,
  }
}

const create = async (headers: Headers, body: SaveCampaignBody) => {
  const response = await inject('POST', '/campaigns', headers, body)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<CampaignDto>()
}

/** The start job queued for a campaign: its state and when it runs. */
async function startJob(campaignId: number) {
  const { rows } = await rawSqlOf(t.db).executeSql(
    `SELECT state, start_after AS "startAfter" FROM pgboss.job
     WHERE name = 'campaigns.start' AND singleton_key = $1 ORDER BY created_on`,
    [campaignStartKey(campaignId)],
  )
  return rows as { state: string; startAfter: Date }[]
}

describe('campaigns', () => {
  test('a draft keeps the spec defaults and its audience before it starts', async () => {
    const { asAdmin, draft, list, connection } = await team()
    const campaign = await create(asAdmin, draft)
    expect(campaign).toMatchObject({
      name: 'Natal',
      status: 'INATIVA',
      confirmation: false,
      openTicket: 'disabled',
      statusTicket: 'closed',
      contactList: { id: list.id, name: 'Clientes' },
      whatsapp: { id: connection.id, name: 'Loja', channel: 'whatsapp' },
      message1: 'Olá {nome}!',
      message2: '',
      report: { total: 2, valid: 2, pending: 2, sent: 0, progressPercent: 0 },
    })
    expect(await startJob(campaign.id)).toEqual([])
    const page = (await inject('GET', '/campaigns?searchParam=nat', asAdmin)).json<CampaignPage>()
    expect(page.records.map((row) => row.id)).toEqual([campaign.id])
  })

  test('the spec validations and references of the company only', async () => {
    const { asAdmin, draft } = await team()
    const stranger = await team()
    const bad = async (change: Partial<SaveCampaignBody>) =>
      failure(await inject('POST', '/campaigns', asAdmin, { ...draft, ...change }))
    expect(await bad({ name: 'N' })).toEqual([400, { error: 'ERR_VALIDATION', field: 'name' }])
    expect(await bad({ whatsappId: null })).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'whatsappId' },
    ])
    expect(await bad({ contactListId: null })).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'contactListId' },
    ])
    expect(await bad({ message1: ' ' })).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'message1' },
    ])
    expect(await bad({ confirmation: true })).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'confirmationMessage1' },
    ])
    const user = await buildUser(t.db, { company: (await team()).company })
    expect(await bad({ openTicket: 'enabled', userId: user.id })).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'queueId' },
    ])
    for (const [field, value] of [
      ['whatsappId', stranger.connection.id],
      ['contactListId', stranger.list.id],
    ] as const)
      expect(await bad({ [field]: value })).toEqual([400, { error: 'ERR_VALIDATION', field }])
    const facebook = await buildConnection(t.db, (await team()).company, { channel: 'facebook' })
    expect(await bad({ whatsappId: facebook.id })).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'whatsappId' },
    ])
  })

  test('ticket options count only when tickets are opened', async () => {
    const { company, asAdmin, draft } = await team()
    const queue = await buildQueue(t.db, company)
    const user = await buildUser(t.db, { company })
    const closed = await create(asAdmin, {
      ...draft,
      userId: user.id,
      queueId: queue.id,
      statusTicket: 'open',
    })
    expect(closed).toMatchObject({ userId: null, queueId: null, statusTicket: 'closed' })
    const opened = await create(asAdmin, {
      ...draft,
      openTicket: 'enabled',
      userId: user.id,
      queueId: queue.id,
      statusTicket: 'pending',
    })
    expect(opened).toMatchObject({
      openTicket: 'enabled',
      user: { id: user.id },
      queue: { id: queue.id },
      statusTicket: 'pending',
    })
  })

  test('a scheduled time queues the start; editing moves or drops it; a tag may be the audience', async () => {
    const { company, asAdmin, draft } = await team()
    const tag = await buildTag(t.db, company, { name: 'VIP' })
    const inTwoHours = new Date(Date.now() + 2 * 3_600_000).toISOString()
    const campaign = await create(asAdmin, {
      ...draft,
      contactListId: null,
      tagListId: tag.id,
      scheduledAt: inTwoHours,
    })
    expect(campaign).toMatchObject({ status: 'PROGRAMADA', tag: { id: tag.id, name: 'VIP' } })
    expect(await startJob(campaign.id)).toEqual([
      { state: 'created', startAfter: new Date(inTwoHours) },
    ])
    const later = new Date(Date.now() + 3 * 3_600_000).toISOString()
    await inject('PUT', `/campaigns/${campaign.id}`, asAdmin, {
      ...draft,
      scheduledAt: later,
    })
    expect((await startJob(campaign.id)).map((job) => job.state)).toEqual(['cancelled', 'created'])
    const asDraft = await inject('PUT', `/campaigns/${campaign.id}`, asAdmin, {
      ...draft,
      scheduledAt: '',
    })
    expect(asDraft.json<CampaignDto>()).toMatchObject({ status: 'INATIVA', scheduledAt: null })
    expect((await startJob(campaign.id)).map((job) => job.state)).toEqual([
      'cancelled',
      'cancelled',
    ])
  })

  test('a campaign starting within the hour is no longer edited; a running one is not deleted', async () => {
    const { asAdmin, draft } = await team()
    const soon = await create(asAdmin, {
      ...draft,
      scheduledAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    })
    expect(
      failure(await inject('PUT', `/campaigns/${soon.id}`, asAdmin, { ...draft, name: 'Outro' })),
    ).toEqual([409, { error: 'ERR_CAMPAIGN_NOT_EDITABLE' }])
    expect(failure(await inject('POST', `/campaigns/${soon.id}/cancel`, asAdmin))).toEqual([
      409,
      { error: 'ERR_CAMPAIGN_STATUS' },
    ])
    const running = await create(asAdmin, draft)
    await t.db.update(campaigns).set({ status: 'EM_ANDAMENTO' }).where(eq(campaigns.id, running.id))
    expect(failure(await inject('DELETE', `/campaigns/${running.id}`, asAdmin))).toEqual([
      409,
      { error: 'ERR_CAMPAIGN_IN_PROGRESS' },
    ])
    expect(failure(await inject('POST', `/campaigns/${running.id}/restart`, asAdmin))).toEqual([
      409,
      { error: 'ERR_CAMPAIGN_STATUS' },
    ])
    expect((await inject('POST', `/campaigns/${running.id}/cancel`, asAdmin)).statusCode).toBe(204)
    // Cancelled: its texts may change, nothing else.
    const edited = await inject('PUT', `/campaigns/${running.id}`, asAdmin, {
      ...draft,
      name: 'Ignorado',
      message1: 'Novo texto',
    })
    expect(edited.json<CampaignDto>()).toMatchObject({
      status: 'CANCELADA',
      name: 'Natal',
      message1: 'Novo texto',
    })
    expect((await inject('DELETE', `/campaigns/${running.id}`, asAdmin)).json()).toEqual({
      message: 'Campaign deleted',
    })
  })

  test('an attachment is stored, replaced and removed', async () => {
    const { asAdmin, draft } = await team()
    const campaign = await create(asAdmin, draft)
    const form = await multipart([['file', PNG_1x1, 'promo.png']])
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/campaigns/${campaign.id}/media-upload`,
      headers: { ...asAdmin, ...form.headers },
      payload: form.payload,
    })
    const withFile = uploaded.json<CampaignDto>()
    expect(withFile).toMatchObject({ mediaName: 'promo.png', mediaMime: 'image/png' })
    expect((await t.app.inject({ method: 'GET', url: withFile.mediaUrl! })).statusCode).toBe(200)
    const cleared = await inject('DELETE', `/campaigns/${campaign.id}/media-upload`, asAdmin)
    expect(cleared.json<CampaignDto>()).toMatchObject({ mediaPath: null, mediaUrl: null })
    expect((await t.app.inject({ method: 'GET', url: withFile.mediaUrl! })).statusCode).toBe(404)
  })

  test('events reach the admins', async () => {
    const { asAdmin, draft } = await team()
    const emit = vi.spyOn(t.deps.realtime, 'emit')
    const campaign = await create(asAdmin, draft)
    await inject('DELETE', `/campaigns/${campaign.id}`, asAdmin)
    const calls = emit.mock.calls.filter(([, , kind]) => kind === 'campaign')
    emit.mockRestore()
    expect(calls.map(([, to, , payload]) => [to, payload.action])).toEqual([
      [[rooms.admins], 'create'],
      [[rooms.admins], 'delete'],
    ])
  })

  test('admins of plans with campaigns only; another company is not found', async () => {
    const { asAdmin, asAgent, draft } = await team()
    const campaign = await create(asAdmin, draft)
    expect(failure(await inject('GET', '/campaigns', asAgent))).toEqual([
      403,
      { error: 'ERR_NO_PERMISSION' },
    ])
    const noCampaigns = await buildCompany(t.db, {
      plan: await buildPlan(t.db, { useCampaigns: false }),
    })
    const outsider = await loginAs(
      t.app,
      await buildUser(t.db, { company: noCampaigns, profile: 'admin' }),
    )
    expect(failure(await inject('GET', '/campaign-settings', outsider))).toEqual([
      403,
      { error: 'ERR_NO_PERMISSION' },
    ])
    const stranger = await team()
    for (const [method, url] of [
      ['GET', `/campaigns/${campaign.id}`],
      ['DELETE', `/campaigns/${campaign.id}`],
      ['POST', `/campaigns/${campaign.id}/cancel`],
      ['POST', `/campaigns/${campaign.id}/restart`],
      ['GET', `/campaigns/${campaign.id}/shipping`],
      ['GET', `/campaigns/${campaign.id}/failures`],
      ['DELETE', `/campaigns/${campaign.id}/media-upload`],
    ] as const)
      expect(failure(await inject(method, url, stranger.asAdmin))).toEqual([
        404,
        { error: 'ERR_NO_CAMPAIGN_FOUND' },
      ])
    expect(
      failure(await inject('PUT', `/campaigns/${campaign.id}`, stranger.asAdmin, stranger.draft)),
    ).toEqual([404, { error: 'ERR_NO_CAMPAIGN_FOUND' }])
    expect((await inject('GET', '/campaigns', stranger.asAdmin)).json<CampaignPage>().count).toBe(0)
  })
})

describe('campaign settings', () => {
  test('saved keys are checked, stored as text and folded by the client', async () => {
    const { asAdmin } = await team()
    expect((await inject('GET', '/campaign-settings', asAdmin)).json()).toEqual([])
    const saved = await inject('POST', '/campaign-settings', asAdmin, {
      settings: {
        messageInterval: 30,
        sabado: true,
        startHour: '08:00',
        variables: [{ key: 'cupom', value: 'NATAL10' }],
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json<CampaignSettingRow[]>().map(({ key, value }) => [key, value])).toEqual([
      ['messageInterval', '30'],
      ['sabado', 'true'],
      ['startHour', '08:00'],
      ['variables', '[{"key":"cupom","value":"NATAL10"}]'],
    ])
    for (const [settings, field] of [
      [{ messageInterval: 500 }, 'messageInterval'],
      [{ cor: 'azul' }, 'cor'],
      [{ endHour: '07:00' }, 'endHour'],
      [{ variables: [{ key: 'nome', value: 'x' }] }, 'variables'],
    ] as const)
      expect(failure(await inject('POST', '/campaign-settings', asAdmin, { settings }))).toEqual([
        400,
        { error: 'ERR_VALIDATION', field },
      ])
    const stranger = await team()
    expect((await inject('GET', '/campaign-settings', stranger.asAdmin)).json()).toEqual([])
  })
})
