import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { buildCompany, buildConnection, buildMessage, buildTicket } from '@tests/factories'
import { signMeta } from '@tests/helpers/fake-graph'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import type { CompanyRow } from '../companies/companies.table'
import type { ConnectionRow } from '../connections/connections.table'
import { contacts } from '../contacts/contacts.table'
import { messages } from '../messages/messages.table'
import { tickets } from '../tickets/tickets.table'

/**
 * WhatsApp Cloud API webhooks through the whole intake: posted signed to the connection's
 * webhook route, stored, normalised by the real Cloud API driver and applied by the pipeline.
 */
const APP_SECRET = 'cloud-app-secret'
const PHONE_NUMBER_ID = '106540352242922'
const BSUID = 'US.13491208655302741918'

let t: TestApp
let company: CompanyRow
let connection: ConnectionRow
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())
beforeEach(async () => {
  company = await buildCompany(t.db)
  connection = await buildConnection(t.db, company, {
    channel: 'whatsappapi',
    status: 'CONNECTED',
    wabaPhoneNumberId: PHONE_NUMBER_ID,
    wabaAccessTokenSealed: t.services.channels.seal('token'),
    wabaAppSecretSealed: t.services.channels.seal(APP_SECRET),
  })
})

/** Posts one change of the messages field, signed as Meta signs it, and drains the pipeline. */
async function deliver(value: Record<string, unknown>) {
  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: PHONE_NUMBER_ID },
              ...value,
            },
          },
        ],
      },
    ],
  })
  const response = await t.app.inject({
    method: 'POST',
    url: `/webhooks/meta/${connection.id}`,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': signMeta(raw, APP_SECRET),
    },
    payload: raw,
  })
  expect([response.statusCode, response.body]).toEqual([200, 'EVENT_RECEIVED'])
  await t.services.inbound.drain()
}

let sequence = 0
/** A message from the contact of `contact` (the change's `contacts[]` entry). */
const fromContact = (
  contact: { wa_id?: string; user_id?: string; name?: string },
  message: Record<string, unknown>,
) => {
  sequence += 1
  return {
    contacts: [
      {
        ...(contact.name ? { profile: { name: contact.name } } : {}),
        ...(contact.wa_id ? { wa_id: contact.wa_id } : {}),
        ...(contact.user_id ? { user_id: contact.user_id } : {}),
      },
    ],
    messages: [
      {
        ...(contact.wa_id ? { from: contact.wa_id } : {}),
        ...(contact.user_id ? { from_user_id: contact.user_id } : {}),
        id: `wamid.CLOUD${sequence}`,
        timestamp: '1749416383',
        ...message,
      },
    ],
  }
}
const text = (body: string) => ({ type: 'text', text: { body } })

const contactsOf = () =>
  t.db.select().from(contacts).where(eq(contacts.companyId, connection.companyId))
const ticketsOf = () =>
  t.db.select().from(tickets).where(eq(tickets.companyId, connection.companyId))
const messagesOf = () =>
  t.db
    .select()
    .from(messages)
    .where(eq(messages.companyId, connection.companyId))
    .orderBy(asc(messages.id))
const messageByWid = async (wid: string) =>
  (await messagesOf()).find((message) => message.wid === wid)

describe('who wrote', () => {
  test('a user without a phone number is one contact, named by his profile, also once his number shows', async () => {
    await deliver(fromContact({ user_id: BSUID, name: 'Ana' }, text('sem número')))
    const [before] = await contactsOf()
    expect(before).toMatchObject({ number: BSUID, lid: BSUID, name: 'Ana' })

    // The same person later writes with his phone number and the BSUID: still him.
    await deliver(fromContact({ wa_id: '16505551234', user_id: BSUID, name: 'Ana' }, text('com')))
    // And again without a number.
    await deliver(fromContact({ user_id: BSUID, name: 'Ana' }, text('de novo sem')))

    const people = await contactsOf()
    expect(people).toEqual([
      expect.objectContaining({ id: before!.id, number: '16505551234', lid: BSUID, name: 'Ana' }),
    ])
    expect(await ticketsOf()).toHaveLength(1)
    expect((await messagesOf()).map((message) => [message.body, message.contactId])).toEqual([
      ['sem número', before!.id],
      ['com', before!.id],
      ['de novo sem', before!.id],
    ])
  })

  test('a contact first seen with his number is found by his BSUID alone', async () => {
    await deliver(fromContact({ wa_id: '16505551235', user_id: BSUID, name: 'Bia' }, text('um')))
    await deliver(fromContact({ user_id: BSUID }, text('dois')))
    expect(await contactsOf()).toEqual([
      expect.objectContaining({ number: '16505551235', lid: BSUID, name: 'Bia' }),
    ])
    expect(await messagesOf()).toHaveLength(2)
  })

  test('a new contact takes his profile name; without a profile, his number', async () => {
    await deliver(fromContact({ wa_id: '16505551236', name: 'Sheena Nelson' }, text('Oi')))
    await deliver(fromContact({ wa_id: '16505551237' }, text('Oi')))
    const names = (await contactsOf()).map((contact) => [contact.number, contact.name])
    expect(names.sort()).toEqual([
      ['16505551236', 'Sheena Nelson'],
      ['16505551237', '16505551237'],
    ])
  })
})

describe('reactions', () => {
  const ana = { wa_id: '16505551240', name: 'Ana' }
  const react = (id: string, target: string, timestamp: number, emoji?: string) =>
    deliver(
      fromContact(ana, {
        id,
        timestamp: String(timestamp),
        type: 'reaction',
        reaction: { message_id: target, ...(emoji === undefined ? {} : { emoji }) },
      }),
    )

  test('a redelivered reaction does not come back after the contact removed it', async () => {
    await deliver(fromContact(ana, { ...text('foto?'), id: 'wamid.T1', timestamp: '1000' }))
    await react('wamid.R1', 'wamid.T1', 1001, '😮')
    expect((await messageByWid('wamid.T1'))!.reactions).toEqual([
      expect.objectContaining({ type: '😮' }),
    ])
    await react('wamid.R2', 'wamid.T1', 1002)
    // Meta delivers at least once: the first reaction again.
    await react('wamid.R1', 'wamid.T1', 1001, '😮')
    expect((await messageByWid('wamid.T1'))!.reactions).toEqual([])
  })

  test('an older reaction arriving after a newer one does not replace it', async () => {
    await deliver(fromContact(ana, { ...text('preço?'), id: 'wamid.T2', timestamp: '2000' }))
    await react('wamid.R3', 'wamid.T2', 2010, '👍')
    await react('wamid.R4', 'wamid.T2', 2005, '❤️')
    expect((await messageByWid('wamid.T2'))!.reactions).toEqual([
      expect.objectContaining({ type: '👍' }),
    ])
    // And an older removal does not remove the newer reaction either.
    await react('wamid.R5', 'wamid.T2', 2001)
    expect((await messageByWid('wamid.T2'))!.reactions).toEqual([
      expect.objectContaining({ type: '👍' }),
    ])
  })
})

describe('what the message holds', () => {
  const bia = { wa_id: '16505551250', name: 'Bia' }

  test('a message from an ad keeps the ad, drawn as an ad preview', async () => {
    await deliver(
      fromContact(bia, {
        ...text('Quero saber mais'),
        referral: {
          source_url: 'https://fb.me/ad-1',
          source_id: '120200000',
          source_type: 'ad',
          headline: 'Promo | hoje',
          body: 'Frete grátis',
          media_type: 'image',
          image_url: 'https://cdn.example/ad.jpg',
          thumbnail_url: 'https://cdn.example/ad-thumb.jpg',
          ctwa_clid: 'ARAkLk',
        },
      }),
    )
    const [message] = await messagesOf()
    expect(message).toMatchObject({
      mediaType: 'adMetaPreview',
      // image | source URL | title | body | the contact's text (the renderer's parseAdPreview).
      body: 'https://cdn.example/ad-thumb.jpg|https://fb.me/ad-1|Promo ¦ hoje|Frete grátis|Quero saber mais',
    })
  })

  test("the contact's edits and deletions change his message", async () => {
    await deliver(fromContact(bia, { ...text('Qaunto custa?'), id: 'wamid.E0' }))
    await deliver(
      fromContact(bia, {
        type: 'edit',
        edit: { original_message_id: 'wamid.E0', message: text('Quanto custa?') },
      }),
    )
    expect(await messageByWid('wamid.E0')).toMatchObject({
      body: 'Quanto custa?',
      isEdited: true,
      isDeleted: false,
    })
    await deliver(fromContact(bia, { type: 'revoke', revoke: { original_message_id: 'wamid.E0' } }))
    expect(await messageByWid('wamid.E0')).toMatchObject({ isDeleted: true })
    // Neither the edit nor the deletion is a message of its own.
    expect(await messagesOf()).toHaveLength(1)
  })

  test('orders, Flow replies, system notices and unsupported kinds leave a readable message', async () => {
    await deliver(
      fromContact(bia, {
        type: 'order',
        order: {
          catalog_id: '354160437058781',
          text: '',
          product_items: [
            { product_retailer_id: 'HAMBURGER', quantity: 3, item_price: 30, currency: 'BRL' },
          ],
        },
      }),
    )
    await deliver(
      fromContact(bia, {
        type: 'interactive',
        interactive: {
          type: 'nfm_reply',
          nfm_reply: {
            name: 'flow',
            body: 'Sent',
            response_json: '{"screen_0_email_0":"bia@example.com","flow_token":"unused"}',
          },
        },
      }),
    )
    await deliver({
      messages: [
        {
          from: bia.wa_id,
          id: 'wamid.SYS1',
          timestamp: '1749416383',
          type: 'system',
          system: {
            body: 'Bia changed from 16505551250 to 16505559999',
            wa_id: '16505559999',
            type: 'user_changed_number',
          },
        },
      ],
    })
    await deliver(
      fromContact(bia, {
        type: 'unsupported',
        errors: [{ code: 131051, title: 'Message type unknown' }],
      }),
    )

    expect((await messagesOf()).map((message) => message.body)).toEqual([
      '*Sistema:* Mensagem não suportada (order)\n3 × HAMBURGER (30 BRL)',
      'email: bia@example.com',
      '*Sistema:* Mensagem não suportada (system)\nBia changed from 16505551250 to 16505559999',
      '*Sistema:* Mensagem não suportada (unsupported)',
    ])
    const [ticket] = await ticketsOf()
    expect(ticket).toMatchObject({ unreadMessages: 4 })
    // The provider's own message is kept, with its kind.
    expect(
      (await messagesOf()).map((message) => (message.dataJson as { type: string }).type),
    ).toEqual(['order', 'interactive', 'system', 'unsupported'])
  })
})

describe('delivery reports', () => {
  test('a send whose answer was lost is recognised by the reference its report carries, not sent again', async () => {
    const ticket = await buildTicket(t.db, company, { connection })
    const other = await buildConnection(t.db, company, { channel: 'whatsappapi' })
    const queued = (target: typeof ticket) =>
      buildMessage(t.db, target, {
        fromMe: true,
        wid: null,
        ack: 0,
        sendStatus: 'queued',
        // Claimed by a process that died as the provider answered: its lease runs.
        nextAttemptAt: new Date(Date.now() + 120_000),
        idempotencyKey: `key-${target.id}`,
      })
    const lost = await queued(ticket)
    const elsewhere = await queued(await buildTicket(t.db, company, { connection: other }))
    const status = (id: string, reference: string) => ({
      id,
      status: 'sent',
      timestamp: '1749416400',
      recipient_id: ticket.contact.number,
      biz_opaque_callback_data: reference,
    })
    await deliver({
      statuses: [
        status('wamid.LOST', `atende:${lost.id}`),
        // Another connection's message, and another app's data, are not ours to take.
        status('wamid.OTHER', `atende:${elsewhere.id}`),
        status('wamid.APP', 'order-123'),
      ],
    })
    const [adopted] = await t.db.select().from(messages).where(eq(messages.id, lost.id))
    expect(adopted).toMatchObject({
      wid: 'wamid.LOST',
      sendStatus: 'sent',
      ack: 1,
      nextAttemptAt: null,
    })
    const [untouched] = await t.db.select().from(messages).where(eq(messages.id, elsewhere.id))
    expect(untouched).toMatchObject({ wid: null, sendStatus: 'queued' })
    // Nothing is left for the sender once the lease runs out.
    const due = await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.whatsappId, connection.id), eq(messages.sendStatus, 'queued')))
    expect(due).toEqual([])
  })
})
