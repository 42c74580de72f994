import type { CompanySettingValues } from '@shared/contracts/settings'
import type { TicketDto } from '@shared/contracts/tickets'
import { isAdmin } from '@shared/permissions'
import { rooms } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import type { ConnectionRow } from '../connections/connections.table'
import type { ContactRow } from '../contacts/contacts.table'
import type { MediaService } from '../media/media.service'
import type { SettingsService } from '../settings/settings.service'
import { changeAudience, ticketAudience } from './tickets.audience'
import { presentTicket } from './tickets.presenter'
import type { PresentableTicket } from './tickets.hydration'
import { ticketsRepository } from './tickets.repository'
import type { TicketRow, TicketStatus, tickets } from './tickets.table'

type NewTicket = Omit<typeof tickets.$inferInsert, 'companyId'>

/** Who opens a ticket: the contact writing in, or an attendant starting a conversation. */
export type TicketOrigin =
  | { kind: 'inbound'; imported?: boolean }
  | { kind: 'agent'; userId: number | null; queueId: number | null; status?: TicketStatus }

export interface FindOrCreateResult {
  ticket: TicketRow
  /** A new ticket was inserted (its `create`/`lgpd` log is written). */
  created: boolean
  /** A recently closed ticket was taken back instead (connection timeCreateNewTicket). */
  reopened: boolean
  /** The ticket as it was before, when an existing one was changed. */
  before: TicketRow | null
}

/** Numbers are masked for profile users when the company enables both LGPD switches. */
export const companyMasksNumbers = (
  settings: Pick<CompanySettingValues, 'enableLGPD' | 'lgpdHideNumber'>,
) => settings.enableLGPD === 'enabled' && settings.lgpdHideNumber === 'enabled'

/** A ticket as admins (`full`) and, when the company hides numbers, profile users see it. */
export interface TicketPresentation {
  view: PresentableTicket
  full: TicketDto
  masked: TicketDto | null
}

/**
 * Whether a contact's new ticket starts by asking his consent to the privacy terms (`lgpd`):
 * the company asks, with a message, of everyone each time or of those who never accepted.
 */
export function asksConsent(
  company: Pick<CompanySettingValues, 'enableLGPD' | 'lgpdMessage' | 'lgpdConsent'>,
  contact: Pick<ContactRow, 'lgpdAcceptedAt'>,
): boolean {
  return (
    company.enableLGPD === 'enabled' &&
    company.lgpdMessage.trim() !== '' &&
    (company.lgpdConsent === 'enabled' || !contact.lgpdAcceptedAt)
  )
}

/**
 * The one routine that finds or creates a contact's active ticket on a connection
 * (reference §8.5 "Build it right"), and the one way ticket changes reach sockets. Every path
 * that opens tickets — inbound messages, POST /tickets, forwards — goes through here.
 */
export function createTicketCore(
  deps: CoreDeps,
  collaborators: { settings: SettingsService; media: MediaService },
) {
  const { settings, media } = collaborators

  const pictureUrl = (view: PresentableTicket) =>
    view.contact.picturePath
      ? media.signedUrl(view.contact.companyId, view.contact.picturePath)
      : ''

  /**
   * A new ticket's status and flags, by who opens it (reference §8.5 step 4). `soleQueueId` is
   * the connection's queue when it has exactly one: a contact writing in there can only belong
   * to it, and without it the ticket would wait without queue, unseen by its attendants. The bot
   * holds (isBot) a contact's new ticket only where it has queues to offer, or an integration or
   * an AI prompt that answers first.
   */
  async function initialValues(
    tx: Executor,
    companyId: number,
    contact: ContactRow,
    connection: ConnectionRow,
    origin: TicketOrigin,
    { soleQueueId, hasQueues }: { soleQueueId: number | null; hasQueues: boolean },
  ): Promise<NewTicket> {
    const base = {
      contactId: contact.id,
      whatsappId: connection.id,
      channel: connection.channel,
      isGroup: contact.isGroup,
    }
    if (origin.kind === 'agent') {
      return {
        ...base,
        status: contact.isGroup ? 'group' : (origin.status ?? 'open'),
        userId: origin.userId,
        queueId: origin.queueId,
        isBot: false,
        isActiveDemand: true,
      }
    }
    const company = await settings.companyValues(companyId, tx)
    const groupAsTicket = connection.groupAsTicket === 'enabled'
    const asLgpd = !origin.imported && !contact.isGroup && asksConsent(company, contact)
    const status: TicketStatus = asLgpd
      ? 'lgpd'
      : !contact.isGroup || groupAsTicket
        ? 'pending'
        : 'group'
    const queueId = origin.imported
      ? connection.queueIdImportMessages
      : contact.isGroup
        ? null
        : soleQueueId
    return {
      ...base,
      status,
      isBot:
        status !== 'group' &&
        !origin.imported &&
        (hasQueues || connection.integrationId !== null || connection.promptId !== null),
      isActiveDemand: false,
      imported: origin.imported ? new Date() : null,
      queueId,
    }
  }

  /**
   * The one find-or-create routine for contacts on one connection, in a fixed number of
   * statements whatever their number (the inbound pipeline opens many at once): under one
   * advisory lock per contact and connection, the active ticket is reused; else, for a contact
   * writing in, a ticket closed within the connection's timeCreateNewTicket is taken back; else
   * a new one is inserted with its log line and attendance cycle.
   */
  async function findOrCreateActiveMany(
    tx: Executor,
    input: {
      companyId: number
      contacts: ContactRow[]
      connection: ConnectionRow
      origin: TicketOrigin
    },
  ): Promise<Map<number, FindOrCreateResult>> {
    const { companyId, connection, origin } = input
    const contacts = new Map(input.contacts.map((contact) => [contact.id, contact]))
    const results = new Map<number, FindOrCreateResult>()
    if (contacts.size === 0) return results
    const repo = ticketsRepository(tx)
    const missing = () => [...contacts.keys()].filter((id) => !results.has(id))
    await repo.lockContactsConnection(companyId, [...contacts.keys()], connection.id)

    for (const ticket of await repo.findActiveMany(companyId, missing(), connection.id))
      results.set(ticket.contactId, { ticket, created: false, reopened: false, before: null })

    const values = new Map<number, NewTicket>()
    const queueChoice =
      origin.kind === 'inbound' && missing().length > 0
        ? await repo.queueChoiceOf(companyId, connection.id)
        : { soleQueueId: null, hasQueues: false }
    for (const contactId of missing())
      values.set(
        contactId,
        await initialValues(
          tx,
          companyId,
          contacts.get(contactId)!,
          connection,
          origin,
          queueChoice,
        ),
      )

    // A contact writing again shortly after a close gets that ticket back, not a new one.
    if (origin.kind === 'inbound' && connection.timeCreateNewTicket > 0 && values.size > 0) {
      const cutoff = Date.now() - connection.timeCreateNewTicket * 60_000
      for (const latest of await repo.findLatestMany(companyId, missing(), connection.id)) {
        if (latest.status !== 'closed' || latest.updatedAt.getTime() < cutoff) continue
        const reopened = await repo.update(companyId, latest.id, {
          status: values.get(latest.contactId)!.status === 'group' ? 'group' : 'pending',
          userId: null,
        })
        if (!reopened) continue
        await repo.openTracking(reopened)
        results.set(latest.contactId, {
          ticket: reopened,
          created: false,
          reopened: true,
          before: latest,
        })
      }
    }

    const inserted = await repo.insertActiveMany(
      missing().map((contactId) => ({ companyId, ...values.get(contactId)! })),
    )
    for (const ticket of inserted)
      results.set(ticket.contactId, { ticket, created: true, reopened: false, before: null })
    await repo.recordOpened(inserted)
    // Only reachable if the advisory lock was bypassed: the unique index decided the winner.
    for (const ticket of await repo.findActiveMany(companyId, missing(), connection.id))
      results.set(ticket.contactId, { ticket, created: false, reopened: false, before: null })
    if (missing().length > 0) throw new Error('active ticket vanished during find-or-create')
    return results
  }

  async function findOrCreateActive(
    tx: Executor,
    input: {
      companyId: number
      contact: ContactRow
      connection: ConnectionRow
      origin: TicketOrigin
    },
  ): Promise<FindOrCreateResult> {
    const { contact, ...rest } = input
    const results = await findOrCreateActiveMany(tx, { ...rest, contacts: [contact] })
    return results.get(contact.id)!
  }

  /**
   * The tickets messages the server sends on its own behalf go into (campaigns, scheduled
   * messages), for many contacts on one connection in a fixed number of statements: the
   * contact's active ticket on the connection is reused, never doubled; else `open` opens one
   * with that status, attendant and queue. Without `open` the message is only logged in the
   * contact's history: his latest ticket there, or a new closed one. Answers by contact id.
   */
  async function findOrCreateForSending(
    tx: Executor,
    input: {
      companyId: number
      contacts: ContactRow[]
      connection: ConnectionRow
      open: { status: 'open' | 'pending'; userId: number | null; queueId: number | null } | null
    },
  ): Promise<Map<number, FindOrCreateResult>> {
    const { companyId, contacts, connection, open } = input
    if (open)
      return findOrCreateActiveMany(tx, {
        companyId,
        contacts,
        connection,
        origin: { kind: 'agent', ...open },
      })
    const results = new Map<number, FindOrCreateResult>()
    const found = (ticket: TicketRow, created: boolean) =>
      results.set(ticket.contactId, { ticket, created, reopened: false, before: null })
    const missing = () =>
      [...new Set(contacts.map((contact) => contact.id))].filter((id) => !results.has(id))
    const repo = ticketsRepository(tx)
    await repo.lockContactsConnection(companyId, missing(), connection.id)
    for (const ticket of await repo.findActiveMany(companyId, missing(), connection.id))
      found(ticket, false)
    for (const ticket of await repo.findLatestMany(companyId, missing(), connection.id))
      found(ticket, false)
    const byId = new Map(contacts.map((contact) => [contact.id, contact]))
    const created = await repo.insertActiveMany(
      missing().map((contactId) => ({
        companyId,
        contactId,
        whatsappId: connection.id,
        channel: connection.channel,
        isGroup: byId.get(contactId)!.isGroup,
        status: 'closed' as const,
        isBot: false,
        isActiveDemand: true,
      })),
    )
    for (const ticket of created) found(ticket, true)
    if (missing().length > 0) throw new Error('history ticket insert returned nothing')
    return results
  }

  /** TicketDtos for `ids` as a given viewer may see them (numbers masked for profile users). */
  async function present(
    companyId: number,
    ids: number[],
    viewer: { profile: 'admin' | 'user'; super: boolean },
  ): Promise<TicketDto[]> {
    // Admins see numbers whole whatever the company's LGPD switches: no need to read them.
    const [views, maskNumber] = await Promise.all([
      ticketsRepository(deps.db).loadPresentable(companyId, ids),
      isAdmin(viewer) ? false : settings.companyValues(companyId).then(companyMasksNumbers),
    ])
    return views.map((view) => presentTicket(view, { maskNumber, pictureUrl: pictureUrl(view) }))
  }

  /**
   * Tickets as their two audiences see them, from one load: `full` for admins, and `masked` for
   * profile users when the company hides numbers (null when it does not).
   */
  async function presentManyForAudiences(
    companyId: number,
    ticketIds: number[],
  ): Promise<Map<number, TicketPresentation>> {
    const [views, company] = await Promise.all([
      ticketsRepository(deps.db).loadPresentable(companyId, ticketIds),
      settings.companyValues(companyId),
    ])
    const masks = companyMasksNumbers(company)
    const presented = new Map<number, TicketPresentation>()
    for (const view of views) {
      const pictureUrlOf = pictureUrl(view)
      presented.set(view.ticket.id, {
        view,
        full: presentTicket(view, { maskNumber: false, pictureUrl: pictureUrlOf }),
        masked: masks ? presentTicket(view, { maskNumber: true, pictureUrl: pictureUrlOf }) : null,
      })
    }
    return presented
  }

  async function presentForAudiences(
    companyId: number,
    ticketId: number,
  ): Promise<TicketPresentation | null> {
    return (await presentManyForAudiences(companyId, [ticketId])).get(ticketId) ?? null
  }

  /**
   * Emits `{action: 'update', ticket}` to everyone who saw the ticket before the change or sees
   * it now. Call after the transaction committed. Profile users get masked numbers when the
   * company hides them; admins (always in `showall`) get the full payload. `known` is the ticket
   * as just presented after the same change, when the caller has it.
   */
  async function emitUpdated(
    companyId: number,
    ticketId: number,
    before: TicketRow | null = null,
    known?: TicketPresentation,
  ) {
    const presented = known ?? (await presentForAudiences(companyId, ticketId))
    if (!presented) return
    const { view, full, masked } = presented
    const audience = changeAudience(before, view.ticket)
    if (!masked) {
      deps.realtime.emit(companyId, audience, 'ticket', { action: 'update', ticket: full })
      return full
    }
    deps.realtime.emit(companyId, audience, 'ticket', { action: 'update', ticket: masked }, [
      rooms.admins,
    ])
    deps.realtime.emit(companyId, [rooms.admins], 'ticket', { action: 'update', ticket: full })
    return full
  }

  function emitDeleted(companyId: number, ticket: TicketRow) {
    deps.realtime.emit(companyId, ticketAudience(ticket), 'ticket', {
      action: 'delete',
      ticketId: ticket.id,
    })
  }

  function emitUnreadCleared(companyId: number, ticket: TicketRow) {
    deps.realtime.emit(companyId, ticketAudience(ticket), 'ticket', {
      action: 'updateUnread',
      ticketId: ticket.id,
    })
  }

  return {
    findOrCreateActive,
    findOrCreateActiveMany,
    findOrCreateForSending,
    present,
    presentForAudiences,
    presentManyForAudiences,
    emitUpdated,
    emitDeleted,
    emitUnreadCleared,
    companyMasksNumbers,
  }
}

export type TicketCore = ReturnType<typeof createTicketCore>
