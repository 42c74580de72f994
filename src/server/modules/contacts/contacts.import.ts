import { setImmediate as nextTurn } from 'node:timers/promises'
import type { RequestContext } from '@server/context'
import {
  canImportFromPhone,
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
import { isEmailAddress } from '@shared/contacts/email'
import { normalizePhoneNumber } from '@shared/contacts/phone'
import { TAG_NAME, type TagDto } from '@shared/contracts/tags'
import { isErrorCode } from '@shared/errors'
import { isAdmin } from '@shared/permissions'
import { rooms } from '@shared/realtime/events'
import { ChannelError, type ProviderContact } from '@server/channels/types'
import type { ChannelRegistry } from '@server/channels/registry'
import type { CoreDeps } from '@server/deps'
import { AppError, validationError } from '@server/lib/app-error'
import { isUniqueViolation } from '@server/lib/unique-violation'
import type { ConnectionsService } from '../connections/connections.service'
import type { SettingsService } from '../settings/settings.service'
import type { TagsService } from '../tags/tags.service'
import { numberVariants } from './contacts.number'
import { maskedIdentity } from './contacts.presenter'
import type { JobPayloads } from '@server/jobs/catalogue'
import type { JobRun } from '@server/jobs/engine'
import {
  contactImportRepository,
  type ImportRowOutcome,
  type NewImportRow,
} from './contacts.import.repository'
import { contactsRepository } from './contacts.repository'
import type { ContactsService } from './contacts.service'
import { foldHeader, parseSheet } from './contacts.sheet'
import type { ContactImportJobRow, ContactImportRow, ContactRow } from './contacts.table'

/** Rows applied between two progress writes and events. */
const CHUNK = 100
/**
 * Rows checked, and stored, between two turns of the event loop when an import starts: each
 * part is some 60 ms of work at most (an insert of 1,000 rows on the embedded database).
 */
const STORE_ROWS = 1_000
/**
 * A run of the import job stops after this long (or a quarter of its expiry, if shorter) and
 * leaves the rest to a continuation job: the job's expiry (JOB_POLICIES) stays short, so a run
 * lost with its instance resumes soon.
 */
const SLICE_MS = 10_000

/** A row that passed the checks that need no database. */
interface PreparedRow {
  row: number
  name: string
  number: string
  email: string | null
  tagNames: string[]
}

/** The outcome of a row that is not applied. */
interface SkippedRow {
  row: number
  status: 'skipped'
  reason: ImportSkipReason
  name: string
  number: string
}

type Prepared = { ok: true; value: PreparedRow } | { ok: false; result: SkippedRow }

/** The job key of an import: one queued and one running job per import at most. */
const importKey = (importId: number) => `contacts.import:${importId}`

/** A row to import with its number in the source (sheet row, list position). */
interface ImportItem {
  input: ImportContactRow
  row: number
}

type JobOptions = Pick<JobPayloads['contacts.import'], 'validate' | 'onlyNew'>

const skipped = (
  row: number,
  reason: ImportSkipReason,
  input: { name: string; number: string },
): SkippedRow => ({
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
  if (email && !isEmailAddress(email))
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
  const imports = contactImportRepository(deps.db)

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

  /**
   * Applies one row in its own transaction: all of it (contact, e-mail, tags) or nothing. A row
   * of an import job is locked first and gets its outcome in the same transaction, so a second
   * run (a retry, another instance) never applies it again: it answers null for such a row.
   */
  async function applyRow(
    companyId: number,
    row: PreparedRow,
    options: {
      onlyNew: boolean
      acceptAudioMessage: boolean
      importId?: number
      retried?: boolean
    },
  ): Promise<{ outcome: ImportRowOutcome; contact?: ContactRow; createdTags: TagDto[] } | null> {
    try {
      return await deps.db.transaction(async (tx) => {
        const txImports = contactImportRepository(tx)
        if (options.importId && !(await txImports.claimRow(companyId, options.importId, row.row)))
          return null
        const txRepo = contactsRepository(tx)
        const existing = await txRepo.findByNumber(
          companyId,
          'whatsapp',
          numberVariants(row.number),
        )
        let applied: { outcome: ImportRowOutcome; contact?: ContactRow; createdTags: TagDto[] }
        if (existing && options.onlyNew) {
          applied = {
            outcome: { status: 'skipped', reason: 'alreadyExists', contactId: existing.id },
            createdTags: [],
          }
        } else {
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
          applied = {
            outcome: {
              status: existing ? 'updated' : 'created',
              reason: null,
              contactId: contact.id,
              number: row.number,
            },
            contact,
            createdTags: named.created,
          }
        }
        if (options.importId)
          await txImports.recordOutcome(companyId, options.importId, row.row, applied.outcome)
        return applied
      })
    } catch (error) {
      // Another writer inserted the number meanwhile: once more, now as an update.
      const raced =
        (error instanceof AppError && error.code === 'ERR_DUPLICATED_CONTACT') ||
        isUniqueViolation(error)
      if (raced && !options.retried) return applyRow(companyId, row, { ...options, retried: true })
      deps.log.error({ err: error, companyId, row: row.row }, 'import row failed')
      const outcome: ImportRowOutcome = { status: 'skipped', reason: 'failed', contactId: null }
      if (options.importId)
        await imports.recordOutcome(companyId, options.importId, row.row, outcome)
      return { outcome, createdTags: [] }
    }
  }

  function emitJob(companyId: number, userId: number, job: ContactImportJobRow | null) {
    if (!job) return
    deps.realtime.emit(companyId, [rooms.user(userId)], 'contact', {
      action: 'import',
      job: presentJob(job),
    })
  }

  const prepared = (row: ContactImportRow): PreparedRow => ({
    row: row.row,
    name: row.name,
    number: row.number,
    email: row.email,
    tagNames: row.tagNames,
  })

  /**
   * Applies the next chunk of rows without an outcome after `afterRow`; answers the last row of
   * the chunk, or null when none was left.
   */
  async function applyChunk(
    job: ContactImportJobRow,
    options: JobOptions & { acceptAudioMessage: boolean },
    afterRow: number,
  ): Promise<number | null> {
    const { companyId, userId, id: importId } = job
    const pending = (await imports.pendingRows(companyId, importId, afterRow, CHUNK)).map(prepared)
    if (pending.length === 0) return null
    const verdicts = options.validate
      ? await checkOnWhatsapp(companyId, pending)
      : new Map<number, { number: string } | { reason: ImportSkipReason }>()
    const createdTags: TagDto[] = []
    for (const row of pending) {
      // Webhooks, requests and timers get their turn between two rows. On the embedded database
      // a query never waits for I/O, so without this an import of 50,000 rows held the event
      // loop from its first row to its last (probe F3).
      await nextTurn()
      const verdict = verdicts.get(row.row)
      if (verdict && 'reason' in verdict) {
        await imports.recordOutcome(companyId, importId, row.row, {
          status: 'skipped',
          reason: verdict.reason,
          contactId: null,
        })
        continue
      }
      const applied = await applyRow(
        companyId,
        verdict ? { ...row, number: verdict.number } : row,
        {
          onlyNew: options.onlyNew,
          acceptAudioMessage: options.acceptAudioMessage,
          importId,
        },
      )
      if (applied) createdTags.push(...applied.createdTags)
    }
    tags.announceCreated(companyId, createdTags)
    emitJob(companyId, userId, await imports.refreshCounts(companyId, importId))
    return pending.at(-1)!.row
  }

  /**
   * The `contacts.import` job: applies the rows without an outcome, chunk by chunk, for at most
   * SLICE_MS (or until the engine stops), then hands the rest to a continuation job. Whatever
   * ran before (a run lost with its instance, a retry) the rows already applied are skipped.
   */
  async function run(data: JobPayloads['contacts.import'], jobRun: JobRun): Promise<void> {
    const { companyId, importId } = data
    const job = await imports.findJob(companyId, importId)
    if (!job || job.status !== 'running') return
    try {
      const company = await settings.companyValues(companyId)
      const options = {
        ...data,
        acceptAudioMessage: company.acceptAudioMessageContact === 'enabled',
      }
      const handOverAt = Date.now() + Math.min(SLICE_MS, (jobRun.expireInSeconds * 1000) / 4)
      let lastRow = 0
      for (;;) {
        const applied = await applyChunk(job, options, lastRow)
        if (applied === null) break
        lastRow = applied
        if (jobRun.signal.aborted || Date.now() > handOverAt) {
          await deps.jobs.send('contacts.import', data, { singletonKey: importKey(importId) })
          return
        }
      }
      emitJob(companyId, job.userId, await imports.finishJob(companyId, importId, {}))
      deps.realtime.emit(companyId, [rooms.company], 'contact', { action: 'reload' })
    } catch (error) {
      if (!jobRun.lastTry) throw error
      emitJob(
        companyId,
        job.userId,
        await imports.finishJob(companyId, importId, { error: 'ERR_INTERNAL' }),
      )
      throw error
    }
  }

  /**
   * Stores the job and its rows — the checks that need neither the database nor the provider
   * already done, duplicates in the file included — and queues the job, in one transaction: an
   * import that was answered is never lost.
   */
  async function start(
    ctx: RequestContext,
    source: ContactImportJobRow['source'],
    items: ImportItem[],
    options: JobOptions,
  ): Promise<ImportJobDto> {
    const seen = new Set<string>()
    const rows: NewImportRow[] = []
    for (const item of items) {
      // 50,000 rows take about half a second to check: other work gets its turns meanwhile.
      if (rows.length % STORE_ROWS === 0) await nextTurn()
      const checked = prepareRow(item.input, item.row, seen)
      rows.push(
        checked.ok
          ? { ...checked.value, status: null, reason: null }
          : { ...checked.result, email: null, tagNames: [] },
      )
    }
    const job = await deps.db.transaction(async (tx) => {
      const txImports = contactImportRepository(tx)
      const created = await txImports.createJob(ctx.companyId, {
        userId: ctx.user.id,
        source,
        total: items.length,
        ...options,
      })
      for (let from = 0; from < rows.length; from += STORE_ROWS) {
        await nextTurn()
        await txImports.insertRows(ctx.companyId, created.id, rows.slice(from, from + STORE_ROWS))
      }
      await deps.jobs.send(
        'contacts.import',
        { companyId: ctx.companyId, importId: created.id, ...options },
        { singletonKey: importKey(created.id), in: tx },
      )
      return (await txImports.refreshCounts(ctx.companyId, created.id)) ?? created
    })
    deps.jobs.wake('contacts.import')
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
    if (!canImportFromPhone(connection.channel) || !driver)
      throw new AppError('ERR_CHANNEL_UNSUPPORTED')
    if (connection.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED')
    return { connection: channels.connectionFor(connection), driver }
  }

  /** The session's list; its failure (the session gone, its owner not answering) keeps its code. */
  async function readSession(read: () => Promise<ProviderContact[]>) {
    try {
      return await read()
    } catch (error) {
      if (error instanceof ChannelError && isErrorCode(error.code)) throw new AppError(error.code)
      throw error
    }
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
        const fields: Partial<Record<ImportSkipReason, string>> = {
          missingName: 'name',
          invalidName: 'name',
          invalidEmail: 'email',
          invalidTag: 'tags',
        }
        const field = fields[prepared.result.reason]
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
      if (!applied?.contact) throw new AppError('ERR_INTERNAL')
      tags.announceCreated(ctx.companyId, applied.createdTags)
      const contact = (await repo.findById(ctx.companyId, applied.contact.id)) ?? applied.contact
      await contacts.emitContact(
        ctx.companyId,
        applied.outcome.status === 'created' ? 'create' : 'update',
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

    /**
     * POST /contacts/upload: the first sheet, by its headers. Nobody sees these rows before they
     * run, so a sheet longer than one import is refused rather than cut.
     */
    async upload(ctx: RequestContext, data: Buffer): Promise<ImportJobDto> {
      const sheet = await parseSheet(data)
      if (sheet.truncated) throw new AppError('ERR_SHEET_TOO_MANY_ROWS')
      return start(ctx, 'upload', sheetRows(sheet.rows), {
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
      const list = await readSession(() => driver.addressBook!(connection))
      return start(ctx, 'phone', providerRows(list), {
        validate: false,
        onlyNew: true,
      })
    },

    /** POST /contacts/import/chats: 1:1 chats the session knows that are no contact yet. */
    async fromChats(ctx: RequestContext, body: ImportFromConnectionQuery): Promise<ImportJobDto> {
      const { connection, driver } = await sessionFor(ctx, body)
      if (!driver.knownChats) throw new AppError('ERR_CHANNEL_UNSUPPORTED')
      const list = await readSession(() => driver.knownChats!(connection))
      return start(ctx, 'chats', providerRows(list), {
        validate: false,
        onlyNew: true,
      })
    },

    /** An import's rows: for the user who started it and admins, numbers masked as anywhere. */
    async job(ctx: RequestContext, id: number): Promise<ImportJobDetailDto> {
      const job = await imports.findJob(ctx.companyId, id)
      if (!job || (job.userId !== ctx.user.id && !isAdmin(ctx.user)))
        throw new AppError('ERR_NO_IMPORT_FOUND')
      const mask = await contacts.masksFor(ctx.companyId, ctx.user)
      const results = await imports.results(ctx.companyId, id)
      return {
        ...presentJob(job),
        results: results.map(({ row, status, reason, contactId, number, name }) => ({
          row,
          status: status!,
          number,
          name,
          ...(reason ? { reason: reason as ImportSkipReason } : {}),
          ...(contactId ? { contactId } : {}),
          ...(mask ? maskedIdentity({ number, name, isGroup: false }) : {}),
        })),
      }
    },

    /** The `contacts.import` job's handler. */
    run,

    /**
     * Every minute (`contacts.import-resume`): an import still running gets a job again. A run
     * lost with its instance counts as a failed try; after enough crashes its job has none
     * left, yet its rows are safe and applying them is idempotent. The singleton key keeps one
     * queued job per import, so a healthy import is not doubled.
     */
    async resumeStalled(): Promise<void> {
      const running = await imports.running()
      for (const { companyId, id, validate, onlyNew } of running)
        await deps.jobs.send(
          'contacts.import',
          { companyId, importId: id, validate, onlyNew },
          { singletonKey: importKey(id) },
        )
    },
  }
}

export type ContactImportService = ReturnType<typeof createContactImportService>
