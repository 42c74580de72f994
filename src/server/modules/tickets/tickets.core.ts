import type { CompanySettingValues } from '../../../shared/contracts/settings'
import type { TicketDto } from '../../../shared/contracts/tickets'
import { isAdmin } from '../../../shared/permissions'
import { rooms } from '../../../shared/realtime/events'
import type { CoreDeps } from '../../deps'
import type { Executor } from '../../db/client'
import type { ConnectionRow } from '../connections/connections.table'
import type { ContactRow } from '../contacts/contacts.table'
import type { MediaService } from '../media/media.service'
import type { SettingsService } from '../settings/settings.service'
import { changeAudience, ticketAudience } from './tickets.audience'
import { presentTicket } from './tickets.presenter'
import { ticketsRepository, type TicketView } from './tickets.repository'
import type { TicketRow, TicketStatus, tickets } from './tickets.table'

type NewTicket = Omit<typeof tickets.$inferInsert, 'companyId'>

/** Who opens a ticket: the contact writing in, or an attendant starting a conversation. */
export type TicketOrigin =
  | { kind: 'inbound'; imported?: boolean }
  | { kind: 'agent'; userId: number; queueId: number | null; status?: TicketStatus }

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

/**
 * The one routine that finds or creates a contact's active ticket on a connection
 * (reference §8.5 "Build it right"), and the one way ticket changes reach sockets. Every path
 * that opens tickets — inbound messages, POST /tickets, forwards — goes through here.
 */
/** A ticket as admins (`full`) and, when the company hides numbers, profile users see it. */
export interface TicketPresentation {
  view: TicketView
  full: TicketDto
  masked: TicketDto | null
}

export function createTicketCore(
  deps: CoreDeps,
  collaborators: { settings: SettingsService; media: MediaService },
) {
  const { settings, media } = collaborators

  const pictureUrl = (view: TicketView) =>
    view.contact.picturePath
      ? media.signedUrl(view.contact.companyId, view.contact.picturePath)
      : ''

  /** A new ticket's status and flags, by who opens it (reference §8.5 step 4). */
  async function initialValues(
    tx: Executor,
    companyId: number,
    contact: ContactRow,
    connection: ConnectionRow,
    origin: TicketOrigin,
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
    const asLgpd =
      !origin.imported &&
      !contact.isGroup &&
      company.enableLGPD === 'enabled' &&
      company.lgpdMessage.trim() !== '' &&
      (company.lgpdConsent === 'enabled' || !contact.lgpdAcceptedAt)
    const status: TicketStatus = asLgpd
      ? 'lgpd'
      : !contact.isGroup || groupAsTicket
        ? 'pending'
        : 'group'
    return {
      ...base,
      status,
      isBot: status !== 'group',
      isActiveDemand: false,
      imported: origin.imported ? new Date() : null,
      ...(origin.imported ? { queueId: connection.queueIdImportMessages } : {}),
    }
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
    const { companyId, contact, connection, origin } = input
    const repo = ticketsRepository(tx)
    await repo.lockContactConnection(companyId, contact.id, connection.id)

    const active = await repo.findActive(companyId, contact.id, connection.id)
    if (active) return { ticket: active, created: false, reopened: false, before: null }

    const values = await initialValues(tx, companyId, contact, connection, origin)

    // A contact writing again shortly after a close gets that ticket back, not a new one.
    if (origin.kind === 'inbound' && connection.timeCreateNewTicket > 0) {
      const latest = await repo.findLatest(companyId, contact.id, connection.id)
      const cutoff = Date.now() - connection.timeCreateNewTicket * 60_000
      if (latest && latest.status === 'closed' && latest.updatedAt.getTime() >= cutoff) {
        const reopened = await repo.update(companyId, latest.id, {
          status: values.status === 'group' ? 'group' : 'pending',
          userId: null,
        })
        if (reopened) {
          await repo.openTracking(reopened)
          return { ticket: reopened, created: false, reopened: true, before: latest }
        }
      }
    }

    const inserted = await repo.insertActive({ companyId, ...values })
    if (!inserted) {
      // Only reachable if the advisory lock was bypassed: the unique index decided the winner.
      const winner = await repo.findActive(companyId, contact.id, connection.id)
      if (!winner) throw new Error('active ticket vanished during find-or-create')
      return { ticket: winner, created: false, reopened: false, before: null }
    }
    await repo.log(companyId, inserted.id, inserted.status === 'lgpd' ? 'lgpd' : 'create', {
      userId: inserted.userId,
      queueId: inserted.queueId,
    })
    await repo.openTracking(inserted)
    return { ticket: inserted, created: true, reopened: false, before: null }
  }

  /** TicketDtos for `ids` as a given viewer may see them (numbers masked for profile users). */
  async function present(
    companyId: number,
    ids: number[],
    viewer: { profile: 'admin' | 'user'; super: boolean },
  ): Promise<TicketDto[]> {
    const [views, company] = await Promise.all([
      ticketsRepository(deps.db).loadViews(companyId, ids),
      settings.companyValues(companyId),
    ])
    const maskNumber = companyMasksNumbers(company) && !isAdmin(viewer)
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
      ticketsRepository(deps.db).loadViews(companyId, ticketIds),
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
