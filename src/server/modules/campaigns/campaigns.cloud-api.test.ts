import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import type {
  CampaignDto,
  SaveCampaignBody,
  WhatsappTemplateList,
} from '@shared/contracts/campaigns'
import { rawSqlOf } from '@server/db/client'
import type { JobName, JobPayloads } from '@server/jobs/catalogue'
import type { JobRun } from '@server/jobs/engine'
import {
  buildCompany,
  buildConnection,
  buildContact,
  buildMessage,
  buildTicket,
  buildUser,
} from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { startFakeGraph, type FakeGraph, type FakeTemplate } from '@tests/helpers/fake-graph'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { contactListItems, contactLists } from '../contact-lists/contact-lists.table'
import { messages } from '../messages/messages.table'

/**
 * Campaigns on the WhatsApp Cloud API, against the Graph API stand-in over real HTTP: the
 * approved templates, free text only inside the 24-hour window, the provider's throttling, and
 * the burst at no interval. The app's job workers are stopped: each test runs the jobs itself.
 */
let t: TestApp
let graph: FakeGraph
const TOKEN = 'cloud-token'
const WABA = 'waba-1'

const template = (name: string, body: string, extra: Partial<FakeTemplate> = {}): FakeTemplate => ({
  name,
  language: 'pt_BR',
  status: 'APPROVED',
  category: 'MARKETING',
  components: [{ type: 'BODY', text: body }],
  ...extra,
})

beforeAll(async () => {
  graph = await startFakeGraph()
  t = await buildTestApp({ config: { graph: { apiUrl: graph.url, version: graph.version } } })
  await t.deps.jobs.stop()
  await t.services.messages.sender.start({ tickMs: 3_600_000 })
  graph.addTemplates(WABA, TOKEN, [
    template('pedido', 'Olá {{1}}, seu cupom é {{2}}.'),
    template('aviso', 'A loja abre às 9h.', { language: 'en_US', category: 'UTILITY' }),
    template('pausado', 'Pausado {{1}}', { status: 'PAUSED' }),
    template('com_imagem', 'Veja {{1}}', {
      components: [
        { type: 'HEADER', format: 'IMAGE' },
        { type: 'BODY', text: 'Veja {{1}}' },
      ],
    }),
    template('nomeado', 'Olá {{nome}}', { parameter_format: 'NAMED' }),
    template('botao', 'Rastreie', {
      components: [
        { type: 'BODY', text: 'Rastreie' },
        { type: 'BUTTONS', buttons: [{ type: 'URL', url: 'https://loja.example/{{1}}' }] },
      ],
    }),
    // More than a page of templates: the list reads every page.
    ...Array.from({ length: 100 }, (_, index) =>
      template(`z_lote_${String(index).padStart(3, '0')}`, `Lote {{1}} número ${index}`),
    ),
  ])
})
afterAll(async () => {
  await t.services.messages.sender.stop()
  await t.close()
  await graph.close()
})
afterEach(() => vi.useRealTimers())

let phones = 0
async function cloudCompany() {
  const company = await buildCompany(t.db)
  const admin = await buildUser(t.db, { company, profile: 'admin' })
  const phoneNumberId = `77000${(phones += 1)}`
  graph.addPhoneNumber(phoneNumberId, { token: TOKEN, displayPhoneNumber: '+55 11 4000-0000' })
  const connection = await buildConnection(t.db, company, {
    channel: 'whatsappapi',
    status: 'CONNECTED',
    wabaPhoneNumberId: phoneNumberId,
    wabaBusinessAccountId: WABA,
    wabaAccessTokenSealed: t.services.channels.seal(TOKEN),
  })
  const [list] = await t.db
    .insert(contactLists)
    .values({ companyId: company.id, name: 'Clientes' })
    .returning()
  return {
    company,
    connection,
    list: list!,
    phoneNumberId,
    headers: () => loginAs(t.app, admin),
  }
}

type Company = Awaited<ReturnType<typeof cloudCompany>>

/** Sends at any hour of any day, `messageInterval` seconds apart. */
async function sendAnyTime(company: Company, messageInterval: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/campaign-settings',
    headers: await company.headers(),
    payload: {
      settings: {
        messageInterval,
        longerIntervalAfter: 0,
        sabado: true,
        domingo: true,
        startHour: '00:00',
        endHour: '23:59',
      },
    },
  })
  expect(response.statusCode, response.body).toBe(200)
}

async function addPeople(company: Company, people: [string, string][]) {
  await t.db.insert(contactListItems).values(
    people.map(([name, number]) => ({
      companyId: company.company.id,
      contactListId: company.list.id,
      name,
      number,
      isWhatsappValid: true,
    })),
  )
}

async function saveCampaign(company: Company, campaign: Partial<SaveCampaignBody>) {
  return t.app.inject({
    method: 'POST',
    url: '/campaigns',
    headers: await company.headers(),
    payload: {
      name: 'Natal',
      whatsappId: company.connection.id,
      contactListId: company.list.id,
      message1: 'Olá {nome}!',
      scheduledAt: new Date().toISOString(),
      ...campaign,
    },
  })
}

interface DueJob {
  id: string
  name: JobName
  data: JobPayloads[JobName]
  startAfter: Date
}

const jobsOf = async (companyId: number, state = 'created') => {
  const { rows } = await rawSqlOf(t.db).executeSql(
    `SELECT id, name, data, start_after AS "startAfter" FROM pgboss.job
     WHERE name LIKE 'campaigns.%' AND state = $2 AND (data->>'companyId')::int = $1
     ORDER BY start_after, created_on`,
    [companyId, state],
  )
  return rows as DueJob[]
}

const run: JobRun = {
  id: 'test',
  retryCount: 0,
  lastTry: false,
  expireInSeconds: 60,
  signal: new AbortController().signal,
}

/** Runs the company's next job as a worker would, at its time; answers it. */
async function runNext(companyId: number): Promise<DueJob | null> {
  const [job] = await jobsOf(companyId)
  if (!job) return null
  if (vi.isFakeTimers()) vi.setSystemTime(Math.max(Date.now(), new Date(job.startAfter).getTime()))
  const sql = rawSqlOf(t.db)
  await sql.executeSql(`UPDATE pgboss.job SET state = 'active' WHERE id = $1`, [job.id])
  const engine = t.services.campaignEngine
  if (job.name === 'campaigns.start') await engine.start(job.data as JobPayloads['campaigns.start'])
  else await engine.dispatch(job.data as JobPayloads['campaigns.dispatch'], run)
  await sql.executeSql(`UPDATE pgboss.job SET state = 'completed' WHERE id = $1`, [job.id])
  await t.services.messages.sender.idle()
  return job
}

/** What the stand-in received for the company's number: to whom, and the message's content. */
const sentTo = (company: Company) =>
  graph.requests
    .filter((request) => request.path === `/${graph.version}/${company.phoneNumberId}/messages`)
    .map((request) => request.json as { to?: string; type: string; text?: { body: string } })
    // Read receipts name a message, not a recipient.
    .filter((body) => body.to !== undefined)

const campaignOf = async (company: Company, id: number) =>
  (
    await t.app.inject({ method: 'GET', url: `/campaigns/${id}`, headers: await company.headers() })
  ).json<CampaignDto>()

describe('campaigns on the Cloud API', () => {
  test('templates: the approved ones a campaign can fill, from every page, for admins of the company', async () => {
    const company = await cloudCompany()
    const url = `/campaigns/whatsapp-templates?whatsappId=${company.connection.id}`
    const response = await t.app.inject({ method: 'GET', url, headers: await company.headers() })
    expect(response.statusCode, response.body).toBe(200)
    const { templates } = response.json<WhatsappTemplateList>()
    expect(templates).toHaveLength(102)
    expect(templates.slice(0, 2)).toEqual([
      {
        name: 'aviso',
        language: 'en_US',
        category: 'UTILITY',
        body: 'A loja abre às 9h.',
        params: 0,
      },
      {
        name: 'pedido',
        language: 'pt_BR',
        category: 'MARKETING',
        body: 'Olá {{1}}, seu cupom é {{2}}.',
        params: 2,
      },
    ])
    const names = templates.map((found) => found.name)
    for (const unusable of ['pausado', 'com_imagem', 'nomeado', 'botao'])
      expect(names).not.toContain(unusable)

    // A WhatsApp (Baileys) connection has none; another company's connection is not found.
    const baileys = await buildConnection(t.db, company.company, { channel: 'whatsapp' })
    const other = await cloudCompany()
    const answers = await Promise.all(
      [baileys.id, other.connection.id].map(async (id) =>
        t.app.inject({
          method: 'GET',
          url: `/campaigns/whatsapp-templates?whatsappId=${id}`,
          headers: await company.headers(),
        }),
      ),
    )
    expect(answers.map((answer) => [answer.statusCode, answer.json().error])).toEqual([
      [400, 'ERR_CAMPAIGN_TEMPLATE_CHANNEL'],
      [404, 'ERR_NO_WAPP_FOUND'],
    ])

    // An attendant is refused; Meta down answers its code, not a stack.
    const attendant = await buildUser(t.db, { company: company.company, profile: 'user' })
    const refused = await t.app.inject({
      method: 'GET',
      url,
      headers: await loginAs(t.app, attendant),
    })
    expect(refused.statusCode).toBe(403)
    graph.failNext({ status: 500, match: 'message_templates' })
    const down = await t.app.inject({ method: 'GET', url, headers: await company.headers() })
    expect([down.statusCode, down.json().error]).toEqual([502, 'ERR_PROVIDER_UNAVAILABLE'])
  })

  test('saving a template: looked up with Meta, its body kept, one text per placeholder', async () => {
    const company = await cloudCompany()
    const unknown = await saveCampaign(company, {
      templateName: 'inexistente',
      templateLanguage: 'pt_BR',
    })
    expect([unknown.statusCode, unknown.json().error]).toEqual([
      400,
      'ERR_CAMPAIGN_TEMPLATE_NOT_FOUND',
    ])
    const short = await saveCampaign(company, {
      templateName: 'pedido',
      templateLanguage: 'pt_BR',
      templateParams: ['{nome}', '  '],
    })
    expect([short.statusCode, short.json().error]).toEqual([400, 'ERR_CAMPAIGN_TEMPLATE_PARAMS'])

    const saved = await saveCampaign(company, {
      templateName: 'pedido',
      templateLanguage: 'pt_BR',
      templateParams: ['{nome}', ' NATAL10 '],
      scheduledAt: null,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const campaign = saved.json<CampaignDto>()
    expect(campaign).toMatchObject({
      templateName: 'pedido',
      templateLanguage: 'pt_BR',
      templateBody: 'Olá {{1}}, seu cupom é {{2}}.',
      templateParams: ['{nome}', 'NATAL10'],
    })

    // Edited while Meta is down: the stored template is kept without asking again.
    graph.failNext({ status: 500, match: 'message_templates' })
    const asked = () =>
      graph.requests.filter((request) => request.path.endsWith('/message_templates')).length
    const askedBefore = asked()
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/campaigns/${campaign.id}`,
      headers: await company.headers(),
      payload: {
        name: 'Natal 2',
        whatsappId: company.connection.id,
        contactListId: company.list.id,
        message1: 'Olá {nome}!',
        templateName: 'pedido',
        templateLanguage: 'pt_BR',
        templateParams: ['{nome}', 'NATAL20'],
      },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json<CampaignDto>().templateParams).toEqual(['{nome}', 'NATAL20'])
    expect(asked()).toBe(askedBefore)
    const down = await t.app.inject({
      method: 'GET',
      url: `/campaigns/whatsapp-templates?whatsappId=${company.connection.id}`,
      headers: await company.headers(),
    })
    expect(down.statusCode).toBe(502)
  })

  test('free text within 24 hours of the contact’s message, the template outside it, failed without one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const company = await cloudCompany()
    await sendAnyTime(company, 20)
    // Ana wrote two hours ago; Bia a day and a half ago; Caio never.
    for (const [number, hoursAgo] of [
      ['5511911110001', 2],
      ['5511911110002', 36],
    ] as const) {
      const contact = await buildContact(t.db, company.company, { number })
      const ticket = await buildTicket(t.db, company.company, {
        contact,
        connection: company.connection,
      })
      await buildMessage(t.db, ticket, { createdAt: new Date(Date.now() - hoursAgo * 3_600_000) })
    }
    await addPeople(company, [
      ['Ana', '5511911110001'],
      ['Bia', '5511911110002'],
      ['Caio', '5511911110003'],
    ])
    const withTemplate = (
      await saveCampaign(company, {
        templateName: 'pedido',
        templateLanguage: 'pt_BR',
        templateParams: ['{nome}', 'NATAL10'],
      })
    ).json<CampaignDto>()
    while (await runNext(company.company.id));

    const received = sentTo(company)
    expect(received.map((body) => [body.to, body.type])).toEqual([
      ['5511911110001', 'text'],
      ['5511911110002', 'template'],
      ['5511911110003', 'template'],
    ])
    expect(received[0]!.text?.body).toBe('Olá Ana!')
    expect(received[1]).toMatchObject({
      template: {
        name: 'pedido',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Bia' },
              { type: 'text', text: 'NATAL10' },
            ],
          },
        ],
      },
    })
    // The conversation shows the template as Bia reads it.
    const [stored] = await t.db
      .select({ body: messages.body, template: messages.template })
      .from(messages)
      .where(
        and(eq(messages.companyId, company.company.id), eq(messages.campaignId, withTemplate.id)),
      )
      .orderBy(messages.id)
      .offset(1)
      .limit(1)
    expect(stored).toEqual({
      body: 'Olá Bia, seu cupom é NATAL10.',
      template: { name: 'pedido', language: 'pt_BR', params: ['Bia', 'NATAL10'] },
    })
    expect((await campaignOf(company, withTemplate.id)).report).toMatchObject({
      sent: 3,
      failed: 0,
    })

    // Without a template, whoever has not written cannot be reached: failed with the reason.
    const before = graph.requests.length
    const plain = (await saveCampaign(company, { name: 'Sem modelo' })).json<CampaignDto>()
    while (await runNext(company.company.id));
    const sent = sentTo(company).slice(received.length)
    expect(sent.map((body) => [body.to, body.type])).toEqual([['5511911110001', 'text']])
    expect(graph.requests.length).toBeGreaterThan(before)
    const report = await campaignOf(company, plain.id)
    expect(report).toMatchObject({ status: 'FINALIZADA', report: { sent: 1, failed: 2 } })
    const failures = await t.app.inject({
      method: 'GET',
      url: `/campaigns/${plain.id}/shipping?state=failed`,
      headers: await company.headers(),
    })
    expect(
      failures.json<{ shipping: { lastError: string }[] }>().shipping.map((row) => row.lastError),
    ).toEqual(['ERR_MESSAGING_WINDOW_CLOSED', 'ERR_MESSAGING_WINDOW_CLOSED'])
  })

  test('a message the provider throttled holds the campaign until its retry', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const company = await cloudCompany()
    await sendAnyTime(company, 5)
    await addPeople(company, [
      ['Ana', '5511911110001'],
      ['Bia', '5511911110002'],
    ])
    await saveCampaign(company, { templateName: 'aviso', templateLanguage: 'en_US' })
    // Graph's throughput error (#130429): the sender keeps the message for a retry.
    graph.failNext({ status: 400, error: { code: 130429 }, match: '/messages' })
    await runNext(company.company.id) // start
    const first = await runNext(company.company.id)
    expect(first?.name).toBe('campaigns.dispatch')
    const [throttled] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.companyId, company.company.id))
    expect(throttled).toMatchObject({
      sendStatus: 'queued',
      sendAttempts: 1,
      sendError: 'ERR_PROVIDER_UNAVAILABLE',
    })
    // Refused again and again, its next try is a minute away: the campaign waits for it.
    const retryAt = new Date(Date.now() + 60_000)
    await t.db
      .update(messages)
      .set({ nextAttemptAt: retryAt })
      .where(eq(messages.id, throttled!.id))
    const second = await runNext(company.company.id)
    expect(second?.name).toBe('campaigns.dispatch')
    const [waiting] = await jobsOf(company.company.id)
    expect(new Date(waiting!.startAfter)).toEqual(retryAt)
    expect(sentTo(company).filter((body) => body.to === '5511911110002')).toEqual([])
  })

  test('no interval: one send job takes each recipient due in turn, once, at the provider’s pace', async () => {
    const company = await cloudCompany()
    await sendAnyTime(company, 0)
    const people = Array.from(
      { length: 40 },
      (_, index) => [`Pessoa ${index}`, String(5511911120000 + index)] as [string, string],
    )
    await addPeople(company, people)
    // Every fourth number never wrote: the template for those, in the same batches as the
    // others' free text.
    const silent = new Set(people.filter((_, index) => index % 4 === 3).map(([, number]) => number))
    for (const [, number] of people) {
      if (silent.has(number)) continue
      const contact = await buildContact(t.db, company.company, { number })
      const ticket = await buildTicket(t.db, company.company, {
        contact,
        connection: company.connection,
      })
      await buildMessage(t.db, ticket)
    }
    const campaign = (
      await saveCampaign(company, {
        templateName: 'pedido',
        templateLanguage: 'pt_BR',
        templateParams: ['{nome}', 'NATAL10'],
      })
    ).json<CampaignDto>()
    const emit = vi.spyOn(t.deps.realtime, 'emit')
    expect((await runNext(company.company.id))?.name).toBe('campaigns.start')
    const started = performance.now()
    expect((await runNext(company.company.id))?.name).toBe('campaigns.dispatch')
    const seconds = (performance.now() - started) / 1000

    const bodies = sentTo(company)
    const received = bodies.map((body) => body.to)
    expect(received).toHaveLength(40)
    expect(new Set(received).size).toBe(40)
    for (const body of bodies)
      expect([body.to, body.type]).toEqual([body.to, silent.has(body.to!) ? 'template' : 'text'])
    // The nets the burst wrote for each next recipient were cancelled as it took them.
    expect(await jobsOf(company.company.id)).toEqual([])
    expect(await campaignOf(company, campaign.id)).toMatchObject({
      status: 'FINALIZADA',
      report: { sent: 40, pending: 0 },
    })
    // 80 a second at most on a Cloud API number: a transaction writes up to ten at once, and
    // the next waits until those ten had their eightieth of a second each, so the last ten
    // were written 30/80 s after the first ones or later.
    expect(seconds).toBeGreaterThanOrEqual(30 / 80)
    // The report on screen ends with every message taken by the provider, not as the last
    // one was written: the sends move its figures too.
    const lastFigures = async () =>
      emit.mock.calls
        .filter(([companyId, , kind]) => companyId === company.company.id && kind === 'campaign')
        .map(([, , , payload]) => (payload as { record?: CampaignDto }).record?.report)
        .at(-1)
    await vi.waitFor(async () =>
      expect(await lastFigures()).toMatchObject({ sent: 40, pending: 0 }),
    )
    emit.mockRestore()
  })
})
