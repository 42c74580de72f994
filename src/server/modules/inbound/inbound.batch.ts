import type { CompanySettingValues } from '@shared/contracts/settings'
import { formatCallTime } from '@shared/dates'
import type { ChatRef, InboundEvent, InboundMessage } from '@server/channels/types'
import type { CoreDeps } from '@server/deps'
import { groupBy } from '@server/lib/group-by'
import type { Executor } from '@server/db/client'
import type { CompaniesService } from '../companies/companies.service'
import type { ConnectionRow } from '../connections/connections.table'
import { contactsRepository, type ContactIdentity } from '../contacts/contacts.repository'
import type { ContactRow } from '../contacts/contacts.table'
import { messagesRepository, type TicketTouch } from '../messages/messages.repository'
import type { messages } from '../messages/messages.table'
import type { SettingsService } from '../settings/settings.service'
import type { TicketCore, TicketPresentation } from '../tickets/tickets.core'
import { ticketsRepository } from '../tickets/tickets.repository'
import type { TicketRow } from '../tickets/tickets.table'
import type { MediaRetry } from './inbound.media'
import type { SeenContact } from './inbound.profiles'
import { describeContent, type ReceivedMedia } from './inbound.content'
import { inboundRepository } from './inbound.repository'
import type { InboundEventRow } from './inbound.table'
import type { BotEars, BotReader, ReplyListener } from './inbound.types'

/** A stored event whose messages the set-based path may apply. */
export interface BatchRow {
  row: InboundEventRow
  connection: ConnectionRow
  events: InboundEvent[]
}

interface Item {
  row: BatchRow
  event: InboundMessage
  media: ReceivedMedia
  chat?: ContactRow
  sender?: ContactRow
  ticket?: TicketRow
}

/** The row of a received message, as both pipeline paths store it. */
export function newMessageValues(input: {
  connection: ConnectionRow
  event: InboundMessage
  media: ReceivedMedia
  callTime: string
  ticketId: number
  senderId: number
  quotedMsgId: number | null
  /** Whether the bot reads the message, by the kind it is stored as. */
  botHears: (mediaType: string) => boolean
}): typeof messages.$inferInsert {
  const { connection, event, media } = input
  const { stored } = media
  const { body, mediaType } = describeContent(event.content, stored, input.callTime, media.missing)
  return {
    companyId: connection.companyId,
    ticketId: input.ticketId,
    whatsappId: connection.id,
    contactId: event.fromMe ? null : input.senderId,
    wid: event.providerId,
    body,
    mediaType,
    mediaPath: stored?.path ?? null,
    mediaName:
      stored?.name ?? (event.content.kind === 'media' ? (event.content.fileName ?? null) : null),
    mediaMime: stored?.mime ?? null,
    fromMe: event.fromMe,
    isForwarded: event.isForwarded ?? false,
    // Typed on the phone: already sent and seen by the company side.
    read: event.fromMe,
    ack: event.fromMe ? 1 : 0,
    sendStatus: event.fromMe ? 'sent' : null,
    quotedMsgId: input.quotedMsgId,
    participant: event.chat.isGroup ? (event.sender?.jid ?? event.sender?.id ?? null) : null,
    remoteJid: event.chat.jid ?? null,
    dataJson: event.raw,
    createdAt: event.timestamp,
    botPending: !event.fromMe && !event.imported && input.botHears(mediaType),
  }
}

/** A WhatsApp LID the driver could not map to a number: its contact is looked up one by one. */
const lidOnly = (ref: ChatRef) => Boolean(ref.lid) && ref.id === ref.lid

/**
 * Whether a stored event can take the set-based path: new messages only, none of which waits
 * (the echo of one of our sends) or needs a lookup of its own (a reaction, a LID alone).
 */
export function fitsBatch(events: InboundEvent[]): boolean {
  return events.every(
    (event) =>
      event.type === 'message' &&
      event.content.kind !== 'reaction' &&
      (!event.fromMe || event.imported === true) &&
      !lidOnly(event.chat) &&
      !(event.sender && lidOnly(event.sender)),
  )
}

/**
 * The people references name both by number and by an id without it (a LID, a BSUID): a contact
 * first stored under that id takes the number (`adoptNumbers`).
 */
export const idsWithNumbers = (refs: ChatRef[]) =>
  refs.flatMap((ref) =>
    ref.lid && ref.lid !== ref.id && !ref.isGroup ? [{ lid: ref.lid, number: ref.id }] : [],
  )

/** The family of contacts a connection talks to: Baileys and Cloud API share WhatsApp's. */
export const contactChannelOf = (connection: ConnectionRow): ContactIdentity['channel'] =>
  connection.channel === 'facebook' || connection.channel === 'instagram'
    ? connection.channel
    : 'whatsapp'

/** The contact a provider's chat reference stands for, on a connection. */
export const contactIdentity = (
  connection: ConnectionRow,
  ref: ChatRef,
  company: Pick<CompanySettingValues, 'acceptAudioMessageContact'>,
): ContactIdentity => ({
  channel: contactChannelOf(connection),
  number: ref.id,
  name: ref.name ?? '',
  isGroup: ref.isGroup,
  remoteJid: ref.jid ?? null,
  lid: ref.lid ?? null,
  whatsappId: connection.id,
  acceptAudioMessage: company.acceptAudioMessageContact === 'enabled',
})

/**
 * The inbound pipeline's fast path (ARCHITECTURE §3): a claimed batch of new messages applied
 * in one transaction with a fixed number of statements, whatever its size: chats locked,
 * contacts upserted, active tickets found and locked, messages inserted and tickets touched
 * each in one statement. Conversations without an active ticket are opened together by the one
 * find-or-create routine. A batch that fails as a whole is handed back to the caller, which
 * applies its events one by one.
 */
export function createInboundBatch(
  deps: CoreDeps,
  collaborators: {
    ticketCore: TicketCore
    settings: SettingsService
    companies: CompaniesService
    messageEvents: {
      /** Emits each message's create event; answers its tickets as presented, by id. */
      emitCreatedMany(
        companyId: number,
        messageIds: number[],
      ): Promise<Map<number, TicketPresentation>>
    }
    receiveMedia(row: BatchRow, event: InboundMessage): Promise<ReceivedMedia>
    removeMedia(companyId: number, relative: string): Promise<void>
    emitContactCreated(contact: ContactRow): Promise<void>
    /** Queues the second try of failed downloads, in the transaction that stores them. */
    scheduleMediaRetries(executor: Executor, retries: MediaRetry[]): Promise<void>
    /** Queues the profile lookups of contacts that need one, in the same transaction. */
    scheduleProfiles(executor: Executor, seen: SeenContact[]): Promise<void>
    bot: BotReader
    replies: ReplyListener
  },
) {
  const { ticketCore, settings, companies, messageEvents } = collaborators
  const repo = inboundRepository(deps.db)
  const messageKey = (connectionId: number, providerId: string) => `${connectionId}:${providerId}`

  /** Drops what is filtered out, already stored, or twice in the batch (a replayed webhook). */
  async function freshItems(
    rows: BatchRow[],
  ): Promise<{ items: Item[]; known: Map<string, number> }> {
    const candidates: Item[] = []
    for (const row of rows)
      for (const event of row.events) {
        if (event.type !== 'message') continue
        if (event.chat.isGroup && !row.connection.allowGroup) continue
        candidates.push({ row, event, media: { stored: null } })
      }
    const known = new Map<string, number>()
    for (const [connectionId, list] of groupBy(candidates, (item) => item.row.connection.id)) {
      const wids = new Set(
        list.flatMap((item) => [item.event.providerId, item.event.quotedProviderId ?? []].flat()),
      )
      for (const { id, wid } of await repo.findMessageIdsByWid(connectionId, [...wids]))
        known.set(messageKey(connectionId, wid), id)
    }
    const taken = new Set<string>()
    const items = candidates.filter((item) => {
      const key = messageKey(item.row.connection.id, item.event.providerId)
      if (known.has(key) || taken.has(key)) return false
      taken.add(key)
      return true
    })
    return { items, known }
  }

  async function resolveContacts(tx: Executor, items: Item[]): Promise<ContactRow[]> {
    const created = new Map<number, ContactRow>()
    for (const [companyId, list] of groupBy(items, (item) => item.row.connection.companyId)) {
      const company = await settings.companyValues(companyId, tx)
      const identity = (connection: ConnectionRow, ref: ChatRef) =>
        contactIdentity(connection, ref, company)
      const withSender = (item: Item) =>
        item.event.chat.isGroup && item.event.sender && !item.event.fromMe
          ? item.event.sender
          : null
      await inboundRepository(tx).adoptNumbers(
        companyId,
        idsWithNumbers(list.flatMap((item) => [item.event.chat, withSender(item) ?? []].flat())),
      )
      const upserted = await contactsRepository(tx).upsertMany(
        companyId,
        list.flatMap((item) => {
          const sender = withSender(item)
          return [
            identity(item.row.connection, item.event.chat),
            ...(sender ? [identity(item.row.connection, sender)] : []),
          ]
        }),
      )
      let next = 0
      for (const item of list) {
        const chat = upserted[next++]!
        const sender = withSender(item) ? upserted[next++]! : chat
        item.chat = chat.row
        item.sender = sender.row
        for (const contact of [chat, sender])
          if (contact.created) created.set(contact.row.id, contact.row)
      }
    }
    return [...created.values()]
  }

  /** Each item's active ticket; `before` holds tickets that were opened or taken back. */
  async function resolveTickets(tx: Executor, items: Item[]) {
    const before = new Map<number, TicketRow | null>()
    for (const list of groupBy(items, (item) => item.row.connection.id).values()) {
      const { connection } = list[0]!.row
      const active = await ticketsRepository(tx).findActiveMany(
        connection.companyId,
        [...new Set(list.map((item) => item.chat!.id))],
        connection.id,
        { lock: true },
      )
      const byContact = new Map(active.map((ticket) => [ticket.contactId, ticket]))
      // Conversations without an active ticket: a live message opens a live one; a contact seen
      // only in imported history gets an imported one.
      for (const imported of [false, true]) {
        const opening = list.filter(
          (item) => !byContact.has(item.chat!.id) && (item.event.imported === true) === imported,
        )
        const found = await ticketCore.findOrCreateActiveMany(tx, {
          companyId: connection.companyId,
          contacts: opening.map((item) => item.chat!),
          connection,
          origin: { kind: 'inbound', imported },
        })
        for (const [contactId, result] of found) {
          byContact.set(contactId, result.ticket)
          before.set(result.ticket.id, result.before)
        }
      }
      for (const item of list) item.ticket = byContact.get(item.chat!.id)
    }
    return before
  }

  /**
   * The time zone of each company with a call among the items (its call notices carry the time),
   * read before the batch's transaction: inside it, a read on another connection would wait
   * forever for PGlite's one.
   */
  async function callTimeZones(items: Item[]) {
    const timeZones = new Map<number, string>()
    for (const { row, event } of items) {
      const { companyId } = row.connection
      if (event.content.kind !== 'call' || timeZones.has(companyId)) continue
      timeZones.set(
        companyId,
        (await companies.context(companyId))?.timezone ?? deps.defaultTimeZone,
      )
    }
    return timeZones
  }

  function messageValues(
    items: Item[],
    known: Map<string, number>,
    callTimeZones: Map<number, string>,
    ears: Map<number, BotEars>,
  ) {
    return items.map(({ event, row, media, ticket, sender }) =>
      newMessageValues({
        connection: row.connection,
        event,
        media,
        callTime:
          event.content.kind === 'call'
            ? formatCallTime(event.timestamp, callTimeZones.get(row.connection.companyId)!)
            : '',
        ticketId: ticket!.id,
        senderId: sender!.id,
        quotedMsgId: event.quotedProviderId
          ? (known.get(messageKey(row.connection.id, event.quotedProviderId)) ?? null)
          : null,
        botHears: (mediaType) => ears.get(row.connection.id)!(ticket!, mediaType, sender!),
      }),
    )
  }

  /** Each touched ticket's counters after its messages of the batch, in arrival order. */
  function ticketTouches(stored: { item: Item; body: string }[]) {
    const touches = new Map<number, TicketTouch>()
    for (const { item, body } of stored) {
      const { event } = item
      const ticketId = item.ticket!.id
      const touch = touches.get(ticketId) ?? {
        ticketId,
        body,
        fromMe: event.fromMe,
        at: event.timestamp,
        resetUnread: false,
        addUnread: 0,
        lastInboundAt: null,
      }
      touch.body = body
      touch.fromMe = event.fromMe
      touch.at = event.timestamp
      if (event.fromMe) {
        touch.resetUnread = true
        touch.addUnread = 0
      } else {
        if (event.content.kind !== 'call') touch.addUnread++
        touch.lastInboundAt = event.timestamp
      }
      touches.set(ticketId, touch)
    }
    return [...touches.values()]
  }

  /** Applies the rows; answers how many of the stored messages wait for the bot. */
  async function apply(rows: BatchRow[]): Promise<number> {
    const { items, known } = await freshItems(rows)
    await Promise.all(
      items.map(async (item) => {
        item.media = await collaborators.receiveMedia(item.row, item.event)
      }),
    )

    let outcome: Awaited<ReturnType<typeof store>>
    try {
      const timeZones = await callTimeZones(items)
      // Into the batch's settings snapshot before the transaction: read inside it, the prepared
      // statement is built again for the transaction's connection every time.
      for (const companyId of new Set(items.map((item) => item.row.connection.companyId)))
        await settings.companyValues(companyId)
      outcome = await deps.db.transaction((tx) => store(tx, items, known, timeZones, rows))
    } catch (error) {
      await removeMedia(items)
      throw error
    }
    await removeMedia(items.filter((item) => !outcome.inserted.has(item)))

    for (const contact of outcome.createdContacts) await collaborators.emitContactCreated(contact)
    const live = [...outcome.inserted].filter(([item]) => !item.event.imported)
    for (const [companyId, list] of groupBy(live, ([item]) => item.row.connection.companyId)) {
      const presented = await messageEvents.emitCreatedMany(
        companyId,
        list.map(([, messageId]) => messageId),
      )
      for (const ticketId of new Set(list.map(([item]) => item.ticket!.id)))
        await ticketCore.emitUpdated(
          companyId,
          ticketId,
          outcome.ticketsBefore.get(ticketId) ?? null,
          presented.get(ticketId),
        )
    }
    return outcome.botPending
  }

  async function store(
    tx: Executor,
    items: Item[],
    known: Map<string, number>,
    callTimeZones: Map<number, string>,
    rows: BatchRow[],
  ) {
    const txRepo = inboundRepository(tx)
    await txRepo.lockChats(
      items.map((item) => ({
        companyId: item.row.connection.companyId,
        connectionId: item.row.connection.id,
        chatId: item.event.chat.id,
      })),
    )
    const createdContacts = await resolveContacts(tx, items)
    await collaborators.scheduleProfiles(
      tx,
      items.map((item) => ({ connection: item.row.connection, contact: item.chat! })),
    )
    const ticketsBefore = await resolveTickets(tx, items)
    const ears = new Map<number, BotEars>()
    for (const [connectionId, list] of groupBy(items, (item) => item.row.connection.id)) {
      const tickets = [...new Map(list.map((item) => [item.ticket!.id, item.ticket!])).values()]
      ears.set(
        connectionId,
        await collaborators.bot.listening(tx, list[0]!.row.connection, tickets),
      )
    }
    const values = messageValues(items, known, callTimeZones, ears)
    const insertedRows = await txRepo.insertMessages(values)

    const byKey = new Map(
      insertedRows.map((row) => [messageKey(row.whatsappId!, row.wid!), row.id] as const),
    )
    const inserted = new Map<Item, number>()
    const stored: { item: Item; body: string }[] = []
    items.forEach((item, index) => {
      const id = byKey.get(messageKey(item.row.connection.id, item.event.providerId))
      if (id === undefined) return
      inserted.set(item, id)
      stored.push({ item, body: values[index]!.body! })
    })
    // A reply to a message of the same batch: its id was not known before the insert.
    const storedIds = new Map(
      [...inserted].map(([item, id]) => [
        messageKey(item.row.connection.id, item.event.providerId),
        id,
      ]),
    )
    await txRepo.setQuoted(
      [...inserted].flatMap(([item, id]) => {
        const quoted = item.event.quotedProviderId
        const quotedId =
          quoted && !known.has(messageKey(item.row.connection.id, quoted))
            ? storedIds.get(messageKey(item.row.connection.id, quoted))
            : undefined
        return quotedId === undefined ? [] : [{ id, quotedMsgId: quotedId }]
      }),
    )
    for (const [companyId, list] of groupBy(stored, ({ item }) => item.row.connection.companyId))
      await messagesRepository(tx).touchTickets(companyId, ticketTouches(list))
    const replies = stored.filter(
      ({ item }) => !item.event.fromMe && !item.event.imported && !item.event.chat.isGroup,
    )
    for (const [, list] of groupBy(replies, ({ item }) => item.row.connection.id))
      await collaborators.replies.heard(
        tx,
        list[0]!.item.row.connection,
        list.map(({ item }) => item.chat!.number),
        new Date(Math.max(...list.map(({ item }) => item.event.timestamp.getTime()))),
      )
    await collaborators.scheduleMediaRetries(
      tx,
      [...inserted].flatMap(([item, messageId]) =>
        item.media.missing?.reason === 'failed'
          ? [{ connection: item.row.connection, messageId, content: item.event.content }]
          : [],
      ),
    )
    await txRepo.markProcessedMany(rows.map(({ row }) => row.id))
    const botPending = items.filter(
      (item, index) => inserted.has(item) && values[index]!.botPending,
    ).length
    return { inserted, createdContacts, ticketsBefore, botPending }
  }

  async function removeMedia(items: Item[]) {
    for (const { row, media } of items)
      if (media.stored) await collaborators.removeMedia(row.connection.companyId, media.stored.path)
  }

  return { apply }
}

export type InboundBatch = ReturnType<typeof createInboundBatch>
