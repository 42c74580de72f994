import type { RequestContext } from '@server/context'
import {
  CONTACT_LIST_PAGE_SIZE,
  type ContactListDto,
  type ContactListPage,
  type ContactListUploadResult,
  type ListContactListsQuery,
  type SaveContactListBody,
} from '@shared/contracts/contact-lists'
import { contactListNameProblem } from '@shared/contracts/contact-lists-rules'
import { rooms, type CompanyEventPayloads } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import { AppError, validationError } from '@server/lib/app-error'
import { isUniqueViolation } from '@server/lib/unique-violation'
import { contactListItemsRepository } from './contact-list-items.repository'
import type { ContactListChecker } from './contact-lists.check'
import { presentContactList } from './contact-lists.presenter'
import { contactListsRepository, type ContactListWithCounts } from './contact-lists.repository'
import { exampleSheet, sortUploadedSheet } from './contact-lists.sheet'

/**
 * Contact lists (002 §2.4, §3.1, reference §1): the audiences of campaigns, for admins of
 * plans with campaigns. A name is unique within the company in any case; deleting a list
 * deletes its items, and campaigns keep their figures.
 */
export function createContactListsService(
  deps: CoreDeps,
  { checker }: { checker: Pick<ContactListChecker, 'queue'> },
) {
  const repo = contactListsRepository(deps.db)

  function emit(companyId: number, payload: CompanyEventPayloads['ContactList']) {
    deps.realtime.emit(companyId, [rooms.admins], 'ContactList', payload)
  }

  async function found(companyId: number, id: number): Promise<ContactListWithCounts> {
    const row = await repo.findById(companyId, id)
    if (!row) throw new AppError('ERR_NO_CONTACTLIST_FOUND')
    return row
  }

  async function nameOf(companyId: number, body: SaveContactListBody, exceptId?: number) {
    const problem = contactListNameProblem(body.name)
    if (problem) throw validationError('name')
    const name = body.name.trim()
    if (await repo.nameTaken(companyId, name, exceptId))
      throw new AppError('ERR_DUPLICATED_CONTACT_LIST', { field: 'name' })
    return name
  }

  const duplicatedName = (error: unknown): never => {
    if (isUniqueViolation(error))
      throw new AppError('ERR_DUPLICATED_CONTACT_LIST', { field: 'name' })
    throw error
  }

  /** The list as it is now, told to the admins. */
  async function changed(companyId: number, id: number, action: 'create' | 'update') {
    const record = presentContactList(await found(companyId, id))
    emit(companyId, { action, record })
    return record
  }

  return {
    changed,

    /** Each list's counts: the audience of campaigns that have not started. */
    counts: (companyId: number, ids: number[]) => repo.counts(companyId, ids),

    /** Whether `id` is one of the company's lists (a campaign's audience). */
    exists: async (companyId: number, id: number) => (await repo.findById(companyId, id)) !== null,

    /** GET /contact-lists/: a page of 20 by name. */
    async list(ctx: RequestContext, query: ListContactListsQuery): Promise<ContactListPage> {
      const { rows, count } = await repo.page(ctx.companyId, {
        search: query.searchParam?.trim() || undefined,
        limit: CONTACT_LIST_PAGE_SIZE,
        offset: ((query.pageNumber ?? 1) - 1) * CONTACT_LIST_PAGE_SIZE,
      })
      return {
        records: rows.slice(0, CONTACT_LIST_PAGE_SIZE).map(presentContactList),
        count,
        hasMore: rows.length > CONTACT_LIST_PAGE_SIZE,
      }
    },

    /** GET /contact-lists/list: every list, for the campaign dialog. */
    async all(ctx: RequestContext): Promise<ContactListDto[]> {
      return (await repo.all(ctx.companyId)).map(presentContactList)
    },

    async get(ctx: RequestContext, id: number): Promise<ContactListDto> {
      return presentContactList(await found(ctx.companyId, id))
    },

    async create(ctx: RequestContext, body: SaveContactListBody): Promise<ContactListDto> {
      const name = await nameOf(ctx.companyId, body)
      const id = await repo.insert(ctx.companyId, name).catch(duplicatedName)
      return changed(ctx.companyId, id, 'create')
    },

    async update(
      ctx: RequestContext,
      id: number,
      body: SaveContactListBody,
    ): Promise<ContactListDto> {
      await found(ctx.companyId, id)
      const name = await nameOf(ctx.companyId, body, id)
      const renamed = await repo.rename(ctx.companyId, id, name).catch(duplicatedName)
      if (!renamed) throw new AppError('ERR_NO_CONTACTLIST_FOUND')
      return changed(ctx.companyId, id, 'update')
    },

    async remove(ctx: RequestContext, id: number): Promise<void> {
      if (!(await repo.remove(ctx.companyId, id))) throw new AppError('ERR_NO_CONTACTLIST_FOUND')
      emit(ctx.companyId, { action: 'delete', id })
    },

    /** GET /contact-lists/example-sheet: the spreadsheet an upload reads. */
    exampleSheet,

    /**
     * POST /contact-lists/{id}/upload: every valid row of the sheet is added in one transaction
     * (a number the list has stays as it is), then its numbers are checked in the background.
     */
    async upload(
      ctx: RequestContext,
      id: number,
      readFile: () => Promise<Buffer>,
    ): Promise<ContactListUploadResult> {
      await found(ctx.companyId, id)
      const sheet = await sortUploadedSheet(await readFile())
      const added = await deps.db.transaction(async (tx) => {
        if (!(await contactListsRepository(tx).findById(ctx.companyId, id)))
          throw new AppError('ERR_NO_CONTACTLIST_FOUND')
        const count = await contactListItemsRepository(tx).insertMany(
          ctx.companyId,
          id,
          sheet.accepted,
        )
        if (count > 0) await checker.queue(ctx.companyId, id, tx)
        return count
      })
      if (added > 0) deps.jobs.wake('contact-lists.check')
      deps.realtime.emit(ctx.companyId, [rooms.admins], 'ContactListItem', {
        action: 'reload',
        contactListId: id,
      })
      await changed(ctx.companyId, id, 'update')
      return {
        total: sheet.total,
        added,
        existing: sheet.accepted.length - added,
        rejected: sheet.rejected,
      }
    },
  }
}

export type ContactListsService = ReturnType<typeof createContactListsService>
