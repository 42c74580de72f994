import { Type, type Static } from '@sinclair/typebox'
import { Id, PagedList, PageQuery } from './common'

/** 002 §5: a list's name and an item's name, 2 to 50 characters; a number 8 to 50. */
export const CONTACT_LIST_NAME = { min: 2, max: 50 } as const
export const CONTACT_LIST_ITEM_NAME = { min: 2, max: 50 } as const
export const CONTACT_LIST_ITEM_NUMBER = { min: 8, max: 50 } as const
export const CONTACT_LIST_PAGE_SIZE = 20
/**
 * An upload's file types and size: 002 §2.5 offers .xls/.xlsx; the legacy binary .xls cannot be
 * read (the sheet reader refuses it as ERR_INVALID_FILE), csv can.
 */
export const CONTACT_LIST_UPLOAD_EXTENSIONS = ['xlsx', 'csv'] as const
export const CONTACT_LIST_UPLOAD_MAX_BYTES = 10 * 1024 * 1024
/** The example spreadsheet's headers, the ones an upload recognises first. */
export const CONTACT_LIST_SHEET_HEADERS = ['nome', 'numero', 'email'] as const

/**
 * Whether WhatsApp knows a number (002 §2.5 icon): `true` or `false` as the connection answered,
 * `null` while nobody could ask (no connected WhatsApp session, or a channel that cannot check).
 */
export const WhatsappValidity = Type.Union([Type.Boolean(), Type.Null()])
export type WhatsappValidity = Static<typeof WhatsappValidity>

/** A contact list (002 §3.1): counts are counted, never stored. */
export const ContactListDto = Type.Object({
  id: Id,
  name: Type.String(),
  contactsCount: Type.Integer({ minimum: 0 }),
  /** Items WhatsApp confirmed, refused, and not checked yet. */
  validCount: Type.Integer({ minimum: 0 }),
  invalidCount: Type.Integer({ minimum: 0 }),
  uncheckedCount: Type.Integer({ minimum: 0 }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type ContactListDto = Static<typeof ContactListDto>

/** GET /contact-lists/ (searchParam, pageNumber): by name. */
export const ListContactListsQuery = PageQuery
export type ListContactListsQuery = Static<typeof ListContactListsQuery>
export const ContactListPage = PagedList('records', ContactListDto)
export type ContactListPage = Static<typeof ContactListPage>

/** GET /contact-lists/list (companyId, ignored): every list of the company, for pickers. */
export const ContactListListQuery = Type.Object({ companyId: Type.Optional(Type.Integer()) })
export const ContactListList = Type.Array(ContactListDto)
export type ContactListList = Static<typeof ContactListList>

/** POST /contact-lists and PUT /contact-lists/{id}. */
export const SaveContactListBody = Type.Object({ name: Type.String({ maxLength: 500 }) })
export type SaveContactListBody = Static<typeof SaveContactListBody>

/** A contact of a list (002 §3.1): the number as stored (digits, E.164 without the plus). */
export const ContactListItemDto = Type.Object({
  id: Id,
  contactListId: Id,
  name: Type.String(),
  number: Type.String(),
  email: Type.String(),
  isWhatsappValid: WhatsappValidity,
  isGroup: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type ContactListItemDto = Static<typeof ContactListItemDto>

/** GET /contact-list-items (searchParam, pageNumber, contactListId): by name, searched in name and number. */
export const ListContactListItemsQuery = Type.Composite([
  PageQuery,
  Type.Object({ contactListId: Id }),
])
export type ListContactListItemsQuery = Static<typeof ListContactListItemsQuery>
export const ContactListItemPage = PagedList('contacts', ContactListItemDto)
export type ContactListItemPage = Static<typeof ContactListItemPage>

/** GET /contact-list-items/list (companyId ignored, contactListId): every item of a list. */
export const ContactListItemListQuery = Type.Object({
  companyId: Type.Optional(Type.Integer()),
  contactListId: Id,
})
export const ContactListItemList = Type.Array(ContactListItemDto)
export type ContactListItemList = Static<typeof ContactListItemList>

const itemFields = {
  name: Type.String({ maxLength: 500 }),
  number: Type.String({ maxLength: 500 }),
  email: Type.Optional(Type.String({ maxLength: 500 })),
}
/**
 * POST /contact-list-items {name, number, email, companyId, contactListId}: companyId is the
 * spec's and ignored. A number the list already has answers that item, unchanged.
 */
export const CreateContactListItemBody = Type.Object({
  ...itemFields,
  contactListId: Id,
  companyId: Type.Optional(Type.Integer()),
})
export type CreateContactListItemBody = Static<typeof CreateContactListItemBody>
/** PUT /contact-list-items/{id} {name, number, email}: a changed number is checked again. */
export const UpdateContactListItemBody = Type.Object(itemFields)
export type UpdateContactListItemBody = Static<typeof UpdateContactListItemBody>

/** Why an uploaded row was not added; the client translates these. */
export const CONTACT_LIST_ROW_PROBLEMS = [
  'missingName',
  'invalidName',
  'missingNumber',
  'invalidNumber',
  'invalidEmail',
  'duplicateInFile',
] as const
export type ContactListRowProblem = (typeof CONTACT_LIST_ROW_PROBLEMS)[number]

/**
 * POST /contact-lists/{id}/upload (multipart `file`): the first sheet, read by its headers
 * (nome/name, numero/número/number/telefone/phone/celular/whatsapp, email/e-mail). Every valid
 * row is added in one transaction or none is; a number the list has is left as it is. The
 * numbers are then checked with WhatsApp in the background (`company-{id}-ContactListItem`
 * progress events).
 */
export const ContactListUploadResult = Type.Object({
  /** Data rows read (the header row excluded). */
  total: Type.Integer({ minimum: 0 }),
  added: Type.Integer({ minimum: 0 }),
  /** Rows whose number the list already had. */
  existing: Type.Integer({ minimum: 0 }),
  /** The rows not added, by their row number in the sheet (the header is row 1). */
  rejected: Type.Array(
    Type.Object({
      row: Type.Integer({ minimum: 2 }),
      problem: Type.Union(CONTACT_LIST_ROW_PROBLEMS.map((problem) => Type.Literal(problem))),
      name: Type.String(),
      number: Type.String(),
    }),
  ),
})
export type ContactListUploadResult = Static<typeof ContactListUploadResult>

/**
 * The check of a list's numbers with WhatsApp, as `company-{id}-ContactListItem`
 * `{action: 'progress', ...}` events tell it: `checked` of `total`, until `done`.
 */
export const ContactListCheckProgress = Type.Object({
  contactListId: Id,
  checked: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
  invalid: Type.Integer({ minimum: 0 }),
  done: Type.Boolean(),
})
export type ContactListCheckProgress = Static<typeof ContactListCheckProgress>
