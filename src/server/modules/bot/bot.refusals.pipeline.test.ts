import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  buildCompany,
  buildConnection,
  buildContact,
  buildQueue,
  buildTicket,
  buildUser,
} from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { createTestDriver, textFrom, type RawTestEvent } from '@tests/helpers/test-driver'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import type { ConnectionRow } from '../connections/connections.table'
import { messages } from '../messages/messages.table'
import { companySettings } from '../settings/settings.table'
import { tickets } from '../tickets/tickets.table'
import { AUDIO_REFUSAL_TEXT } from './bot.refusals'

/**
 * What the bot answers whoever holds the ticket (reference §11.3 E, §11.9): a call the company
 * refuses, an audio it does not take; and the menu's greeting file. Events arrive through the
 * inbound pipeline on a WhatsApp test driver; answers leave through the ordered sender.
 */
let t: TestApp
const testDriver = createTestDriver()
beforeAll(async () => {
  t = await buildTestApp()
  t.services.channels.register('whatsapp', testDriver.driver)
  await t.services.messages.sender.start({ tickMs: 3_600_000 })
})
afterAll(async () => {
  await t.services.messages.sender.stop()
  await t.close()
})

type Company = Awaited<ReturnType<typeof buildCompany>>

const OPUS = Buffer.concat([
  Buffer.from('OggS'),
  Buffer.alloc(24),
  Buffer.from('OpusHead'),
  Buffer.alloc(40),
])
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

const call = (number: string) => textFrom(number, '', { content: { kind: 'call', video: false } })
const audio = (number: string) =>
  textFrom(number, '', {
    content: {
      kind: 'media',
      mediaKind: 'audio',
      caption: '',
      ref: { base64: OPUS.toString('base64'), mime: 'audio/ogg' },
    },
  })

async function deliver(connection: ConnectionRow, ...events: RawTestEvent[]) {
  await t.services.inbound.receive(connection, 'baileys', [{ events }])
  await t.services.inbound.drain()
  await t.services.messages.sender.idle()
}

async function setting(company: Company, values: Partial<typeof companySettings.$inferInsert>) {
  await t.db.update(companySettings).set(values).where(eq(companySettings.companyId, company.id))
}

/** The ticket's messages in order, with whether the bot wrote them. */
async function conversationOf(connection: ConnectionRow) {
  const [ticket] = await t.db.select().from(tickets).where(eq(tickets.whatsappId, connection.id))
  return t.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, connection.companyId), eq(messages.ticketId, ticket!.id)))
    .orderBy(asc(messages.id))
}

async function whatsapp(company: Company, values: Parameters<typeof buildConnection>[2] = {}) {
  return buildConnection(t.db, company, { status: 'CONNECTED', ...values })
}

describe('calls', () => {
  test('a company that refuses calls tells the caller its message, and no menu runs', async () => {
    const refusing = await buildCompany(t.db)
    await setting(refusing, {
      acceptCallWhatsapp: 'disabled',
      AcceptCallWhatsappMessage: 'Não atendemos ligações, {{firstName}}: escreva aqui.',
    })
    const sales = await buildQueue(t.db, refusing, { name: 'Vendas' })
    const support = await buildQueue(t.db, refusing, { name: 'Suporte' })
    const connection = await whatsapp(refusing, {
      greetingMessage: 'Escolha:',
      queueIds: [sales.id, support.id],
    })
    await deliver(connection, call('5511977770001'))

    const said = await conversationOf(connection)
    expect(said.map(({ mediaType, isAutomatic }) => [mediaType, isAutomatic])).toEqual([
      ['call_log', false],
      ['conversation', true],
    ])
    expect(said[1]).toMatchObject({
      body: 'Não atendemos ligações, Contact: escreva aqui.',
      sendStatus: 'sent',
    })
  })

  test('a company that takes calls (and another company) says nothing about one', async () => {
    const taking = await buildCompany(t.db)
    const refusing = await buildCompany(t.db)
    await setting(refusing, { acceptCallWhatsapp: 'disabled', AcceptCallWhatsappMessage: 'Não.' })
    const connection = await whatsapp(taking)
    await deliver(connection, call('5511977770002'))

    const said = await conversationOf(connection)
    expect(said.map(({ mediaType }) => mediaType)).toEqual(['call_log'])
  })
})

describe('audio', () => {
  test('a company that takes no audio refuses it on an attendant ticket too, quoting it', async () => {
    const company = await buildCompany(t.db)
    await setting(company, { acceptAudioMessageContact: 'disabled' })
    const connection = await whatsapp(company)
    const contact = await buildContact(t.db, company, { number: '5511977770003' })
    const ana = await buildUser(t.db, { company })
    await buildTicket(t.db, company, { contact, connection, status: 'open', userId: ana.id })
    await deliver(connection, audio('5511977770003'), textFrom('5511977770003', 'ouviu?'))

    const said = await conversationOf(connection)
    expect(said.map(({ mediaType, isAutomatic }) => [mediaType, isAutomatic])).toEqual([
      ['audio', false],
      ['conversation', false],
      ['conversation', true],
    ])
    expect(said[2]).toMatchObject({ body: AUDIO_REFUSAL_TEXT, quotedMsgId: said[0]!.id })
    const sent = testDriver.sent.find((message) => message.body === AUDIO_REFUSAL_TEXT)
    expect(sent?.quoted?.providerId).toBe(said[0]!.wid)
  })

  test("a contact whose audio is refused gets the refusal where the company takes audio; others don't", async () => {
    const company = await buildCompany(t.db)
    const connection = await whatsapp(company)
    const refused = await buildContact(t.db, company, {
      number: '5511977770004',
      acceptAudioMessage: false,
    })
    const other = await whatsapp(await buildCompany(t.db))
    await deliver(connection, audio(refused.number))
    await deliver(other, audio(refused.number))

    const bodies = async (of: ConnectionRow) =>
      (await conversationOf(of)).filter((row) => row.isAutomatic).map((row) => row.body)
    expect(await bodies(connection)).toEqual([AUDIO_REFUSAL_TEXT])
    expect(await bodies(other)).toEqual([])
  })
})

describe('the greeting file', () => {
  test('goes with the menu as its caption, and outlives its replacement', async () => {
    const company = await buildCompany(t.db)
    const sales = await buildQueue(t.db, company, { name: 'Vendas' })
    const support = await buildQueue(t.db, company, { name: 'Suporte' })
    const stored = await t.services.media.saveFile(company.id, 'connections', PNG, {
      maxBytes: 1024,
      originalName: 'boas-vindas.png',
    })
    const connection = await whatsapp(company, {
      greetingMessage: 'Bem-vindo! Escolha:',
      greetingMediaAttachment: stored.path,
      queueIds: [sales.id, support.id],
    })
    await deliver(connection, textFrom('5511977770005', 'oi'))

    const [, menu] = await conversationOf(connection)
    expect(menu).toMatchObject({
      isAutomatic: true,
      mediaType: 'image',
      mediaPath: stored.path,
      mediaMime: 'image/png',
      sendStatus: 'sent',
    })
    expect(menu!.body).toMatch(/^Bem-vindo! Escolha:\n\n\*\[ 1 \]\* - Suporte\n/)
    const sent = testDriver.sent.find((message) => message.media?.path.endsWith('.png'))
    expect(sent).toMatchObject({ body: menu!.body, media: { kind: 'image', mime: 'image/png' } })

    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/whatsapp/${connection.id}/media-upload`,
      headers: await loginAs(t.app, admin),
    })
    expect(removed.statusCode).toBe(200)
    // The greeting already sent still shows its file.
    expect((await t.services.media.readFile(company.id, stored.path)).equals(PNG)).toBe(true)
  })
})
