import type { RequestContext } from '@server/context'
import {
  CONTACT_NAME,
  IMPORT_MAX_ROWS,
  UPLOAD_HEADER_ALIASES,
  type ContactDto,
  type ImportContactBody,
  type ImportContactRow,
  type ImportFromConnectionQuery,
  type ImportJobDetailDto,
  type ImportJobDto,
  type ImportRowsBody,
  type ImportSkipReason,
  type UploadPreviewDto,
} from '@shared/contracts/contacts'
import { TAG_NAME, type TagDto } from '@shared/contracts/tags'
import { isAdmin } from '@shared/permissions'
import { rooms } from '@shared/realtime/events'
import type { ProviderContact } from '@server/channels/types'
import type { ChannelRegistry } from '@server/channels/registry'
import type { CoreDeps } from '@server/deps'
import { AppError, validationError } from '@server/lib/app-error'
import { isUniqueViolation } from '@server/lib/unique-violation'
import type { ConnectionsService } from '../connections/connections.service'
import type { SettingsService } from '../settings/settings.service'
import type { TagsService } from '../tags/tags.service'
import { normalizePhoneNumber, numberVariants } from './contacts.number'
import { maskedIdentity } from './contacts.presenter'
import { contactsRepository } from './contacts.repository'
import type { ContactsService } from './contacts.service'
import { foldHeader, parseSheet } from './contacts.sheet'
import type { ContactImportJobRow, ContactRow, StoredImportResult } from './contacts.table'

/** Rows applied between two progress writes and events. */
const CHUNK = 100
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A row that passed the checks that need no database. */
interface PreparedRow {
  row: number
  name: string
  number: string
  email: string | null
  tagNames: string[]
}

type Prepared = { ok: true; value: PreparedRow } | { ok: false; result: StoredImportResult }

/** A row to import with its number in the source (sheet row, list position). */
interface ImportItem {
  input: ImportContactRow
  row: number
}

interface JobOptions {
  validate: boolean
  /** Leave existing contacts untouched (phone and chat imports). */
  onlyNew: boolean
}

const skipped = (
  row: number,
  reason: ImportSkipReason,
  input: { name: string; number: string },
): StoredImportResult => ({
  row,
  status: 'skipped',
  reason,
  name: input.name.trim(),
  number: input.number.trim(),
})

/** The checks of one row that need neither the database nor the provider. */
function prepareRow(input: ImportContactRow, row: number, seen: Set<string>): Prepared {
  const name = input.name.trim()
  if (!name) return { ok: false, result: skipped(row, 'missingName', input) }
  if (name.length < CONTACT_NAME.min || name.length > CONTACT_NAME.max)
    return { ok: false, result: skipped(row, 'invalidName', input) }
  if (!input.number.trim()) return { ok: false, result: skipped(row, 'missingNumber', input) }
  const number = normalizePhoneNumber(input.number)
  if (!number) return { ok: false, result: skipped(row, 'invalidNumber', input) }
  const email = input.email?.trim() || null
  if (email && (email.length > 254 || !EMAIL.test(email)))
    return { ok: false, result: skipped(row, 'invalidEmail', input) }
  const tagNames = [
    ...new Set(
      (input.tags ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ]
  if (tagNames.some((tag) => tag.length < TAG_NAME.min || tag.length > TAG_NAME.max))
    return { ok: false, result: skipped(row, 'invalidTag', input) }
  if (seen.has(number)) return { ok: false, result: skipped(row, 'duplicateInFile', input) }
  seen.add(number)
  return { ok: true, value: { row, name, number, email, tagNames } }
}

/** Which column holds what, by the upload's header aliases (reference §10). */
function mapHeaders(headers: string[]) {
  const folded = headers.map(foldHeader)
  const find = (aliases: readonly string[]) => {
    const index = folded.findIndex((header) => aliases.includes(header))
    return index === -1 ? null : index
  }
  return {
    name: find(UPLOAD_HEADER_ALIASES.name),
    number: find(UPLOAD_HEADER_ALIASES.number),
    email: find(UPLOAD_HEADER_ALIASES.email),
    tags: find(UPLOAD_HEADER_ALIASES.tags),
  }
}

function presentJob(row: ContactImportJobRow): ImportJobDto {
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    total: row.total,
    processed: row.processed,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}

/**
 * Contact imports (000 §5 Contact import, reference §10): a mapped row, mapped rows, an uploaded
 * sheet, the phone's address book and the connection's chats. Everything but the single row runs
 * as a job in the background: each row is applied in its own transaction (whole or not at all),
 * progress is stored on the job and sent to the user who started it.
 */
export function createContactImportService(
  deps: CoreDeps,
  collaborators: {
    contacts: ContactsService
    tags: TagsService
    settings: SettingsService
    connections: ConnectionsService
    channels: ChannelRegistry
  },
) {
  const { contacts, tags, settings, connections, channels } = collaborators
  const repo = contactsRepository(deps.db)
  const running = new Set<Promise<void>>()

  /**
   * WhatsApp's verdict on each number, through the default connection. Without a connected
   * WhatsApp session, or on channels that cannot check, rows are saved unchecked rather than
   * refused (reference §10 "Build it right").
   */
  async function checkOnWhatsapp(
    companyId: number,
    rows: PreparedRow[],
  ): Promise<Map<number, { number: string } | { reason: ImportSkipReason }>> {
    const verdicts = new Map<number, { number: string } | { reason: ImportSkipReason }>()
    const connection = await connections.defaultRow(companyId)
    const driver = connection ? channels.driverFor(connection.channel) : null
    if (!connection || connection.status !== 'CONNECTED' || !driver?.checkNumber) return verdicts
    const opened = channels.connectionFor(connection)
    for (const row of rows) {
      try {
        const answer = await driver.checkNumber(opened, row.number)
        verdicts.set(
          row.row,
          answer.exists
            ? { number: normalizePhoneNumber(answer.number) ?? row.number }
            : { reason: 'notOnWhatsapp' },
        )
      } catch (error) {
        deps.log.warn({ err: error, companyId }, 'number check failed during import')
        verdicts.set(row.row, { reason: 'checkFailed' })
      }
    }
    return verdicts
  }

  /** Applies one row in its own transaction: all of it (contact, e-mail, tags) or nothing. */
  async function applyRow(
    companyId: number,
    row: PreparedRow,
    options: { onlyNew: boolean; acceptAudioMessage: boolean; retried?: boolean },
  ): Promise<{ result: StoredImportResult; contact?: ContactRow; createdTags: TagDto[] }> {
    const base = { row: row.row, name: row.name, number: row.number }
    try {
      return await deps.db.transaction(async (tx) => {
        const txRepo = contactsRepository(tx)
        const existing = await txRepo.findByNumber(
          companyId,
          'whatsapp',
          numberVariants(row.number),
        )
        if (existing && options.onlyNew)
          return {
            result: { ...base, status: 'skipped', reason: 'alreadyExists', contactId: existing.id },
            createdTags: [],
          }
        const contact = existing
          ? await txRepo.update(companyId, existing.id, {
              name: row.name,
              ...(row.email ? { email: row.email } : {}),
            })
          : await txRepo.insert(companyId, {
              name: row.name,
              number: row.number,
              channel: 'whatsapp',
              email: row.email ?? '',
              acceptAudioMessage: options.acceptAudioMessage,
            })
        if (!contact) throw new AppError('ERR_DUPLICATED_CONTACT')
        const named = row.tagNames.length
          ? await tags.findOrCreate(
              tx,
              companyId,
              row.tagNames.map((name) => ({ name })),
            )
          : { ids: [], created: [] }
        await txRepo.addTags(companyId, contact.id, named.ids)
        return {
          result: {
            ...base,
            status: existing ? 'updated' : 'created',
            contactId: contact.id,
          } satisfies StoredImportResult,
          contact,
          createdTags: named.created,
        }
      })
    } catch (error) {
      // Another writer inserted the number meanwhile: once more, now as an update.
      const raced =
        (error instanceof AppError && error.code === 'ERR_DUPLICATED_CONTACT') ||
        isUniqueViolation(error)
      if (raced && !options.retried) return applyRow(companyId, row, { ...options, retried: true })
      deps.log.error({ err: error, companyId, row: row.row }, 'import row failed')
      return { result: { ...base, status: 'skipped', reason: 'failed' }, createdTags: [] }
    }
  }

  function emitJob(companyId: number, userId: number, job: ContactImportJobRow | null) {
    if (!job) return
    deps.realtime.emit(companyId, [rooms.user(userId)], 'contact', {
      action: 'import',
      job: presentJob(job),
    })
  }

  async function runJob(job: ContactImportJobRow, items: ImportItem[], options: JobOptions) {
    const { companyId, userId } = job
    const company = await settings.companyValues(companyId)
    const acceptAudioMessage = company.acceptAudioMessageContact === 'enabled'
    const seen = new Set<string>()
    const createdTags: TagDto[] = []
    for (let start = 0; start < items.length; start += CHUNK) {
      const chunk = items.slice(start, start + CHUNK)
      const results: StoredImportResult[] = []
      const ready: PreparedRow[] = []
      for (const item of chunk) {
        const prepared = prepareRow(item.input, item.row, seen)
        if (prepared.ok) ready.push(prepared.value)
        else results.push(prepared.result)
      }
      const verdicts = options.validate
        ? await checkOnWhatsapp(companyId, ready)
        : new Map<number, { number: string } | { reason: ImportSkipReason }>()
      for (const row of ready) {
        const verdict = verdicts.get(row.row)
        if (verdict && 'reason' in verdict) {
          results.push({ ...row, status: 'skipped', reason: verdict.reason })
          continue
        }
        const applied = await applyRow(
          companyId,
          verdict ? { ...row, number: verdict.number } : row,
          { onlyNew: options.onlyNew, acceptAudioMessage },
        )
        results.push(applied.result)
        createdTags.push(...applied.createdTags)
      }
      results.sort((a, b) => a.row - b.row)
      emitJob(
        companyId,
        userId,
        await repo.recordProgress(
          companyId,
          job.id,
          results.map(({ row, status, reason, contactId, number, name }) => ({
            row,
            status,
            number,
            name,
            ...(reason ? { reason } : {}),
            ...(contactId ? { contactId } : {}),
          })),
        ),
      )
    }
    tags.announceCreated(companyId, createdTags)
    emitJob(companyId, userId, await repo.finishJob(companyId, job.id, {}))
    deps.realtime.emit(companyId, [rooms.company], 'contact', { action: 'reload' })
  }

  async function start(
    ctx: RequestContext,
    kind: ContactImportJobRow['source'],
    items: ImportItem[],
    options: JobOptions,
  ): Promise<ImportJobDto> {
    const job = await repo.createJob(ctx.companyId, {
      userId: ctx.user.id,
      source: kind,
      total: items.length,
    })
    const task = runJob(job, items, options)
      .catch(async (error: unknown) => {
        deps.log.error({ err: error, jobId: job.id }, 'contact import failed')
        await repo.finishJob(ctx.companyId, job.id, { error: 'ERR_INTERNAL' })
      })
      .finally(() => running.delete(task))
    running.add(task)
    return presentJob(job)
  }

  /** The rows of an uploaded sheet by its header aliases; sheet row numbers are kept. */
  function sheetRows(rows: string[][]): ImportItem[] {
    const [headers = [], ...data] = rows
    const columns = mapHeaders(headers)
    if (columns.name === null || columns.number === null) throw new AppError('ERR_INVALID_FILE')
    const cell = (cells: string[], index: number | null) =>
      index === null ? '' : (cells[index] ?? '')
    return data.map((cells, index) => ({
      row: index + 2,
      input: {
        name: cell(cells, columns.name),
        number: cell(cells, columns.number),
        email: cell(cells, columns.email),
        tags: cell(cells, columns.tags),
      },
    }))
  }

  /** The connection a phone or chat import reads: the given one, else the default. */
  async function sessionFor(ctx: RequestContext, body: ImportFromConnectionQuery) {
    const connection = body.whatsappId
      ? await connections.findRow(ctx.companyId, body.whatsappId)
      : await connections.defaultRow(ctx.companyId)
    if (!connection)
      throw new AppError(body.whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND')
    const driver = channels.driverFor(connection.channel)
    if (connection.channel !== 'whatsapp' || !driver) throw new AppError('ERR_CHANNEL_UNSUPPORTED')
    if (connection.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED')
    return { connection: channels.connectionFor(connection), driver }
  }

  const providerRows = (list: ProviderContact[]): ImportItem[] =>
    list.map((person, index) => ({
      row: index + 1,
      input: { name: person.name || person.number, number: person.number },
    }))

  return {
    /**
     * POST /contactsImport (000 §7): one mapped row, created or updated by number, answered as
     * the contact. A row that would be skipped in a job is refused here with its field.
     */
    async importOne(ctx: RequestContext, body: ImportContactBody): Promise<ContactDto> {
      const prepared = prepareRow(body, 1, new Set())
      if (!prepared.ok) {
        const field = {
          missingName: 'name',
          invalidName: 'name',
          invalidEmail: 'email',
          invalidTag: 'tags',
        }[prepared.result.reason ?? '']
        throw validationError(field ?? 'number')
      }
      let row = prepared.value
      if (body.validateContact === true || body.validateContact === 'true') {
        const verdict = (await checkOnWhatsapp(ctx.companyId, [row])).get(row.row)
        if (verdict && 'reason' in verdict)
          throw new AppError(
            verdict.reason === 'notOnWhatsapp'
              ? 'ERR_WAPP_INVALID_CONTACT'
              : 'ERR_WAPP_CHECK_CONTACT',
          )
        if (verdict) row = { ...row, number: verdict.number }
      }
      const company = await settings.companyValues(ctx.companyId)
      const applied = await applyRow(ctx.companyId, row, {
        onlyNew: false,
        acceptAudioMessage: company.acceptAudioMessageContact === 'enabled',
      })
      if (!applied.contact) throw new AppError('ERR_INTERNAL')
      tags.announceCreated(ctx.companyId, applied.createdTags)
      const contact = (await repo.findById(ctx.companyId, applied.contact.id)) ?? applied.contact
      await contacts.emitContact(
        ctx.companyId,
        applied.result.status === 'created' ? 'create' : 'update',
        contact,
      )
      const [dto] = await contacts.presentMany(
        ctx.companyId,
        [contact],
        await contacts.masksFor(ctx.companyId, ctx.user),
      )
      return dto!
    },

    /** POST /contactsImport/jobs: the mapping screen's rows. */
    importRows: (ctx: RequestContext, body: ImportRowsBody) =>
      start(
        ctx,
        'rows',
        body.rows.map((input, index) => ({ input, row: index + 1 })),
        { validate: body.validateContact === true, onlyNew: false },
      ),

    /** POST /contacts/upload: the first sheet, by its headers. */
    async upload(ctx: RequestContext, data: Buffer): Promise<ImportJobDto> {
      const sheet = await parseSheet(data)
      const rows = sheetRows(sheet.rows).slice(0, IMPORT_MAX_ROWS)
      return start(ctx, 'upload', rows, {
        validate: false,
        onlyNew: false,
      })
    },

    /** POST /contacts/upload/preview: cells as text for the mapping screen; nothing is stored. */
    async preview(data: Buffer): Promise<UploadPreviewDto> {
      const sheet = await parseSheet(data)
      const [headers = [], ...rows] = sheet.rows
      return { headers, rows: rows.slice(0, IMPORT_MAX_ROWS), truncated: sheet.truncated }
    },

    /** POST /contacts/import: the phone's address book, new contacts only. */
    async fromPhone(ctx: RequestContext, body: ImportFromConnectionQuery): Promise<ImportJobDto> {
      const { connection, driver } = await sessionFor(ctx, body)
      if (!driver.addressBook) throw new AppError('ERR_CHANNEL_UNSUPPORTED')
      const list = await driver.addressBook(connection)
      return start(ctx, 'phone', providerRows(list), {
        validate: false,
        onlyNew: true,
      })
    },

    /** POST /contacts/import/chats: 1:1 chats the session knows that are no contact yet. */
    async fromChats(ctx: RequestContext, body: ImportFromConnectionQuery): Promise<ImportJobDto> {
      const { connection, driver } = await sessionFor(ctx, body)
      if (!driver.knownChats) throw new AppError('ERR_CHANNEL_UNSUPPORTED')
      const list = await driver.knownChats(connection)
      return start(ctx, 'chats', providerRows(list), {
        validate: false,
        onlyNew: true,
      })
    },

    /** An import's rows: for the user who started it and admins, numbers masked as anywhere. */
    async job(ctx: RequestContext, id: number): Promise<ImportJobDetailDto> {
      const job = await repo.findJob(ctx.companyId, id)
      if (!job || (job.userId !== ctx.user.id && !isAdmin(ctx.user)))
        throw new AppError('ERR_NO_IMPORT_FOUND')
      const mask = await contacts.masksFor(ctx.companyId, ctx.user)
      return {
        ...presentJob(job),
        results: job.results.map((result) => ({
          ...result,
          ...(mask ? maskedIdentity({ ...result, isGroup: false }) : {}),
          reason: result.reason as ImportSkipReason | undefined,
        })),
      }
    },

    /** Waits for running imports (the app closes its database after this). */
    async stop(): Promise<void> {
      await Promise.allSettled([...running])
    },
  }
}

export type ContactImportService = ReturnType<typeof createContactImportService>
