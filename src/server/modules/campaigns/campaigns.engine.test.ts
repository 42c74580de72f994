import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { CampaignDto, SaveCampaignBody, ShippingPage } from '@shared/contracts/campaigns'
import type { ContactListDto } from '@shared/contracts/contact-lists'
import type { OutgoingMessage } from '@server/channels/types'
import { rawSqlOf } from '@server/db/client'
import type { JobName, JobPayloads } from '@server/jobs/catalogue'
import type { JobRun } from '@server/jobs/engine'
import {
  buildCompany,
  buildConnection,
  buildContact,
  buildQueue,
  buildTag,
  buildTicket,
  buildUser,
} from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { createTestDriver } from '@tests/helpers/test-driver'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { contactListItems } from '../contact-lists/contact-lists.table'
import { connections } from '../connections/connections.table'
import { messages } from '../messages/messages.table'
import { tickets } from '../tickets/tickets.table'

/**
 * The campaign engine on a fake clock (Date only): the test app's job workers never see these
 * jobs, which are due in the fake future; the test runs each due job itself, at its time, as a
 * worker would, and lets the connection's sender deliver before the next one.
 */
let t: TestApp
const provider = createTestDriver()
/** What the provider received, and when (on the fake clock). */
const received: { to: string; body: string; at: number; file: string | null }[] = []

beforeAll(async () => {
  t = await buildTestApp()
  await t.services.messages.sender.start({ tickMs: 3_600_000 })
  t.services.channels.register('whatsapp', {
    ...provider.driver,
    send: async (connection, message: OutgoingMessage) => {
      const answer = await provider.driver.send(connection, message)
      received.push({
        to: message.to.id,
        body: message.body,
        at: Date.now(),
        file: message.media?.fileName ?? null,
      })
      return answer
    },
  })
})
afterAll(() => t.close())

/** Tuesday 1 December 2026, 10:00 in São Paulo. */
const TUESDAY_10H = Date.parse('2026-12-01T13:00:00Z')
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(TUESDAY_10H)
  received.length = 0
})
afterEach(() => vi.useRealTimers())

type Headers = Record<string, string>
const post = (url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) })
const get = <T>(url: string, headers: Headers) =>
  t.app.inject({ method: 'GET', url, headers }).then((response) => response.json<T>())

interface Setup {
  people?: [string, string][]
  settings?: Record<string, unknown>
  campaign?: Partial<SaveCampaignBody>
  connection?: { status: 'CONNECTED' | 'DISCONNECTED' }
}

async function setup({ people, settings, campaign, connection: connectionValues }: Setup = {}) {
  const company = await buildCompany(t.db)
  const admin = await buildUser(t.db, { company, profile: 'admin' })
  const headers = await loginAs(t.app, admin)
  const connection = await buildConnection(t.db, company, {
    status: 'CONNECTED',
    ...connectionValues,
  })
  const list = (await post('/contact-lists', headers, { name: 'Clientes' })).json<ContactListDto>()
  for (const [name, number] of people ?? [
    ['Ana', '5511911110001'],
    ['Bia', '5511911110002'],
    ['Caio', '5511911110003'],
  ])
    await post('/contact-list-items', headers, { name, number, contactListId: list.id })
  await post('/campaign-settings', headers, {
    settings: { messageInterval: 20, longerIntervalAfter: 0, ...settings },
  })
  const created = await post('/campaigns', headers, {
    name: 'Natal',
    whatsappId: connection.id,
    contactListId: list.id,
    message1: 'Olá {nome}!',
    scheduledAt: new Date(Date.now() + 3_600_000 * 2).toISOString(),
    ...campaign,
  })
  expect(created.statusCode, created.body).toBe(200)
  return {
    company,
    headers,
    /** Signed in again: the fake clock outruns an access token's life. */
    admin: () => loginAs(t.app, admin),
    connection,
    list,
    campaign: created.json<CampaignDto>(),
  }
}

interface DueJob {
  id: string
  name: JobName
  data: JobPayloads[JobName]
  startAfter: Date
}

const jobSql = () => rawSqlOf(t.db)

/** The next job of the campaigns that waits to run, in the order a worker would take them. */
async function nextJob(companyId: number): Promise<DueJob | null> {
  const { rows } = await jobSql().executeSql(
    `SELECT id, name, data, start_after AS "startAfter" FROM pgboss.job
     WHERE name LIKE 'campaigns.%' AND state = 'created' AND (data->>'companyId')::int = $1
     ORDER BY start_after, created_on LIMIT 1`,
    [companyId],
  )
  return (rows[0] as DueJob | undefined) ?? null
}

const run: JobRun = {
  id: 'test',
  retryCount: 0,
  lastTry: false,
  expireInSeconds: 60,
  signal: new AbortController().signal,
}

/** Every queued message of the company went out (or failed) at the provider. */
async function delivered(companyId: number) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const queued = await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.sendStatus, 'queued')))
    if (queued.length === 0) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('messages still queued')
}

/** Runs one job at its time as a worker would (taken, run, completed); answers its name. */
async function runJob(job: DueJob, companyId: number): Promise<JobName> {
  vi.setSystemTime(Math.max(Date.now(), new Date(job.startAfter).getTime()))
  await jobSql().executeSql(`UPDATE pgboss.job SET state = 'active' WHERE id = $1`, [job.id])
  const engine = t.services.campaignEngine
  if (job.name === 'campaigns.start') await engine.start(job.data as JobPayloads['campaigns.start'])
  else if (job.name === 'campaigns.dispatch')
    await engine.dispatch(job.data as JobPayloads['campaigns.dispatch'], run)
  else await engine.expire(job.data as JobPayloads['campaigns.confirmation-expiry'])
  await jobSql().executeSql(`UPDATE pgboss.job SET state = 'completed' WHERE id = $1`, [job.id])
  await delivered(companyId)
  return job.name
}

/** Runs the campaign's jobs until none waits, or until `until` says stop before one. */
async function runAll(companyId: number, until?: (job: DueJob) => boolean) {
  const ran: JobName[] = []
  for (let step = 0; step < 100; step += 1) {
    const job = await nextJob(companyId)
    if (!job || until?.(job)) return ran
    ran.push(await runJob(job, companyId))
  }
  throw new Error('the campaign did not settle')
}

const campaignOf = async (as: () => Promise<Headers>, id: number) =>
  get<CampaignDto>(`/campaigns/${id}`, await as())
const gaps = () => received.slice(1).map((send, index) => (send.at - received[index]!.at) / 1000)

describe('campaign engine', () => {
  test('starts at its time, sends each recipient once with its variables, paced, then finishes', async () => {
    const { company, admin, campaign } = await setup({
      settings: {
        longerIntervalAfter: 2,
        greaterInterval: 60,
        variables: [{ key: 'cupom', value: 'NATAL10' }],
      },
      people: [
        ['Ana', '5511911110001'],
        ['Bia', '5511911110002'],
        ['Caio', '5511911110003'],
        ['Duda', '5511911110004'],
      ],
      campaign: { message1: 'Olá {nome}, use {cupom}! Protocolo {{firstName}}' },
    })
    expect((await nextJob(company.id))?.startAfter).toEqual(new Date(TUESDAY_10H + 7_200_000))
    await runAll(company.id)
    expect(received.map((send) => [send.to, send.body])).toEqual([
      ['5511911110001', 'Olá Ana, use NATAL10! Protocolo Ana'],
      ['5511911110002', 'Olá Bia, use NATAL10! Protocolo Bia'],
      ['5511911110003', 'Olá Caio, use NATAL10! Protocolo Caio'],
      ['5511911110004', 'Olá Duda, use NATAL10! Protocolo Duda'],
    ])
    expect(received[0]!.at).toBe(TUESDAY_10H + 7_200_000)
    const [first, second, third] = gaps()
    expect(first).toBeGreaterThanOrEqual(20)
    expect(first).toBeLessThanOrEqual(24)
    for (const longer of [second!, third!]) {
      expect(longer).toBeGreaterThanOrEqual(60)
      expect(longer).toBeLessThanOrEqual(72)
    }
    const finished = await campaignOf(admin, campaign.id)
    expect(finished).toMatchObject({
      status: 'FINALIZADA',
      report: { total: 4, valid: 4, sent: 4, pending: 0, failed: 0, progressPercent: 100 },
    })
    expect(finished.completedAt).toBe(new Date(received[3]!.at).toISOString())
  })

  test('a slot outside the window or on a weekend waits for the next allowed morning', async () => {
    // Friday 4 December, 17:59:30 in São Paulo.
    vi.setSystemTime(Date.parse('2026-12-04T20:59:30Z'))
    const { company } = await setup({
      campaign: { scheduledAt: new Date(Date.now() + 1_000).toISOString() },
    })
    await runAll(company.id)
    expect(received.map((send) => new Date(send.at).toISOString())).toEqual([
      '2026-12-04T20:59:30.000Z',
      // 20 to 24 s later: still before 18:00.
      expect.stringMatching(/^2026-12-04T20:59:5/),
      // The third would fall after 18:00: Monday 7 December, 09:00 in São Paulo.
      '2026-12-07T12:00:00.000Z',
    ])
  })

  test('confirmation: the request first, the main message after the reply, the silent ones expire', async () => {
    const { company, admin, connection, campaign } = await setup({
      settings: { confirmationExpiryHours: 1 },
      people: [
        ['Ana', '5511911110001'],
        ['Bia', '5511911110002'],
      ],
      campaign: { confirmation: true, confirmationMessage1: '{nome}, posso enviar a oferta?' },
    })
    await runAll(company.id, (job) => job.name === 'campaigns.confirmation-expiry')
    expect(received.map((send) => send.body)).toEqual([
      'Ana, posso enviar a oferta?',
      'Bia, posso enviar a oferta?',
    ])
    const heard = (number: string, connectionId = connection.id) =>
      t.db.transaction((tx) =>
        t.services.campaignEngine.confirmReplies(
          tx,
          company.id,
          connectionId,
          [number],
          new Date(),
        ),
      )
    const other = await buildConnection(t.db, company, { status: 'CONNECTED' })
    expect(await heard('5511911110001', other.id)).toBe(false)
    expect(await heard('5511900000000')).toBe(false)
    expect(await heard('5511911110001')).toBe(true)
    await runAll(company.id)
    expect(received.map((send) => send.body)).toEqual([
      'Ana, posso enviar a oferta?',
      'Bia, posso enviar a oferta?',
      'Olá Ana!',
    ])
    const shipping = await get<ShippingPage>(`/campaigns/${campaign.id}/shipping`, await admin())
    expect(shipping.shipping.map((row) => [row.name, row.state])).toEqual([
      ['Ana', 'sent'],
      ['Bia', 'unconfirmed'],
    ])
    expect(await campaignOf(admin, campaign.id)).toMatchObject({
      status: 'FINALIZADA',
      report: { confirmationRequested: 2, confirmed: 1, unconfirmed: 1, sent: 1, pending: 0 },
    })
  })

  test('cancel drops the queued send and a stale one does nothing; restart goes on from now', async () => {
    const { company, admin, campaign } = await setup()
    await runAll(company.id, (job) => job.name === 'campaigns.dispatch' && received.length === 1)
    const stale = (await nextJob(company.id))!
    expect((await post(`/campaigns/${campaign.id}/cancel`, await admin())).statusCode).toBe(204)
    expect(await nextJob(company.id)).toBeNull()
    await t.services.campaignEngine.dispatch(stale.data as JobPayloads['campaigns.dispatch'], run)
    expect(received).toHaveLength(1)
    vi.setSystemTime(Date.now() + 10 * 60_000)
    expect((await post(`/campaigns/${campaign.id}/restart`, await admin())).statusCode).toBe(204)
    const resumedAt = Date.now()
    await runAll(company.id)
    expect(received.map((send) => send.to)).toEqual([
      '5511911110001',
      '5511911110002',
      '5511911110003',
    ])
    expect(received[1]!.at).toBe(resumedAt)
    expect((await campaignOf(admin, campaign.id)).status).toBe('FINALIZADA')
  })

  test('a send job delivered twice, or run by two workers at once, sends once', async () => {
    const { company, admin, campaign } = await setup({ people: [['Ana', '5511911110001']] })
    await runAll(company.id, (job) => job.name === 'campaigns.dispatch')
    const job = (await nextJob(company.id))!
    vi.setSystemTime(new Date(job.startAfter).getTime())
    const data = job.data as JobPayloads['campaigns.dispatch']
    await Promise.all([
      t.services.campaignEngine.dispatch(data, run),
      t.services.campaignEngine.dispatch(data, run),
    ])
    await t.services.campaignEngine.dispatch(data, run)
    await delivered(company.id)
    expect(received).toHaveLength(1)
    expect((await campaignOf(admin, campaign.id)).status).toBe('FINALIZADA')
  })

  test('a disconnected connection holds the campaign, which goes on once it is back', async () => {
    const { company, admin, connection, campaign } = await setup({
      connection: { status: 'DISCONNECTED' },
      people: [['Ana', '5511911110001']],
    })
    await runAll(company.id, (job) => job.name === 'campaigns.dispatch')
    const first = (await nextJob(company.id))!
    await runJob(first, company.id)
    const retry = (await nextJob(company.id))!
    expect(new Date(retry.startAfter).getTime() - new Date(first.startAfter).getTime()).toBe(30_000)
    const shipping = await get<ShippingPage>(`/campaigns/${campaign.id}/shipping`, await admin())
    expect(shipping.shipping[0]).toMatchObject({
      state: 'scheduled',
      lastError: 'ERR_WAPP_NOT_INITIALIZED',
    })
    expect((await campaignOf(admin, campaign.id)).status).toBe('EM_ANDAMENTO')
    await t.db
      .update(connections)
      .set({ status: 'CONNECTED' })
      .where(eq(connections.id, connection.id))
    await runAll(company.id)
    expect(received).toHaveLength(1)
  })

  test('tickets: reused when active, opened in the chosen queue, or only a history entry', async () => {
    const { company, headers, connection, list } = await setup({
      people: [['Ana', '5511911110001']],
      campaign: { scheduledAt: null },
    })
    const queue = await buildQueue(t.db, company)
    const bia = await buildContact(t.db, company, { name: 'Bia', number: '5511911110002' })
    const open = await buildTicket(t.db, company, { connection, contact: bia, status: 'open' })
    await post('/contact-list-items', headers, {
      name: 'Bia',
      number: bia.number,
      contactListId: list.id,
    })
    await post('/campaigns', headers, {
      name: 'Com ticket',
      whatsappId: connection.id,
      contactListId: list.id,
      message1: 'Oi',
      openTicket: 'enabled',
      statusTicket: 'pending',
      queueId: queue.id,
      scheduledAt: new Date().toISOString(),
    })
    await runAll(company.id)
    const rows = await t.db
      .select({ contactId: tickets.contactId, status: tickets.status, queueId: tickets.queueId })
      .from(tickets)
      .where(eq(tickets.companyId, company.id))
    expect(rows).toHaveLength(2)
    expect(rows).toContainEqual({ contactId: bia.id, status: 'open', queueId: open.queueId })
    expect(rows).toContainEqual(expect.objectContaining({ status: 'pending', queueId: queue.id }))
    const sent = await t.db
      .select({ campaignId: messages.campaignId, ticketId: messages.ticketId })
      .from(messages)
      .where(eq(messages.companyId, company.id))
    expect(sent.some((row) => row.ticketId === open.id && row.campaignId !== null)).toBe(true)

    // A campaign without tickets only logs its message in the contact's history.
    const history = await setup({ people: [['Caio', '5511911110003']] })
    await runAll(history.company.id)
    const [logged] = await t.db
      .select({ status: tickets.status })
      .from(tickets)
      .where(eq(tickets.companyId, history.company.id))
    expect(logged).toEqual({ status: 'closed' })
  })

  test('numbers WhatsApp refused are skipped; a campaign with nobody to reach finishes at once', async () => {
    const { company, admin, list, campaign } = await setup({
      people: [['Ana', '5511911110001']],
    })
    await t.db
      .update(contactListItems)
      .set({ isWhatsappValid: false, checkedAt: new Date() })
      .where(inArray(contactListItems.contactListId, [list.id]))
    await runAll(company.id)
    expect(received).toEqual([])
    expect(await campaignOf(admin, campaign.id)).toMatchObject({
      status: 'FINALIZADA',
      report: { total: 1, valid: 0, invalid: 1, progressPercent: 100 },
    })
  })

  test('a tag as the audience reaches the WhatsApp contacts carrying it when it starts', async () => {
    const company = await buildCompany(t.db)
    const headers = await loginAs(t.app, await buildUser(t.db, { company, profile: 'admin' }))
    const connection = await buildConnection(t.db, company, { status: 'CONNECTED' })
    const ana = await buildContact(t.db, company, { name: 'Ana', number: '5511911110001' })
    const page = await buildContact(t.db, company, {
      name: 'Página',
      number: '2455000000000',
      channel: 'facebook',
    })
    const tag = await buildTag(t.db, company, { name: 'VIP', contacts: [ana, page] })
    await post('/campaigns', headers, {
      name: 'VIP',
      whatsappId: connection.id,
      tagListId: tag.id,
      message1: 'Oi {nome}',
      scheduledAt: new Date().toISOString(),
    })
    await runAll(company.id)
    expect(received.map((send) => [send.to, send.body])).toEqual([['5511911110001', 'Oi Ana']])
  })
})
