import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { WEEKDAYS_EN, WEEKDAY_LABELS } from '@shared/contracts/service-hours'
import {
  buildChatbot,
  buildCompany,
  buildConnection,
  buildQueue,
  buildUser,
} from '@tests/factories'
import { cloudTextWebhook, postMetaWebhook } from '@tests/helpers/cloud-webhooks'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { companies } from '../companies/companies.table'
import { connections, type ConnectionRow } from '../connections/connections.table'
import { contacts } from '../contacts/contacts.table'
import { messages } from '../messages/messages.table'
import { companySettings } from '../settings/settings.table'
import { ticketLogs, tickets, userRatings } from '../tickets/tickets.table'
import { INVALID_OPTION_TEXT } from './bot.texts'

/**
 * The bot in the inbound pipeline on a real database: signed Cloud API webhooks go through the
 * intake and the worker; the bot's answers are stored as the ticket's automatic messages, queued
 * for the sender, and its changes are on the ticket.
 */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const APP_SECRET = 'bot-app-secret'
let sequence = 0

type Company = Awaited<ReturnType<typeof buildCompany>>

async function cloudConnection(company: Company, values: Parameters<typeof buildConnection>[2]) {
  sequence += 1
  return buildConnection(t.db, company, {
    channel: 'whatsappapi',
    status: 'CONNECTED',
    wabaPhoneNumberId: `20654035224${sequence}`,
    wabaAccessTokenSealed: t.services.channels.seal('token'),
    wabaAppSecretSealed: t.services.channels.seal(APP_SECRET),
    greetingMessage: 'Olá {{firstName}}, escolha:',
    ...values,
  })
}

/** The contact `from` writes `body` to the connection; the pipeline and the bot run. */
async function contactWrites(connection: ConnectionRow, from: string, body: string) {
  sequence += 1
  const raw = cloudTextWebhook({
    phoneNumberId: connection.wabaPhoneNumberId!,
    from,
    id: `wamid.BOT${sequence}`,
    body,
    name: 'Maria Souza',
  })
  const response = await postMetaWebhook(t.app, connection.id, raw, APP_SECRET)
  expect(response.statusCode).toBe(200)
  await t.services.inbound.drain()
}

/**
 * A round of the bot's poller, as its interval runs one to sweep what a crash left: a drain
 * kicks it, and it answers every flagged message, whoever stored it.
 */
const sweepForTheBot = () => t.services.inbound.drain()

async function ticketOf(connection: ConnectionRow) {
  const [row] = await t.db
    .select()
    .from(tickets)
    .where(eq(tickets.whatsappId, connection.id))
    .orderBy(asc(tickets.id))
  return row!
}

/** What the bot said on the ticket, in order. */
async function botSaid(ticketId: number) {
  const rows = await t.db
    .select({ body: messages.body, sendStatus: messages.sendStatus })
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.isAutomatic, true)))
    .orderBy(asc(messages.id))
  for (const row of rows) expect(row.sendStatus).not.toBeNull()
  return rows.map((row) => row.body)
}

async function setting(company: Company, values: Partial<typeof companySettings.$inferInsert>) {
  await t.db.update(companySettings).set(values).where(eq(companySettings.companyId, company.id))
}

/** Two queues; Suporte walks a two-level tree to Ana. */
async function storefront() {
  const company = await buildCompany(t.db)
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
    greetingMessage: 'A Ana já vem',
  })
  await buildChatbot(t.db, company, support, { name: 'Software', position: 1 })
  const connection = await cloudConnection(company, { queueIds: [sales.id, support.id] })
  return { company, sales, support, ana, connection }
}

const MENU =
  'Olá Maria, escolha:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte\n*[ Sair ]* - Encerrar atendimento'

describe('the bot in the pipeline', () => {
  test('menu, queue 2, a two-level tree to an attendant: pending in the queue, his', async () => {
    const { support, ana, connection } = await storefront()
    await contactWrites(connection, '5511911110001', 'oi')
    const ticket = await ticketOf(connection)
    expect(await botSaid(ticket.id)).toEqual([MENU])

    await contactWrites(connection, '5511911110001', '2')
    await contactWrites(connection, '5511911110001', '1')
    await contactWrites(connection, '5511911110001', '1')
    const said = await botSaid(ticket.id)
    expect(said.slice(1)).toEqual([
      'Suporte:\n\n*[ 1 ]* - Hardware\n*[ 2 ]* - Software\n' +
        '*[ # ]* - Voltar para o menu principal\n*[ Sair ]* - Encerrar atendimento',
      'Hardware:\n\n*[ 1 ]* - Falar com a Ana\n' +
        '*[ # ]* - Voltar para o menu principal\n*[ Sair ]* - Encerrar atendimento',
      'A Ana já vem',
    ])
    const after = await ticketOf(connection)
    expect(after).toMatchObject({
      status: 'pending',
      queueId: support.id,
      userId: ana.id,
      isBot: false,
      botOptionId: null,
    })
    const logs = await t.db
      .select({ type: ticketLogs.type })
      .from(ticketLogs)
      .where(eq(ticketLogs.ticketId, ticket.id))
    expect(logs.map((log) => log.type)).toEqual(expect.arrayContaining(['chatBot', 'queue']))
    // Every message the contact sent was read once.
    const unread = await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.botPending, true)))
    expect(unread).toEqual([])
  })

  test('an invalid answer repeats the menu; after the limit the bot is silent, yet takes a choice', async () => {
    const { connection, sales } = await storefront()
    for (const text of ['oi', 'x', 'y', 'z', 'w'])
      await contactWrites(connection, '5511911110002', text)
    const ticket = await ticketOf(connection)
    expect(await botSaid(ticket.id)).toEqual([
      MENU,
      INVALID_OPTION_TEXT,
      MENU,
      INVALID_OPTION_TEXT,
      MENU,
    ])
    expect(ticket.amountUsedBotQueues).toBe(3)
    const unread = await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.botPending, true)))
    expect(unread).toEqual([])
    await contactWrites(connection, '5511911110002', '1')
    expect((await ticketOf(connection)).queueId).toBe(sales.id)
  })

  test('out of company hours the contact is told so, and no menu', async () => {
    const { company, connection } = await storefront()
    const closedAllWeek = WEEKDAYS_EN.map((weekdayEn) => ({
      weekday: WEEKDAY_LABELS[weekdayEn],
      weekdayEn,
      startTimeA: '',
      endTimeA: '',
      startTimeB: '',
      endTimeB: '',
    }))
    await t.db
      .update(companies)
      .set({ schedules: closedAllWeek })
      .where(eq(companies.id, company.id))
    await setting(company, { scheduleType: 'company' })
    await t.db
      .update(connections)
      .set({ outOfHoursMessage: 'Voltamos amanhã às 8h' })
      .where(eq(connections.id, connection.id))
    await contactWrites(connection, '5511911110003', 'oi')
    const ticket = await ticketOf(connection)
    expect(await botSaid(ticket.id)).toEqual(['Voltamos amanhã às 8h'])
    expect(ticket.isOutOfHour).toBe(true)
  })

  test('LGPD consent comes first; accepting it is kept on the contact, then the menu', async () => {
    const { company, connection } = await storefront()
    await setting(company, {
      enableLGPD: 'enabled',
      lgpdMessage: 'Tratamos seus dados conforme a LGPD.',
    })
    await contactWrites(connection, '5511911110004', 'oi')
    const ticket = await ticketOf(connection)
    expect(ticket.status).toBe('lgpd')
    const prompt = await botSaid(ticket.id)
    expect(prompt[0]).toBe('Tratamos seus dados conforme a LGPD.')
    await contactWrites(connection, '5511911110004', 'sim')
    const accepted = await ticketOf(connection)
    expect(accepted.status).toBe('pending')
    const [contact] = await t.db
      .select({ lgpdAcceptedAt: contacts.lgpdAcceptedAt })
      .from(contacts)
      .where(eq(contacts.id, ticket.contactId))
    expect(contact!.lgpdAcceptedAt).not.toBeNull()
    await contactWrites(connection, '5511911110004', 'oi de novo')
    expect((await botSaid(ticket.id)).at(-1)).toBe(MENU)
  })

  test('a rating of 9 is stored and the ticket closes with the farewell', async () => {
    const { company, connection, ana } = await storefront()
    await contactWrites(connection, '5511911110005', 'oi')
    const ticket = await ticketOf(connection)
    // The attendance ended with a rating request (tickets.transitions).
    await t.db
      .update(tickets)
      .set({ status: 'nps', userId: ana.id, isBot: false })
      .where(eq(tickets.id, ticket.id))
    await t.db
      .update(connections)
      .set({ complationMessage: 'Obrigado, até logo!' })
      .where(eq(connections.id, connection.id))
    await contactWrites(connection, '5511911110005', ' 9 ')
    const closed = await ticketOf(connection)
    expect(closed.status).toBe('closed')
    const ratings = await t.db
      .select({
        rate: userRatings.rate,
        userId: userRatings.userId,
        companyId: userRatings.companyId,
      })
      .from(userRatings)
      .where(eq(userRatings.ticketId, ticket.id))
    expect(ratings).toEqual([{ rate: 9, userId: ana.id, companyId: company.id }])
    expect((await botSaid(ticket.id)).at(-1)).toBe('Obrigado, até logo!')
  })

  test("each company's contact gets its own company's menu, never another's", async () => {
    const first = await storefront()
    const other = await buildCompany(t.db)
    const theirs = await buildQueue(t.db, other, { name: 'Financeiro' })
    const otherConnection = await cloudConnection(other, { queueIds: [theirs.id] })
    await contactWrites(first.connection, '5511911110006', 'oi')
    await contactWrites(otherConnection, '5511911110006', 'oi')
    const ours = await ticketOf(first.connection)
    const foreign = await ticketOf(otherConnection)
    expect(await botSaid(ours.id)).toEqual([MENU])
    // One queue: straight in, greeted by the connection; nothing of the first company.
    expect(await botSaid(foreign.id)).toEqual(['Olá Maria, escolha:'])
    expect(foreign).toMatchObject({ companyId: other.id, queueId: theirs.id })
  })

  test('a message left unread by a crash is answered by the next round', async () => {
    const { connection } = await storefront()
    await contactWrites(connection, '5511911110007', 'oi')
    const ticket = await ticketOf(connection)
    const [first] = await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, false)))
    // As if the process died after storing the contact's message and before the bot answered.
    await t.db
      .delete(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.isAutomatic, true)))
    await t.db.update(tickets).set({ amountUsedBotQueues: 0 }).where(eq(tickets.id, ticket.id))
    await t.db.update(messages).set({ botPending: true }).where(eq(messages.id, first!.id))
    await sweepForTheBot()
    expect(await botSaid(ticket.id)).toEqual([MENU])
  })

  test('tickets pending together are answered as one set; one that fails there holds up no other', async () => {
    const { connection } = await storefront()
    const { messages: automatic } = t.services
    const write = automatic.writeAutomaticTexts.bind(automatic)
    const failingContact = '5511911110011'
    const writes = vi
      .spyOn(automatic, 'writeAutomaticTexts')
      .mockImplementation(async (tx, ticket, bodies) => {
        const [contact] = await tx.select().from(contacts).where(eq(contacts.id, ticket.contactId))
        if (contact!.number === failingContact) throw new Error('disk full')
        return write(tx, ticket, bodies)
      })
    try {
      // Both stored before the bot's round: it reads them in one set.
      for (const from of ['5511911110010', failingContact, '5511911110012']) {
        sequence += 1
        const raw = cloudTextWebhook({
          phoneNumberId: connection.wabaPhoneNumberId!,
          from,
          id: `wamid.SET${sequence}`,
          body: 'oi',
          name: 'Maria Souza',
        })
        expect((await postMetaWebhook(t.app, connection.id, raw, APP_SECRET)).statusCode).toBe(200)
      }
      await t.services.inbound.drain()
      const [first, failing, third] = await t.db
        .select()
        .from(tickets)
        .where(eq(tickets.whatsappId, connection.id))
        .orderBy(asc(tickets.id))
      expect(await botSaid(first!.id)).toEqual([MENU])
      expect(await botSaid(failing!.id)).toEqual([])
      expect(await botSaid(third!.id)).toEqual([MENU])
      writes.mockRestore()
      await sweepForTheBot()
      expect(await botSaid(failing!.id)).toEqual([MENU])
      expect(await botSaid(first!.id)).toEqual([MENU])
    } finally {
      writes.mockRestore()
    }
  })

  test('a ticket whose answer keeps failing holds up no other; it is answered once it can be', async () => {
    const { connection } = await storefront()
    const { messages: automatic } = t.services
    const write = automatic.writeAutomaticTexts.bind(automatic)
    let failing: number | null = null
    const writes = vi
      .spyOn(automatic, 'writeAutomaticTexts')
      .mockImplementation((tx, ticket, bodies) =>
        ticket.id === failing ? Promise.reject(new Error('disk full')) : write(tx, ticket, bodies),
      )
    try {
      await contactWrites(connection, '5511911110008', 'oi')
      const first = await ticketOf(connection)
      failing = first.id
      await contactWrites(connection, '5511911110008', 'x')
      await contactWrites(connection, '5511911110009', 'oi')
      const [, second] = await t.db
        .select()
        .from(tickets)
        .where(eq(tickets.whatsappId, connection.id))
        .orderBy(asc(tickets.id))
      expect(await botSaid(second!.id)).toEqual([MENU])
      expect(await botSaid(first.id)).toEqual([MENU])
      failing = null
      await sweepForTheBot()
      expect(await botSaid(first.id)).toEqual([MENU, INVALID_OPTION_TEXT, MENU])
    } finally {
      writes.mockRestore()
    }
  })
})
