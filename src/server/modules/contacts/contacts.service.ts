import type { RequestContext } from '@server/context'
import {
  CONTACT_COUNT_CAP,
  CONTACT_EXPORT_HEADERS,
  CONTACT_EXPORT_MAX_ROWS,
  CONTACT_PAGE_SIZE,
  CONTACT_PICKER_LIMIT,
  type ContactDetailDto,
  type ContactDto,
  type ContactList,
  type ContactPickerQuery,
  type ContactProfileDto,
  type CreateContactBody,
  type ExportContactsQuery,
  type ListContactsQuery,
  type UpdateContactBody,
} from '@shared/contracts/contacts'
import { normalizePhoneNumber } from '@shared/contacts/phone'
import type { SyncContactTagsBody } from '@shared/contracts/tags'
import { isErrorCode } from '@shared/errors'
import { hasPermission, isAdmin } from '@shared/permissions'
import { rooms } from '@shared/realtime/events'
import { ChannelError, type ChatRef } from '@server/channels/types'
import type { ChannelRegistry } from '@server/channels/registry'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import { parseIdList } from '@server/lib/id-list'
import { AppError, validationError } from '@server/lib/app-error'
import { decodeNameCursor, encodeNameCursor } from '@server/lib/keyset-cursor'
import { isUniqueViolation } from '@server/lib/unique-violation'
import type { ConnectionsService } from '../connections/connections.service'
import type { ConnectionRow } from '../connections/connections.table'
import type { MediaService } from '../media/media.service'
import type { SettingsService } from '../settings/settings.service'
import type { TagsService } from '../tags/tags.service'
import { companyMasksNumbers, type TicketCore } from '../tickets/tickets.core'
import type { TicketsService } from '../tickets/tickets.service'
import { numberVariants } from './contacts.number'
import {
  maskedIdentity,
  maskNumber,
  presentContact,
  presentContactDetail,
} from './contacts.presenter'
import { contactsRepository, type ContactFilter, type ContactIdentity } from './contacts.repository'
import { buildContactsWorkbook } from './contacts.sheet'
import type { ContactRow } from './contacts.table'

export interface ContactsCollaborators {
  settings: SettingsService
  media: MediaService
  connections: ConnectionsService
  channels: ChannelRegistry
  tags: TagsService
  tickets: TicketsService
  ticketCore: TicketCore
}

type Viewer = RequestContext['user']

/** A provider's picture is asked again after a day; until then our copy answers. */
const PICTURE_TTL_MS = 24 * 60 * 60_000
const PICTURE_MAX_BYTES = 2 * 1024 * 1024
const PICTURE_FETCH_TIMEOUT_MS = 10_000

/** The search of GET /contacts: folded text, plus the digits when the text is a number. */
export function searchOf(text: string | undefined): ContactFilter['search'] {
  const trimmed = text?.trim()
  if (!trimmed) return undefined
  const digits = trimmed.replace(/\D/g, '')
  const numeric = /^[\d\s()+\-.]+$/.test(trimmed) && digits.length >= 3 && digits !== trimmed
  return { text: trimmed, digits: numeric ? digits : null }
}

function filterOf(query: ExportContactsQuery): ContactFilter {
  return {
    search: searchOf(query.searchParam),
    tagIds: parseIdList(query.contactTag, 'contactTag') ?? undefined,
    channel: query.channel,
    isGroup: query.isGroup === undefined ? undefined : query.isGroup === 'true',
  }
}

/** A provider failure as the catalogue code the client translates. */
function providerError(error: unknown, fallback: 'ERR_PROVIDER_UNAVAILABLE'): AppError {
  if (error instanceof AppError) return error
  if (error instanceof ChannelError && isErrorCode(error.code)) return new AppError(error.code)
  return new AppError(fallback)
}

const chatOf = (contact: ContactRow): ChatRef => ({
  id: contact.number,
  isGroup: contact.isGroup,
  ...(contact.remoteJid ? { jid: contact.remoteJid } : {}),
})

/**
 * Contacts (000 §3, §7 Contacts; reference §10): lists and search, the drawer's reads and
 * writes, block and toggles, pictures, tags and the export. Numbers are stored as E.164 digits
 * in WhatsApp's spelling (contacts.number.ts) and masked for profile users under LGPD in every
 * answer and event (000 §6).
 */
export function createContactsService(deps: CoreDeps, collaborators: ContactsCollaborators) {
  const { settings, media, connections, channels, tags, tickets, ticketCore } = collaborators
  const repo = contactsRepository(deps.db)

  async function masksFor(companyId: number, viewer: Viewer): Promise<boolean> {
    if (isAdmin(viewer)) return false
    return companyMasksNumbers(await settings.companyValues(companyId))
  }

  const pictureUrl = (row: ContactRow) =>
    row.picturePath ? media.signedUrl(row.companyId, row.picturePath) : ''

  async function presentMany(
    companyId: number,
    rows: ContactRow[],
    mask: boolean,
  ): Promise<ContactDto[]> {
    const tagsByContact = await repo.tagsOf(
      companyId,
      rows.map((row) => row.id),
    )
    return rows.map((row) =>
      presentContact(row, {
        tags: tagsByContact.get(row.id) ?? [],
        pictureUrl: pictureUrl(row),
        maskNumber: mask,
      }),
    )
  }

  async function detail(ctx: RequestContext, row: ContactRow): Promise<ContactDetailDto> {
    const [tagsByContact, extraInfo, whatsapp, mask] = await Promise.all([
      repo.tagsOf(ctx.companyId, [row.id]),
      repo.extraInfoOf(ctx.companyId, row.id),
      row.whatsappId ? repo.connectionName(ctx.companyId, row.whatsappId) : null,
      masksFor(ctx.companyId, ctx.user),
    ])
    return presentContactDetail(row, {
      tags: tagsByContact.get(row.id) ?? [],
      pictureUrl: pictureUrl(row),
      maskNumber: mask,
      extraInfo,
      whatsapp,
    })
  }

  async function found(companyId: number, id: number): Promise<ContactRow> {
    const row = await repo.findById(companyId, id)
    if (!row) throw new AppError('ERR_NO_CONTACT_FOUND')
    return row
  }

  /**
   * `company-{id}-contact` to every user of the company: profile users get the masked number
   * when the company hides numbers, admins the full one.
   */
  async function emitContact(companyId: number, action: 'create' | 'update', row: ContactRow) {
    const masks = companyMasksNumbers(await settings.companyValues(companyId))
    const [full] = await presentMany(companyId, [row], false)
    if (!full) return
    if (!masks) {
      deps.realtime.emit(companyId, [rooms.company], 'contact', { action, contact: full })
      return
    }
    const masked = { ...full, ...maskedIdentity(row) }
    deps.realtime.emit(companyId, [rooms.company], 'contact', { action, contact: masked }, [
      rooms.admins,
    ])
    deps.realtime.emit(companyId, [rooms.admins], 'contact', { action, contact: full })
  }

  /** The number a write stores, or ERR_VALIDATION on `number`. */
  function storedNumber(input: string): string {
    const number = normalizePhoneNumber(input)
    if (!number) throw validationError('number')
    return number
  }

  async function assertFree(companyId: number, number: string, exceptId?: number) {
    const taken = await repo.findByNumber(companyId, 'whatsapp', numberVariants(number))
    if (taken && taken.id !== exceptId) throw new AppError('ERR_DUPLICATED_CONTACT')
  }

  /** The connection that acts for a contact: its own, else the company's default. */
  async function connectionOf(contact: ContactRow): Promise<ConnectionRow | null> {
    const own = contact.whatsappId
      ? await connections.findRow(contact.companyId, contact.whatsappId)
      : undefined
    return own ?? (await connections.defaultRow(contact.companyId)) ?? null
  }

  /** Downloads a provider picture into the company's media; null when it cannot. */
  async function storePicture(companyId: number, url: string): Promise<string | null> {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(PICTURE_FETCH_TIMEOUT_MS) })
      if (!response.ok) return null
      const data = Buffer.from(await response.arrayBuffer())
      return await media.saveImage(companyId, 'contacts', data, PICTURE_MAX_BYTES)
    } catch (error) {
      deps.log.warn({ err: error, companyId }, 'contact picture download failed')
      return null
    }
  }

  /**
   * Refreshes the contact's picture through its connection's driver when our copy is older
   * than a day. Provider trouble leaves the old picture: a picture is never worth an error.
   */
  async function refreshPicture(contact: ContactRow): Promise<ContactRow> {
    const checked = contact.pictureCheckedAt?.getTime() ?? 0
    if (contact.isGroup || Date.now() - checked < PICTURE_TTL_MS) return contact
    const connection = await connectionOf(contact)
    const driver = connection ? channels.driverFor(connection.channel) : null
    if (!connection || !driver?.profilePicture) return contact
    let url: string | null
    try {
      url = await driver.profilePicture(channels.connectionFor(connection), chatOf(contact))
    } catch (error) {
      deps.log.debug({ err: error, contactId: contact.id }, 'profile picture not available')
      return contact
    }
    const unchanged = url !== null && url === contact.profilePicUrl && contact.picturePath
    const path = url && !unchanged ? await storePicture(contact.companyId, url) : null
    const updated = await repo.update(contact.companyId, contact.id, {
      pictureCheckedAt: new Date(),
      ...(url === null ? { profilePicUrl: null, picturePath: null } : {}),
      ...(path ? { profilePicUrl: url, picturePath: path } : {}),
    })
    if (path && contact.picturePath) await media.remove(contact.companyId, contact.picturePath)
    return updated ?? contact
  }

  async function tagIdsOf(companyId: number, ids: number[] | undefined): Promise<number[]> {
    if (!ids?.length) return []
    const unique = [...new Set(ids)]
    const existing = await tags.existing(companyId, unique)
    if (existing.length !== unique.length) throw new AppError('ERR_NO_TAG_FOUND')
    return unique
  }

  return {
    /**
     * The contacts of numbers the server writes to on its own (campaigns), created or refreshed
     * in the caller's transaction like the inbound pipeline does; in the identities' order.
     */
    upsertManyIn: (tx: Executor, companyId: number, identities: ContactIdentity[]) =>
      contactsRepository(tx).upsertMany(companyId, identities),

    /** GET /contacts: search by name, number or e-mail, tag/channel/group filters, pages. */
    async list(ctx: RequestContext, query: ListContactsQuery): Promise<ContactList> {
      const filter = filterOf(query)
      const limit = query.limit ?? CONTACT_PAGE_SIZE
      const cursor = query.cursor ? decodeNameCursor(query.cursor) : null
      const offset = ((query.pageNumber ?? 1) - 1) * limit
      const [rows, count, mask] = await Promise.all([
        repo.page(ctx.companyId, filter, { limit, offset, cursor }),
        repo.count(ctx.companyId, filter, CONTACT_COUNT_CAP),
        masksFor(ctx.companyId, ctx.user),
      ])
      const hasMore = rows.length > limit
      const page = rows.slice(0, limit)
      const last = page.at(-1)
      return {
        contacts: await presentMany(ctx.companyId, page, mask),
        count,
        hasMore,
        nextCursor: hasMore && last ? encodeNameCursor(last) : null,
      }
    },

    async picker(ctx: RequestContext, query: ContactPickerQuery): Promise<ContactDto[]> {
      // The same folded, indexed search as the list: the spec's family matched case-sensitively.
      const [rows, mask] = await Promise.all([
        repo.page(
          ctx.companyId,
          { search: searchOf(query.name) },
          { limit: CONTACT_PICKER_LIMIT, offset: 0, cursor: null },
        ),
        masksFor(ctx.companyId, ctx.user),
      ])
      return presentMany(ctx.companyId, rows.slice(0, CONTACT_PICKER_LIMIT), mask)
    },

    async get(ctx: RequestContext, id: number): Promise<ContactDetailDto> {
      return detail(ctx, await found(ctx.companyId, id))
    },

    /** POST /contacts: a WhatsApp contact typed by an attendant. */
    async create(ctx: RequestContext, body: CreateContactBody): Promise<ContactDetailDto> {
      const number = storedNumber(body.number)
      const name = body.name.trim()
      if (name.length < 2) throw validationError('name')
      await assertFree(ctx.companyId, number)
      const tagIds = await tagIdsOf(ctx.companyId, body.tagIds)
      const company = await settings.companyValues(ctx.companyId)
      const row = await deps.db.transaction(async (tx) => {
        const txRepo = contactsRepository(tx)
        const inserted = await txRepo.insert(ctx.companyId, {
          name,
          number,
          channel: 'whatsapp',
          email: body.email?.trim() ?? '',
          acceptAudioMessage: company.acceptAudioMessageContact === 'enabled',
        })
        // The unique index settles a race with another create or an inbound message.
        if (!inserted) throw new AppError('ERR_DUPLICATED_CONTACT')
        if (body.extraInfo?.length)
          await txRepo.replaceExtraInfo(ctx.companyId, inserted.id, body.extraInfo)
        await txRepo.addTags(ctx.companyId, inserted.id, tagIds)
        return inserted
      })
      await emitContact(ctx.companyId, 'create', row)
      return detail(ctx, row)
    },

    /**
     * PUT /contacts/{id}. A number equal to the masked one the caller was shown is the number
     * unchanged (reference §10), so a profile user's save keeps the real number.
     */
    async update(
      ctx: RequestContext,
      id: number,
      body: UpdateContactBody,
    ): Promise<ContactDetailDto> {
      const current = await found(ctx.companyId, id)
      let number: string | undefined
      if (
        body.number !== undefined &&
        body.number !== current.number &&
        body.number !== maskNumber(current.number)
      ) {
        // Group ids and Meta ids are the provider's: they are never retyped.
        if (current.isGroup || current.channel !== 'whatsapp') throw validationError('number')
        number = storedNumber(body.number)
        if (number !== current.number) await assertFree(ctx.companyId, number, id)
        else number = undefined
      }
      const name = body.name?.trim()
      if (name !== undefined && name.length < 2) throw validationError('name')
      const row = await deps.db.transaction(async (tx) => {
        const txRepo = contactsRepository(tx)
        let updated: ContactRow | null
        try {
          updated = await txRepo.update(ctx.companyId, id, {
            ...(name === undefined ? {} : { name }),
            // A new number is another WhatsApp identity: the old JID and LID no longer apply.
            ...(number === undefined ? {} : { number, remoteJid: null, lid: null }),
            ...(body.email === undefined ? {} : { email: body.email.trim() }),
            ...(body.acceptAudioMessage === undefined
              ? {}
              : { acceptAudioMessage: body.acceptAudioMessage }),
            ...(body.active === undefined ? {} : { active: body.active }),
            ...(body.disableBot === undefined ? {} : { disableBot: body.disableBot }),
          })
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError('ERR_DUPLICATED_CONTACT')
          throw error
        }
        if (!updated) throw new AppError('ERR_NO_CONTACT_FOUND')
        if (body.extraInfo) await txRepo.replaceExtraInfo(ctx.companyId, id, body.extraInfo)
        return updated
      })
      await emitContact(ctx.companyId, 'update', row)
      return detail(ctx, row)
    },

    /**
     * DELETE /contacts/{id} (`contacts-page:deleteContact`). Sockets that see one of the
     * contact's active tickets are told it is gone before the cascade removes it.
     */
    async remove(ctx: RequestContext, id: number): Promise<{ message: string }> {
      if (!hasPermission(ctx.user, 'contacts-page:deleteContact'))
        throw new AppError('ERR_NO_PERMISSION')
      const contact = await found(ctx.companyId, id)
      const active = await tickets.activeOfContact(ctx.companyId, id)
      const deleted = await repo.delete(ctx.companyId, contact.id)
      if (!deleted) throw new AppError('ERR_NO_CONTACT_FOUND')
      for (const ticket of active) ticketCore.emitDeleted(ctx.companyId, ticket)
      if (deleted.picturePath) await media.remove(ctx.companyId, deleted.picturePath)
      deps.realtime.emit(ctx.companyId, [rooms.company], 'contact', {
        action: 'delete',
        contactId: id,
      })
      return { message: 'Contact deleted' }
    },

    /**
     * PUT /contacts/block/{id}: blocks on WhatsApp through the contact's connection while its
     * session is up (a refusal is an error, not swallowed), and always keeps our flag, which
     * is all that Meta channels and offline sessions have.
     */
    async setActive(ctx: RequestContext, id: number, active: boolean): Promise<ContactDetailDto> {
      const contact = await found(ctx.companyId, id)
      const connection = contact.channel === 'whatsapp' ? await connectionOf(contact) : null
      const driver = connection ? channels.driverFor(connection.channel) : null
      if (connection?.status === 'CONNECTED' && driver?.setBlocked && !contact.isGroup) {
        try {
          await driver.setBlocked(channels.connectionFor(connection), chatOf(contact), !active)
        } catch (error) {
          throw providerError(error, 'ERR_PROVIDER_UNAVAILABLE')
        }
      }
      const row = await repo.update(ctx.companyId, id, { active })
      if (!row) throw new AppError('ERR_NO_CONTACT_FOUND')
      await emitContact(ctx.companyId, 'update', row)
      return detail(ctx, row)
    },

    async toggle(
      ctx: RequestContext,
      id: number,
      column: 'disableBot' | 'acceptAudioMessage',
    ): Promise<ContactDetailDto> {
      const row = await repo.toggle(ctx.companyId, id, column)
      if (!row) throw new AppError('ERR_NO_CONTACT_FOUND')
      await emitContact(ctx.companyId, 'update', row)
      return detail(ctx, row)
    },

    /** GET /contacts/profile/{number}: the contact's picture, refreshed at most daily. */
    async profile(ctx: RequestContext, rawNumber: string): Promise<ContactProfileDto> {
      const number = normalizePhoneNumber(rawNumber)
      const contact = number
        ? await repo.findByNumber(ctx.companyId, 'whatsapp', numberVariants(number))
        : null
      if (!contact) return { contactId: 0, urlPicture: '', profilePicUrl: '' }
      const fresh = await refreshPicture(contact)
      const url = pictureUrl(fresh)
      return { contactId: fresh.id, urlPicture: url, profilePicUrl: url }
    },

    /** GET /contactTags/{contactId}. */
    async tagsOf(ctx: RequestContext, contactId: number) {
      const contact = await found(ctx.companyId, contactId)
      const byContact = await repo.tagsOf(ctx.companyId, [contact.id])
      return { tags: byContact.get(contact.id) ?? [] }
    },

    /**
     * POST /tags/sync: the contact's tags become exactly these; typed names are found or
     * created (000 §5). Emits the contact's update (reference §10 "Build it right").
     */
    async syncTags(ctx: RequestContext, body: SyncContactTagsBody): Promise<ContactDto> {
      const contact = await found(ctx.companyId, body.contactId)
      const byId = body.tags.flatMap((tag) => (tag.id ? [tag.id] : []))
      const byName = body.tags.flatMap((tag) =>
        !tag.id && tag.name ? [{ name: tag.name, ...(tag.color ? { color: tag.color } : {}) }] : [],
      )
      if (body.tags.some((tag) => !tag.id && !tag.name)) throw validationError('tags')
      const ids = await tagIdsOf(ctx.companyId, byId)
      const created = await deps.db.transaction(async (tx) => {
        const named = byName.length
          ? await tags.findOrCreate(tx, ctx.companyId, byName)
          : { ids: [], created: [] }
        await contactsRepository(tx).replaceTags(ctx.companyId, contact.id, [
          ...new Set([...ids, ...named.ids]),
        ])
        return named.created
      })
      tags.announceCreated(ctx.companyId, created)
      const row = await found(ctx.companyId, contact.id)
      await emitContact(ctx.companyId, 'update', row)
      const [dto] = await presentMany(ctx.companyId, [row], await masksFor(ctx.companyId, ctx.user))
      return dto!
    },

    /**
     * GET /contacts/export: the filtered list as an xlsx sheet, numbers masked exactly as the
     * caller's lists show them (000 §6), at most CONTACT_EXPORT_MAX_ROWS contacts.
     */
    async exportSheet(ctx: RequestContext, query: ExportContactsQuery): Promise<Buffer> {
      const filter = filterOf(query)
      const mask = await masksFor(ctx.companyId, ctx.user)
      const rows: string[][] = []
      let cursor: { name: string; id: number } | null = null
      const batch = 1000
      while (rows.length < CONTACT_EXPORT_MAX_ROWS) {
        const page: ContactRow[] = await repo.page(ctx.companyId, filter, {
          limit: batch,
          offset: 0,
          cursor,
        })
        const slice = page.slice(0, batch)
        const dtos = await presentMany(ctx.companyId, slice, mask)
        for (const dto of dtos)
          rows.push([dto.name, dto.number, dto.email, dto.tags.map((tag) => tag.name).join(', ')])
        const last = slice.at(-1)
        if (page.length <= batch || !last) break
        cursor = { name: last.name, id: last.id }
      }
      return buildContactsWorkbook(CONTACT_EXPORT_HEADERS, rows.slice(0, CONTACT_EXPORT_MAX_ROWS))
    },

    emitContact,
    presentMany,
    masksFor,
  }
}

export type ContactsService = ReturnType<typeof createContactsService>
