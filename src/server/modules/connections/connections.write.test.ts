import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import {
  buildCompany,
  buildConnection,
  buildFlow,
  buildIntegration,
  buildPlan,
  buildQueue,
  buildUser,
} from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { startFakeGraph, type FakeGraph } from '@tests/helpers/fake-graph'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import type { CompanyEventKind, CompanyEventPayloads } from '@shared/realtime/events'
import { createGraphClient } from '@server/channels/graph/client'
import { createMailer } from '@server/lib/mailer'
import { addDays, dateIn } from '@shared/dates'
import { createTokenService } from '@server/lib/tokens'
import { createConnectionsService } from './connections.service'
import { connections } from './connections.table'

const PHONE_ID = '106540352242922'
const CLOUD_TOKEN = 'EAAG-cloud-token-secret'
const PAGE_ID = '1234567890'
const PAGE_TOKEN = 'EAAG-page-token-secret'
const INSTAGRAM_ID = '17841400000000000'

let t: TestApp
let graph: FakeGraph
beforeAll(async () => {
  graph = await startFakeGraph()
  graph.addPhoneNumber(PHONE_ID, { token: CLOUD_TOKEN, displayPhoneNumber: '+1 555-078-3881' })
  graph.addPage({
    id: PAGE_ID,
    token: PAGE_TOKEN,
    name: 'Loja',
    instagram: { id: INSTAGRAM_ID, username: 'loja' },
  })
  t = await buildTestApp({ config: { graph: { apiUrl: graph.url, version: graph.version } } })
})
afterAll(async () => {
  await t.close()
  await graph.close()
})
beforeEach(() => graph.reset())

async function setup(planOverrides: Parameters<typeof buildPlan>[1] = {}) {
  const plan = await buildPlan(t.db, planOverrides)
  const company = await buildCompany(t.db, { plan })
  const admin = await buildUser(t.db, { company, profile: 'admin' })
  const manager = await buildUser(t.db, { company, allowConnections: 'enabled' })
  const agent = await buildUser(t.db, { company })
  return {
    company,
    asAdmin: await loginAs(t.app, admin),
    asManager: await loginAs(t.app, manager),
    asAgent: await loginAs(t.app, agent),
  }
}

const create = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/whatsapp', headers, payload })
const update = (headers: Record<string, string>, id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/whatsapp/${id}`, headers, payload })
const list = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/whatsapp', headers })).json<
    Array<{ id: number; name: string; isDefault: boolean }>
  >()
const failure = (response: { statusCode: number; json(): unknown }) => [
  response.statusCode,
  response.json(),
]

describe('POST /whatsapp', () => {
  test('creates a WhatsApp connection: OPENING, a generated token, its queues; the first is default', async () => {
    const { company, asAdmin } = await setup()
    const queue = await buildQueue(t.db, company)
    const response = await create(asAdmin, {
      name: ' Central ',
      channel: 'whatsapp',
      greetingMessage: 'Olá!',
      queueIds: [queue.id],
      maxUseBotQueues: '5',
      timeUseBotQueues: '10',
      collectiveVacationStart: '',
      importOldMessages: '',
      sendIdQueue: '',
      session: 0,
    })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      name: 'Central',
      channel: 'whatsapp',
      status: 'OPENING',
      isDefault: true,
      token: expect.stringMatching(/^[A-Za-z0-9]{30}$/),
      queueIds: [queue.id],
      maxUseBotQueues: 5,
      timeUseBotQueues: 10,
      collectiveVacationStart: null,
      importOldMessages: null,
      sendIdQueue: null,
    })
    const second = await create(asAdmin, { name: 'Second' })
    expect(second.json()).toMatchObject({ channel: 'whatsapp', isDefault: false })
  })

  test('asking for the default moves it: the previous default loses the flag', async () => {
    const { asAdmin } = await setup()
    const first = (await create(asAdmin, { name: 'First' })).json()
    const second = await create(asAdmin, { name: 'Second', isDefault: true })
    expect(second.json().isDefault).toBe(true)
    const rows = await list(asAdmin)
    expect(rows.map((row) => [row.id, row.isDefault])).toEqual([
      [first.id, false],
      [second.json().id, true],
    ])
  })

  test('admins and users with allowConnections may create; other users may not', async () => {
    const { asManager, asAgent } = await setup()
    expect((await create(asManager, { name: 'By manager' })).statusCode).toBe(201)
    expect(failure(await create(asAgent, { name: 'By agent' }))).toEqual([
      403,
      { error: 'ERR_NO_PERMISSION' },
    ])
  })

  test('the plan limits the number of connections and gates each channel', async () => {
    const { asAdmin } = await setup({ connections: 2, useFacebook: false })
    expect((await create(asAdmin, { name: 'One' })).statusCode).toBe(201)
    expect(failure(await create(asAdmin, { name: 'Page', channel: 'facebook' }))).toEqual([
      403,
      { error: 'ERR_NO_PERMISSION' },
    ])
    expect((await create(asAdmin, { name: 'Two' })).statusCode).toBe(201)
    expect(failure(await create(asAdmin, { name: 'Three' }))).toEqual([
      403,
      { error: 'ERR_CONNECTION_LIMIT_REACHED' },
    ])
    const noWhatsapp = await setup({ useWhatsapp: false })
    for (const channel of ['whatsapp', 'whatsappapi'])
      expect(
        (
          await create(noWhatsapp.asAdmin, {
            name: 'Cloud',
            channel,
            wabaPhoneNumberId: PHONE_ID,
            wabaAccessToken: CLOUD_TOKEN,
          })
        ).statusCode,
      ).toBe(403)
  })

  test('names: at least 2 characters, unique within the company and channel', async () => {
    const { asAdmin } = await setup()
    expect(failure(await create(asAdmin, { name: 'x' }))).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'name' },
    ])
    expect(failure(await create(asAdmin, { name: '  x  ' }))).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'name' },
    ])
    expect((await create(asAdmin, { name: 'Atendimento' })).statusCode).toBe(201)
    expect(failure(await create(asAdmin, { name: 'Atendimento' }))).toEqual([
      409,
      { error: 'ERR_DUPLICATED_CONNECTION' },
    ])
    graph.addPage({ id: '3234567890', token: 'EAAG-page-of-names', name: 'Atendimento' })
    const otherChannel = await create(asAdmin, {
      name: 'Atendimento',
      channel: 'facebook',
      facebookPageUserId: '3234567890',
      facebookPageToken: 'EAAG-page-of-names',
    })
    expect(otherChannel.statusCode).toBe(201)
    // Another company may use the same name.
    expect((await create((await setup()).asAdmin, { name: 'Atendimento' })).statusCode).toBe(201)
  })

  test('more than one queue needs a greeting; queues must be the company’s', async () => {
    const { company, asAdmin } = await setup()
    const [a, b] = [await buildQueue(t.db, company), await buildQueue(t.db, company)]
    expect(failure(await create(asAdmin, { name: 'Menu', queueIds: [a.id, b.id] }))).toEqual([
      400,
      { error: 'ERR_WAPP_GREETING_REQUIRED' },
    ])
    expect(
      failure(
        await create(asAdmin, { name: 'Menu', queueIds: [a.id, b.id], greetingMessage: '   ' }),
      ),
    ).toEqual([400, { error: 'ERR_WAPP_GREETING_REQUIRED' }])
    expect(
      (await create(asAdmin, { name: 'Menu', queueIds: [a.id, b.id], greetingMessage: 'Escolha:' }))
        .statusCode,
    ).toBe(201)
    const foreign = await buildQueue(t.db, await buildCompany(t.db))
    expect(failure(await create(asAdmin, { name: 'Leak', queueIds: [foreign.id] }))).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'queueIds' },
    ])
    expect(
      failure(await create(asAdmin, { name: 'Leak', timeSendQueue: 5, sendIdQueue: foreign.id })),
    ).toEqual([400, { error: 'ERR_VALIDATION', field: 'sendIdQueue' }])
  })

  test('form rules of the spec: redirect queue, ratings, vacation and import dates', async () => {
    const { asAdmin } = await setup()
    const field = async (payload: Record<string, unknown>) =>
      (await create(asAdmin, { name: 'Rules', ...payload })).json().field
    expect(await field({ timeSendQueue: 10 })).toBe('sendIdQueue')
    expect(await field({ ratingMessage: 'Nota de 0 a 10?' })).toBe('expiresTicketNPS')
    expect(await field({ collectiveVacationMessage: 'Férias' })).toBe('collectiveVacationStart')
    expect(
      await field({
        collectiveVacationMessage: 'Férias',
        collectiveVacationStart: '2030-01-10',
        collectiveVacationEnd: '2030-01-01',
      }),
    ).toBe('collectiveVacationEnd')
    const day = 24 * 3600_000
    expect(await field({ importOldMessages: new Date(Date.now() + 2 * day).toISOString() })).toBe(
      'importOldMessages',
    )
    expect(
      await field({ importOldMessages: new Date(Date.now() - 3 * 365 * day).toISOString() }),
    ).toBe('importOldMessages')
    expect(
      await field({
        importOldMessages: new Date(Date.now() - 10 * day).toISOString(),
        importRecentMessages: new Date(Date.now() - 20 * day).toISOString(),
      }),
    ).toBe('importRecentMessages')
    const valid = await create(asAdmin, {
      name: 'Rules',
      ratingMessage: 'Nota?',
      expiresTicketNPS: 30,
      collectiveVacationMessage: 'Férias',
      collectiveVacationStart: '2030-01-01',
      collectiveVacationEnd: '2030-01-10',
      importOldMessages: new Date(Date.now() - 20 * day).toISOString(),
      importRecentMessages: new Date(Date.now() - 10 * day).toISOString(),
    })
    expect(valid.statusCode).toBe(201)
    expect(valid.json()).toMatchObject({
      collectiveVacationStart: '2030-01-01',
      collectiveVacationEnd: '2030-01-10',
    })
  })

  test('the renderer’s rules hold here too: redirect and rating in both directions', async () => {
    const { company, asAdmin } = await setup()
    const queue = await buildQueue(t.db, company)
    const field = async (payload: Record<string, unknown>) =>
      failure(await create(asAdmin, { name: 'Rules', ...payload }))
    expect(await field({ sendIdQueue: queue.id })).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'timeSendQueue' },
    ])
    expect(await field({ expiresTicketNPS: 10 })).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'ratingMessage' },
    ])
  })

  test('a vacation starts at most 10 days back, counted in the company’s time zone (001 §9)', async () => {
    const { company, asAdmin } = await setup()
    const today = dateIn(company.timezone)
    const vacation = (start: string) => ({
      name: `Férias ${start}`,
      collectiveVacationMessage: 'Férias coletivas',
      collectiveVacationStart: start,
      collectiveVacationEnd: addDays(today, 20),
    })
    expect(failure(await create(asAdmin, vacation(addDays(today, -11))))).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'collectiveVacationStart' },
    ])
    const started = await create(asAdmin, vacation(addDays(today, -10)))
    expect(started.statusCode).toBe(201)

    // A stored start was judged when it was sent: other changes save as time goes by.
    const running = await buildConnection(t.db, company, {
      ...vacation(addDays(today, -30)),
      name: 'Running vacation',
    })
    const renamed = await update(asAdmin, running.id, { name: 'Still on vacation' })
    expect(renamed.statusCode).toBe(200)
    expect(
      failure(await update(asAdmin, running.id, { collectiveVacationStart: addDays(today, -30) })),
    ).toEqual([400, { error: 'ERR_VALIDATION', field: 'collectiveVacationStart' }])
  })

  test('service hours follow the queue and company rules; automation ids must exist', async () => {
    const { asAdmin } = await setup()
    const day = (weekdayEn: string) => ({
      weekday: weekdayEn,
      weekdayEn,
      startTimeA: '08:00',
      endTimeA: '12:00',
      startTimeB: '',
      endTimeB: '',
    })
    const halfShift = [{ ...day('monday'), endTimeA: '' }]
    const twice = [day('monday'), day('monday')]
    for (const schedules of [halfShift, twice])
      expect(failure(await create(asAdmin, { name: 'Hours', schedules }))).toEqual([
        400,
        { error: 'ERR_VALIDATION', field: 'schedules' },
      ])
    for (const field of ['integrationId', 'promptId', 'flowIdWelcome', 'flowIdNotPhrase'])
      expect(failure(await create(asAdmin, { name: 'Refs', [field]: 3 }))).toEqual([
        400,
        { error: 'ERR_VALIDATION', field },
      ])
    expect((await create(asAdmin, { name: 'Refs', integrationId: null })).statusCode).toBe(201)
  })

  test("an integration of the company is taken; another company's is refused", async () => {
    const { company, asAdmin } = await setup()
    const mine = await buildIntegration(t.db, company, { type: 'typebot', typebotSlug: 'bot' })
    const theirs = await buildIntegration(t.db, await buildCompany(t.db))
    const taken = await create(asAdmin, { name: 'Com robô', integrationId: mine.id })
    expect(taken.statusCode).toBe(201)
    expect(taken.json()).toMatchObject({ integrationId: mine.id })
    expect(failure(await create(asAdmin, { name: 'Alheia', integrationId: theirs.id }))).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'integrationId' },
    ])
  })

  test("the company's flows are the default flows; another company's are refused", async () => {
    const { company, asAdmin } = await setup()
    const welcome = await buildFlow(t.db, company)
    const notPhrase = await buildFlow(t.db, company)
    const theirs = await buildFlow(t.db, await buildCompany(t.db))
    const taken = await create(asAdmin, {
      name: 'Com fluxos',
      flowIdWelcome: welcome.id,
      flowIdNotPhrase: notPhrase.id,
    })
    expect(taken.statusCode).toBe(201)
    expect(taken.json()).toMatchObject({ flowIdWelcome: welcome.id, flowIdNotPhrase: notPhrase.id })
    for (const field of ['flowIdWelcome', 'flowIdNotPhrase'])
      expect(failure(await create(asAdmin, { name: 'Alheio', [field]: theirs.id }))).toEqual([
        400,
        { error: 'ERR_VALIDATION', field },
      ])
  })

  test('a given token is kept; a token in use anywhere is refused', async () => {
    const { asAdmin } = await setup()
    const token = 'A'.repeat(30)
    expect((await create(asAdmin, { name: 'Mine', token })).json().token).toBe(token)
    const other = await setup()
    expect(failure(await create(other.asAdmin, { name: 'Theirs', token }))).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'token' },
    ])
    // Two companies racing for one token: the unique index decides, with the same answer.
    const racing = 'B'.repeat(30)
    const answers = await Promise.all([
      create(other.asAdmin, { name: 'Race', token: racing }),
      create((await setup()).asAdmin, { name: 'Race', token: racing }),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400])
    expect(answers.find((answer) => answer.statusCode === 400)?.json()).toEqual({
      error: 'ERR_VALIDATION',
      field: 'token',
    })
    expect(failure(await create(other.asAdmin, { name: 'Short', token: 'abc' }))).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'token' },
    ])
  })

  test('Cloud API: credentials validated on Graph → CONNECTED with the number; sealed, never answered', async () => {
    const { asAdmin } = await setup()
    const response = await create(asAdmin, {
      name: 'Cloud',
      channel: 'whatsappapi',
      wabaPhoneNumberId: PHONE_ID,
      wabaBusinessAccountId: '102290129340398',
      wabaAccessToken: CLOUD_TOKEN,
      wabaAppSecret: 'the-app-secret',
      wabaVerifyToken: 'the-verify-token',
    })
    expect(response.statusCode).toBe(201)
    const dto = response.json()
    expect(dto).toMatchObject({
      channel: 'whatsappapi',
      status: 'CONNECTED',
      number: '15550783881',
      wabaPhoneNumberId: PHONE_ID,
      wabaBusinessAccountId: '102290129340398',
      hasWabaAccessToken: true,
      hasWabaAppSecret: true,
      hasWabaVerifyToken: true,
      isDefault: true,
    })
    for (const secret of [CLOUD_TOKEN, 'the-app-secret', 'the-verify-token'])
      expect(response.body).not.toContain(secret)
    expect(dto).not.toHaveProperty('wabaAccessToken')
    expect(graph.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: `/v21.0/${PHONE_ID}`,
        authorization: `Bearer ${CLOUD_TOKEN}`,
      }),
    ])
    const [row] = await t.db.select().from(connections).where(eq(connections.id, dto.id))
    expect(row!.wabaAccessTokenSealed).not.toContain(CLOUD_TOKEN)
    expect(t.services.channels.connectionFor(row!).secrets).toMatchObject({
      wabaAccessToken: CLOUD_TOKEN,
      wabaAppSecret: 'the-app-secret',
      wabaVerifyToken: 'the-verify-token',
    })
  })

  test('Cloud API: refused credentials → DISCONNECTED; missing ones are a validation error', async () => {
    const { asAdmin } = await setup()
    const refused = await create(asAdmin, {
      name: 'Cloud',
      channel: 'whatsappapi',
      wabaPhoneNumberId: PHONE_ID,
      wabaAccessToken: 'expired-token',
    })
    expect(refused.json()).toMatchObject({ status: 'DISCONNECTED', number: '' })
    graph.failNext({ status: 503 })
    const unavailable = await create(asAdmin, {
      name: 'Cloud 2',
      channel: 'whatsappapi',
      wabaPhoneNumberId: PHONE_ID,
      wabaAccessToken: CLOUD_TOKEN,
    })
    expect(unavailable.json().status).toBe('DISCONNECTED')
    expect(
      failure(
        await create(asAdmin, {
          name: 'No token',
          channel: 'whatsappapi',
          wabaPhoneNumberId: PHONE_ID,
        }),
      ),
    ).toEqual([400, { error: 'ERR_VALIDATION', field: 'wabaAccessToken' }])
    expect(
      failure(
        await create(asAdmin, { name: 'No id', channel: 'whatsappapi', wabaAccessToken: 'x' }),
      ),
    ).toEqual([400, { error: 'ERR_VALIDATION', field: 'wabaPhoneNumberId' }])
    expect(
      failure(
        await create(asAdmin, {
          name: 'Bad id',
          channel: 'whatsappapi',
          wabaPhoneNumberId: '12/../34',
          wabaAccessToken: 'x',
        }),
      ),
    ).toEqual([400, { error: 'ERR_VALIDATION', field: 'wabaPhoneNumberId' }])
  })

  test('Facebook and Instagram: the page token is checked on /me; never the default', async () => {
    const { asAdmin } = await setup()
    const page = await create(asAdmin, {
      name: 'Página',
      channel: 'facebook',
      isDefault: true,
      facebookPageUserId: PAGE_ID,
      facebookPageToken: PAGE_TOKEN,
      wabaAppSecret: 'app-secret',
    })
    expect(page.statusCode).toBe(201)
    expect(page.json()).toMatchObject({
      status: 'CONNECTED',
      isDefault: false,
      facebookPageUserId: PAGE_ID,
      hasFacebookPageToken: true,
      hasWabaAppSecret: true,
    })
    expect(page.body).not.toContain(PAGE_TOKEN)
    expect(graph.requests.map((request) => [request.path, request.authorization])).toEqual([
      ['/v21.0/me', `Bearer ${PAGE_TOKEN}`],
    ])
    const insta = await create(asAdmin, {
      name: 'Insta',
      channel: 'instagram',
      facebookPageUserId: INSTAGRAM_ID,
      facebookPageToken: PAGE_TOKEN,
    })
    expect(insta.json()).toMatchObject({ status: 'CONNECTED', isDefault: false })
    expect(
      failure(
        await create(asAdmin, { name: 'No page', channel: 'instagram', facebookPageToken: 'x' }),
      ),
    ).toEqual([400, { error: 'ERR_VALIDATION', field: 'facebookPageUserId' }])
  })

  test('a page is saved only with a token of its own, and never in a second company', async () => {
    const page = { id: '2234567890', token: 'EAAG-second-page', instagram: '17841400000000002' }
    graph.addPage({
      id: page.id,
      token: page.token,
      name: 'Loja Dois',
      instagram: { id: page.instagram, username: 'lojadois' },
    })
    const owner = await setup()
    const claimant = await setup()
    let n = 0
    const claim = (headers: Record<string, string>, body: Record<string, unknown>) =>
      create(headers, { name: `Claim ${(n += 1)}`, ...body })
    // A token of another page, a junk token, an Instagram account not linked to the page.
    for (const body of [
      { channel: 'facebook', facebookPageUserId: '999', facebookPageToken: page.token },
      { channel: 'facebook', facebookPageUserId: page.id, facebookPageToken: 'junk' },
      { channel: 'instagram', facebookPageUserId: INSTAGRAM_ID, facebookPageToken: page.token },
    ])
      expect(failure(await claim(claimant.asAdmin, body))).toEqual([
        400,
        { error: 'ERR_PAGE_NOT_VERIFIED' },
      ])
    const facebook = {
      channel: 'facebook',
      facebookPageUserId: page.id,
      facebookPageToken: page.token,
    }
    // Graph down: nothing is said about the token, and nothing is saved.
    graph.failNext({ status: 503 })
    expect(failure(await claim(owner.asAdmin, facebook))).toEqual([
      502,
      { error: 'ERR_PAGE_NOT_CHECKED' },
    ])
    expect((await claim(owner.asAdmin, facebook)).statusCode).toBe(201)
    // Even with the page's own token, a second company is refused.
    expect(failure(await claim(claimant.asAdmin, facebook))).toEqual([
      409,
      { error: 'ERR_PAGE_TAKEN' },
    ])
    const instagram = await claim(claimant.asAdmin, {
      channel: 'instagram',
      facebookPageUserId: page.instagram,
      facebookPageToken: page.token,
    })
    expect(instagram.json()).toMatchObject({ status: 'CONNECTED' })
    // Moving a connection onto an account its token does not speak for.
    expect(
      failure(await update(claimant.asAdmin, instagram.json().id, { facebookPageUserId: '999' })),
    ).toEqual([400, { error: 'ERR_PAGE_NOT_VERIFIED' }])
    expect(await t.db.$count(connections, eq(connections.companyId, claimant.company.id))).toBe(1)
  })

  test('credentials of another channel are ignored', async () => {
    const { asAdmin } = await setup()
    const response = await create(asAdmin, {
      name: 'Plain',
      wabaPhoneNumberId: PHONE_ID,
      wabaAccessToken: CLOUD_TOKEN,
      facebookPageToken: PAGE_TOKEN,
    })
    expect(response.json()).toMatchObject({
      channel: 'whatsapp',
      wabaPhoneNumberId: null,
      hasWabaAccessToken: false,
      hasFacebookPageToken: false,
    })
    expect(graph.requests).toEqual([])
  })
})

describe('PUT /whatsapp/:id', () => {
  test('changes what is sent and replaces the queues', async () => {
    const { company, asAdmin } = await setup()
    const [a, b] = [await buildQueue(t.db, company), await buildQueue(t.db, company)]
    const created = (
      await create(asAdmin, { name: 'Central', queueIds: [a.id], greetingMessage: 'Oi' })
    ).json()
    const response = await update(asAdmin, created.id, {
      name: 'Central 2',
      queueIds: [b.id],
      channel: 'whatsapp',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      name: 'Central 2',
      greetingMessage: 'Oi',
      queueIds: [b.id],
      token: created.token,
    })
    const kept = await update(asAdmin, created.id, { outOfHoursMessage: 'Fechado' })
    expect(kept.json()).toMatchObject({ name: 'Central 2', queueIds: [b.id] })
  })

  test('the greeting rule holds against the stored queues too', async () => {
    const { company, asAdmin } = await setup()
    const [a, b] = [await buildQueue(t.db, company), await buildQueue(t.db, company)]
    const created = (
      await create(asAdmin, { name: 'Menu', queueIds: [a.id, b.id], greetingMessage: 'Escolha' })
    ).json()
    expect(failure(await update(asAdmin, created.id, { greetingMessage: '' }))).toEqual([
      400,
      { error: 'ERR_WAPP_GREETING_REQUIRED' },
    ])
    expect(
      (await update(asAdmin, created.id, { greetingMessage: '', queueIds: [a.id] })).statusCode,
    ).toBe(200)
  })

  test('default rules: moving it unsets the previous one; the default cannot just be dropped', async () => {
    const { asAdmin } = await setup()
    const first = (await create(asAdmin, { name: 'First' })).json()
    const second = (await create(asAdmin, { name: 'Second' })).json()
    expect(failure(await update(asAdmin, first.id, { isDefault: false }))).toEqual([
      400,
      { error: 'ERR_NO_OTHER_WHATSAPP' },
    ])
    expect((await update(asAdmin, second.id, { isDefault: true })).json().isDefault).toBe(true)
    expect((await list(asAdmin)).map((row) => [row.name, row.isDefault])).toEqual([
      ['First', false],
      ['Second', true],
    ])
    expect((await update(asAdmin, first.id, { isDefault: false })).statusCode).toBe(200)
  })

  test('another company’s connection is not found; plain users are refused', async () => {
    const { asAdmin, asAgent, company } = await setup()
    const own = await buildConnection(t.db, company)
    const foreign = await buildConnection(t.db, await buildCompany(t.db))
    expect(failure(await update(asAdmin, foreign.id, { name: 'Mine now' }))).toEqual([
      404,
      { error: 'ERR_NO_WAPP_FOUND' },
    ])
    expect(failure(await update(asAgent, own.id, { name: 'Renamed' }))).toEqual([
      403,
      { error: 'ERR_NO_PERMISSION' },
    ])
  })

  test('the channel cannot change; names stay unique; an empty token regenerates it', async () => {
    const { asAdmin } = await setup()
    const first = (await create(asAdmin, { name: 'First' })).json()
    await create(asAdmin, { name: 'Taken' })
    expect(failure(await update(asAdmin, first.id, { channel: 'facebook' }))).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'channel' },
    ])
    expect(failure(await update(asAdmin, first.id, { name: 'Taken' }))).toEqual([
      409,
      { error: 'ERR_DUPLICATED_CONNECTION' },
    ])
    expect((await update(asAdmin, first.id, { name: 'First' })).statusCode).toBe(200)
    const regenerated = (await update(asAdmin, first.id, { token: '' })).json().token
    expect(regenerated).toMatch(/^[A-Za-z0-9]{30}$/)
    expect(regenerated).not.toBe(first.token)
  })

  test('Cloud API: validated again with the stored or the new credentials', async () => {
    const { asAdmin } = await setup()
    const created = (
      await create(asAdmin, {
        name: 'Cloud',
        channel: 'whatsappapi',
        wabaPhoneNumberId: PHONE_ID,
        wabaAccessToken: 'expired-token',
      })
    ).json()
    expect(created.status).toBe('DISCONNECTED')
    graph.reset()
    const fixed = await update(asAdmin, created.id, {
      wabaAccessToken: CLOUD_TOKEN,
      wabaAppSecret: '',
    })
    expect(fixed.json()).toMatchObject({
      status: 'CONNECTED',
      number: '15550783881',
      hasWabaAppSecret: false,
    })
    expect(fixed.body).not.toContain(CLOUD_TOKEN)
    const renamed = await update(asAdmin, created.id, { name: 'Cloud API' })
    expect(renamed.json().status).toBe('CONNECTED')
    expect(graph.requests.map((request) => request.authorization)).toEqual([
      `Bearer ${CLOUD_TOKEN}`,
      `Bearer ${CLOUD_TOKEN}`,
    ])
    graph.failNext({ status: 400, error: { code: 190 } })
    expect((await update(asAdmin, created.id, { name: 'Cloud API' })).json().status).toBe(
      'DISCONNECTED',
    )
    expect(failure(await update(asAdmin, created.id, { wabaPhoneNumberId: null }))).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'wabaPhoneNumberId' },
    ])
  })
})

describe('events and the session hook', () => {
  test('creating emits the whole record to managers, a reduced one to others, and starts the session', async () => {
    const { company } = await setup()
    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const emitted: Array<{
      rooms: readonly string[]
      kind: CompanyEventKind
      payload: unknown
      except: readonly string[]
    }> = []
    const started: number[] = []
    const deps = {
      config: t.config,
      db: t.db,
      tokens: createTokenService(t.config.jwtSecret, t.config.refreshSecret),
      mailer: createMailer(null),
      realtime: {
        emit<K extends CompanyEventKind>(
          _companyId: number,
          rooms: readonly string[],
          kind: K,
          payload: CompanyEventPayloads[K],
          except: readonly string[] = [],
        ) {
          emitted.push({ rooms, kind, payload, except })
        },
        disconnectUser: () => Promise.resolve(),
        refreshUserRooms: () => Promise.resolve(),
      },
      jobs: t.deps.jobs,
      log: t.app.log,
      defaultTimeZone: 'America/Sao_Paulo',
    }
    const service = createConnectionsService(deps, {
      channels: t.services.channels,
      companies: t.services.companies,
      queues: t.services.queues,
      graph: createGraphClient({ baseUrl: graph.url, version: graph.version }),
      media: t.services.media,
      fileShown: t.services.messages.fileShown,
      integrations: t.services.integrations,
      prompts: t.services.prompts,
      flows: t.services.flows,
      sessions: {
        start: (_companyId, id) => void started.push(id),
        requestNewQr: () => undefined,
        restart: () => undefined,
        logout: () => Promise.resolve(),
        discard: () => Promise.resolve(),
      },
    })
    const ctx = {
      companyId: company.id,
      user: (await t.services.users.findForAuth(company.id, admin.id))!,
      company: (await t.services.companies.context(company.id))!,
      sessionId: 'test',
      expired: false,
    }
    const first = await service.add(ctx, { name: 'First' })
    await new Promise((resolve) => setImmediate(resolve))
    expect(started).toEqual([first.id])
    expect(emitted).toEqual([
      {
        rooms: ['connections'],
        kind: 'whatsapp',
        payload: { action: 'update', whatsapp: expect.objectContaining({ token: first.token }) },
        except: [],
      },
      {
        rooms: ['company'],
        kind: 'whatsapp',
        payload: {
          action: 'update',
          whatsapp: expect.not.objectContaining({ token: expect.anything() }),
        },
        except: ['connections'],
      },
    ])
    emitted.length = 0
    const second = await service.add(ctx, { name: 'Second', isDefault: true })
    expect(
      emitted
        .filter((event) => event.rooms.includes('connections'))
        .map((event) => {
          const { whatsapp } = event.payload as { whatsapp: { id: number; isDefault: boolean } }
          return [whatsapp.id, whatsapp.isDefault]
        }),
    ).toEqual([
      [first.id, false],
      [second.id, true],
    ])
    await service.add(ctx, {
      name: 'Cloud',
      channel: 'whatsappapi',
      wabaPhoneNumberId: PHONE_ID,
      wabaAccessToken: CLOUD_TOKEN,
    })
    await new Promise((resolve) => setImmediate(resolve))
    expect(started).toEqual([first.id, second.id])
  })
})
