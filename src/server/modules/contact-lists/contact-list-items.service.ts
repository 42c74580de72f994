import type { RequestContext } from '@server/context'
import { normalizePhoneNumber } from '@shared/contacts/phone'
import {
  CONTACT_LIST_PAGE_SIZE,
  type ContactListItemDto,
  type ContactListItemPage,
  type CreateContactListItemBody,
  type ListContactListItemsQuery,
  type UpdateContactListItemBody,
} from '@shared/contracts/contact-lists'
import { contactListItemProblems } from '@shared/contracts/contact-lists-rules'
import { rooms, type CompanyEventPayloads } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import { AppError, validationError } from '@server/lib/app-error'
import { isForeignKeyViolation } from '@server/lib/foreign-key-violation'
import { isUniqueViolation } from '@server/lib/unique-violation'
import {
  contactListItemsRepository,
  type ContactListItemValues,
} from './contact-list-items.repository'
import type { ContactListChecker } from './contact-lists.check'
import { presentContactListItem } from './contact-lists.presenter'
import type { ContactListsService } from './contact-lists.service'

/**
 * The contacts of a list (002 §2.5, reference §1): a number once per list, its name 2–50
 * characters, an optional valid e-mail. A new or changed number is checked with WhatsApp in
 * the background; its list's counts follow every change.
 */
export function createContactListItemsService(
  deps: CoreDeps,
  {
    lists,
    checker,
  }: {
    lists: Pick<ContactListsService, 'get' | 'changed'>
    checker: Pick<ContactListChecker, 'queue'>
  },
) {
  const repo = contactListItemsRepository(deps.db)

  function emit(companyId: number, payload: CompanyEventPayloads['ContactListItem']) {
    deps.realtime.emit(companyId, [rooms.admins], 'ContactListItem', payload)
  }

  async function found(companyId: number, id: number) {
    const row = await repo.findById(companyId, id)
    if (!row) throw new AppError('ERR_NO_CONTACTLISTITEM_FOUND')
    return row
  }

  function valuesOf(body: UpdateContactListItemBody): ContactListItemValues {
    const form = { name: body.name, number: body.number, email: body.email ?? '' }
    const [field] = Object.keys(contactListItemProblems(form))
    if (field) throw validationError(field)
    return {
      name: form.name.trim(),
      number: normalizePhoneNumber(form.number)!,
      email: form.email.trim(),
    }
  }

  /** After a change: the item's event, the list's new counts, and the check of its number. */
  async function changed(
    companyId: number,
    payload: CompanyEventPayloads['ContactListItem'],
    contactListId: number,
    check: boolean,
  ) {
    emit(companyId, payload)
    await lists.changed(companyId, contactListId, 'update')
    if (check) await checker.queue(companyId, contactListId)
  }

  return {
    /** GET /contact-list-items: a page of 20 of one list, by name. */
    async list(
      ctx: RequestContext,
      query: ListContactListItemsQuery,
    ): Promise<ContactListItemPage> {
      await lists.get(ctx, query.contactListId)
      const { rows, count } = await repo.page(ctx.companyId, query.contactListId, {
        search: query.searchParam?.trim() || undefined,
        limit: CONTACT_LIST_PAGE_SIZE,
        offset: ((query.pageNumber ?? 1) - 1) * CONTACT_LIST_PAGE_SIZE,
      })
      return {
        contacts: rows.slice(0, CONTACT_LIST_PAGE_SIZE).map(presentContactListItem),
        count,
        hasMore: rows.length > CONTACT_LIST_PAGE_SIZE,
      }
    },

    /** GET /contact-list-items/list: every item of one list. */
    async all(ctx: RequestContext, contactListId: number): Promise<ContactListItemDto[]> {
      await lists.get(ctx, contactListId)
      return (await repo.all(ctx.companyId, contactListId)).map(presentContactListItem)
    },

    async get(ctx: RequestContext, id: number): Promise<ContactListItemDto> {
      return presentContactListItem(await found(ctx.companyId, id))
    },

    /** POST /contact-list-items: a number the list has answers that item, unchanged. */
    async create(
      ctx: RequestContext,
      body: CreateContactListItemBody,
    ): Promise<ContactListItemDto> {
      const values = valuesOf(body)
      await lists.get(ctx, body.contactListId)
      const inserted = await repo
        .insert(ctx.companyId, body.contactListId, values)
        .catch((error: unknown) => {
          // The list deleted meanwhile.
          if (isForeignKeyViolation(error)) throw new AppError('ERR_NO_CONTACTLIST_FOUND')
          throw error
        })
      if (!inserted) {
        const existing = await repo.findByNumber(ctx.companyId, body.contactListId, values.number)
        if (!existing) throw new AppError('ERR_NO_CONTACTLIST_FOUND')
        return presentContactListItem(existing)
      }
      const record = presentContactListItem(inserted)
      await changed(ctx.companyId, { action: 'create', record }, inserted.contactListId, true)
      return record
    },

    /** PUT /contact-list-items/{id}: a changed number is checked again. */
    async update(
      ctx: RequestContext,
      id: number,
      body: UpdateContactListItemBody,
    ): Promise<ContactListItemDto> {
      const values = valuesOf(body)
      const before = await found(ctx.companyId, id)
      const numberChanged = values.number !== before.number
      const updated = await repo
        .update(ctx.companyId, id, values, numberChanged)
        .catch((error: unknown) => {
          if (isUniqueViolation(error))
            throw new AppError('ERR_DUPLICATED_CONTACT', { field: 'number' })
          throw error
        })
      if (!updated) throw new AppError('ERR_NO_CONTACTLISTITEM_FOUND')
      const record = presentContactListItem(updated)
      await changed(
        ctx.companyId,
        { action: 'update', record },
        updated.contactListId,
        numberChanged,
      )
      return record
    },

    async remove(ctx: RequestContext, id: number): Promise<void> {
      const removed = await repo.remove(ctx.companyId, id)
      if (!removed) throw new AppError('ERR_NO_CONTACTLISTITEM_FOUND')
      await changed(
        ctx.companyId,
        { action: 'delete', id, contactListId: removed.contactListId },
        removed.contactListId,
        false,
      )
    },
  }
}

export type ContactListItemsService = ReturnType<typeof createContactListItemsService>
