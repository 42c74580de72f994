import { Type, type Static } from '@sinclair/typebox'
import { Id, Timestamp } from './common'

export const CONTACT_CHANNELS = ['whatsapp', 'facebook', 'instagram'] as const
export const ContactChannel = Type.Union(CONTACT_CHANNELS.map((channel) => Type.Literal(channel)))
export type ContactChannel = Static<typeof ContactChannel>

export const TagRef = Type.Object({ id: Id, name: Type.String(), color: Type.String() })
export type TagRef = Static<typeof TagRef>

/**
 * A contact as lists, tickets and events carry it (000 §3 Contact). `number` is masked for
 * profile users when the company hides numbers under LGPD; `urlPicture` is a signed URL of our
 * stored copy, or empty.
 */
export const ContactDto = Type.Object({
  id: Id,
  companyId: Id,
  name: Type.String(),
  number: Type.String(),
  email: Type.String(),
  channel: ContactChannel,
  isGroup: Type.Boolean(),
  active: Type.Boolean(),
  disableBot: Type.Boolean(),
  acceptAudioMessage: Type.Boolean(),
  lgpdAcceptedAt: Type.Union([Timestamp, Type.Null()]),
  urlPicture: Type.String(),
  whatsappId: Type.Union([Id, Type.Null()]),
  tags: Type.Array(TagRef),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type ContactDto = Static<typeof ContactDto>

/** Limits of the contact form (000 §5; reference §10 "Build it right"). */
export const CONTACT_NAME = {
  min: 2,
  /**
   * The spec gives 50 and, for one dialog, 250. The server accepts 250 so that names written by
   * that dialog (and imported ones) are never refused; the form shows 50 as its soft hint.
   */
  max: 250,
} as const
export const CONTACT_NUMBER = { min: 8, max: 50 } as const
export const EXTRA_INFO_NAME_MAX = 100
export const EXTRA_INFO_VALUE_MAX = 1000
export const EXTRA_INFO_MAX_ITEMS = 50

/** One "extra info" field of a contact (000 §3 Contact extraInfo). */
export const ContactExtraInfo = Type.Object({
  id: Id,
  name: Type.String(),
  value: Type.String(),
})
export type ContactExtraInfo = Static<typeof ContactExtraInfo>

/**
 * An extra info field on write: items with an `id` update that field, items without one are
 * added, and stored fields missing from the list are removed.
 */
export const ContactExtraInfoInput = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: EXTRA_INFO_NAME_MAX }),
  value: Type.String({ maxLength: EXTRA_INFO_VALUE_MAX }),
})
export type ContactExtraInfoInput = Static<typeof ContactExtraInfoInput>

/**
 * GET /contacts/{id}, POST/PUT /contacts answers: the list shape plus the extra info fields
 * and the connection that first saw the contact (the drawer's data).
 */
export const ContactDetailDto = Type.Composite([
  ContactDto,
  Type.Object({
    extraInfo: Type.Array(ContactExtraInfo),
    whatsapp: Type.Union([Type.Object({ id: Id, name: Type.String() }), Type.Null()]),
  }),
])
export type ContactDetailDto = Static<typeof ContactDetailDto>

const ContactName = Type.String({ minLength: CONTACT_NAME.min, maxLength: CONTACT_NAME.max })
/** Formatting is allowed (`+55 (11) 98888-7777`); the server keeps the digits, E.164. */
const ContactNumber = Type.String({ minLength: CONTACT_NUMBER.min, maxLength: CONTACT_NUMBER.max })
/** Empty means "no e-mail". */
const ContactEmail = Type.Union([
  Type.Literal(''),
  Type.String({ format: 'email', maxLength: 254 }),
])
const BooleanText = Type.Union([Type.Literal('true'), Type.Literal('false')])
/** A JSON-encoded list of ids in a query string, as the spec's client sends them: `[1,2]`. */
const JsonIdList = Type.String({ maxLength: 4000, pattern: '^\\[[0-9,\\s]*\\]$' })

/** Rows per page of GET /contacts (reference §0); the client's export asks pages of 20. */
export const CONTACT_PAGE_SIZE = 100

/** GET /contacts (000 §7 Contacts, reference §10). */
export const ListContactsQuery = Type.Object({
  /** Name, number or e-mail; accent- and case-insensitive substring. */
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  /** Keyset cursor from the previous page's `nextCursor`: faster than pageNumber at depth. */
  cursor: Type.Optional(Type.String({ maxLength: 300 })),
  /** Page size; the spec's client omits it (100) and its export asks 20. */
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CONTACT_PAGE_SIZE })),
  /** Contacts having any of these tags. */
  contactTag: Type.Optional(JsonIdList),
  channel: Type.Optional(ContactChannel),
  /** `false` leaves groups out, `true` lists only groups. */
  isGroup: Type.Optional(BooleanText),
  /** Sent by the spec's client; the company always comes from the token. */
  companyId: Type.Optional(Type.Integer()),
})
export type ListContactsQuery = Static<typeof ListContactsQuery>

export const ContactList = Type.Object({
  contacts: Type.Array(ContactDto),
  /** Matching contacts, counted up to CONTACT_COUNT_CAP. */
  count: Type.Integer(),
  hasMore: Type.Boolean(),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
})
export type ContactList = Static<typeof ContactList>
export const CONTACT_COUNT_CAP = 10_000

/** GET /contacts/list: a picker's list (send-contact, new ticket): `name` searches like GET /contacts; at most CONTACT_PICKER_LIMIT, by name. */
export const ContactPickerQuery = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  companyId: Type.Optional(Type.Integer()),
})
export type ContactPickerQuery = Static<typeof ContactPickerQuery>
export const CONTACT_PICKER_LIMIT = 200
export const ContactPickerList = Type.Array(ContactDto)

/** GET /contacts/export: the list's filters; answers an xlsx file (numbers masked as in lists). */
export const ExportContactsQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  contactTag: Type.Optional(JsonIdList),
  channel: Type.Optional(ContactChannel),
  isGroup: Type.Optional(BooleanText),
})
export type ExportContactsQuery = Static<typeof ExportContactsQuery>
/** Columns of the exported sheet, in order (the same headers the upload recognises). */
export const CONTACT_EXPORT_COLUMNS = ['name', 'number', 'email', 'tags'] as const
export const CONTACT_EXPORT_HEADERS = ['Nome', 'Número', 'Email', 'Tags'] as const
/** The export holds at most this many contacts (the list's order: by name). */
export const CONTACT_EXPORT_MAX_ROWS = 50_000

/** POST /contacts. `companyId` is ignored (the token decides). */
export const CreateContactBody = Type.Object({
  name: ContactName,
  number: ContactNumber,
  email: Type.Optional(ContactEmail),
  extraInfo: Type.Optional(Type.Array(ContactExtraInfoInput, { maxItems: EXTRA_INFO_MAX_ITEMS })),
  /** Tags to link at once (ids of the company's tags). */
  tagIds: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  companyId: Type.Optional(Type.Integer()),
})
export type CreateContactBody = Static<typeof CreateContactBody>

/**
 * PUT /contacts/{id}. A `number` equal to the masked form the caller was shown is ignored, so a
 * profile user saving the drawer under LGPD does not overwrite the real number.
 */
export const UpdateContactBody = Type.Object({
  name: Type.Optional(ContactName),
  number: Type.Optional(ContactNumber),
  email: Type.Optional(ContactEmail),
  extraInfo: Type.Optional(Type.Array(ContactExtraInfoInput, { maxItems: EXTRA_INFO_MAX_ITEMS })),
  acceptAudioMessage: Type.Optional(Type.Boolean()),
  active: Type.Optional(Type.Boolean()),
  disableBot: Type.Optional(Type.Boolean()),
  companyId: Type.Optional(Type.Integer()),
})
export type UpdateContactBody = Static<typeof UpdateContactBody>

/** PUT /contacts/block/{id}: `active: false` blocks, `true` unblocks. */
export const BlockContactBody = Type.Object({ active: Type.Boolean() })
export type BlockContactBody = Static<typeof BlockContactBody>

/** GET /contacts/profile/{number}. */
export const ContactProfileParams = Type.Object({
  number: Type.String({ minLength: 5, maxLength: 50 }),
})
export const ContactProfileDto = Type.Object({
  /** 0 when the number is not a contact of the company. */
  contactId: Type.Integer({ minimum: 0 }),
  /** Signed URL of our cached copy of the picture, or empty. */
  urlPicture: Type.String(),
  /** The same value, under the name older clients read. */
  profilePicUrl: Type.String(),
})
export type ContactProfileDto = Static<typeof ContactProfileDto>

/** GET /contactTags/{contactId}. */
export const ContactTagsDto = Type.Object({ tags: Type.Array(TagRef) })
export type ContactTagsDto = Static<typeof ContactTagsDto>

/* ---- import ---- */

/** A mapped row of the import screen, or the body of POST /contactsImport (one row). */
export const ImportContactRow = Type.Object({
  name: Type.String({ maxLength: 1000 }),
  number: Type.String({ maxLength: 100 }),
  email: Type.Optional(Type.String({ maxLength: 1000 })),
  /** Tag names separated by commas; missing tags are created (random colour, kanban 0). */
  tags: Type.Optional(Type.String({ maxLength: 2000 })),
})
export type ImportContactRow = Static<typeof ImportContactRow>

/**
 * POST /contactsImport (000 §7): one mapped row; creates or updates the contact by number and
 * answers it. Bad rows answer ERR_VALIDATION with the field.
 */
export const ImportContactBody = Type.Composite([
  ImportContactRow,
  Type.Object({
    /** Check the number on WhatsApp first (`"true"` as the spec's client sends it). */
    validateContact: Type.Optional(Type.Union([Type.Boolean(), BooleanText])),
  }),
])
export type ImportContactBody = Static<typeof ImportContactBody>

/** At most this many rows per import job. */
export const IMPORT_MAX_ROWS = 50_000

/** POST /contactsImport/jobs: the mapped rows of the import screen, run as one job. */
export const ImportRowsBody = Type.Object({
  rows: Type.Array(ImportContactRow, { minItems: 1, maxItems: IMPORT_MAX_ROWS }),
  validateContact: Type.Optional(Type.Boolean()),
})
export type ImportRowsBody = Static<typeof ImportRowsBody>

export const IMPORT_ROW_STATUSES = ['created', 'updated', 'skipped'] as const
/** Why a row was skipped; the client translates these (contacts namespace `import.reasons`). */
export const IMPORT_SKIP_REASONS = [
  'missingName',
  'missingNumber',
  'invalidNumber',
  'invalidName',
  'invalidEmail',
  'duplicateInFile',
  'notOnWhatsapp',
  'checkFailed',
  'invalidTag',
  /** Phone and chat imports add new contacts only; an existing one is left as it is. */
  'alreadyExists',
  'failed',
] as const
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number]

export const ImportRowResult = Type.Object({
  /** 1-based row of the submitted rows (for an uploaded sheet: the sheet's row number). */
  row: Type.Integer({ minimum: 1 }),
  status: Type.Union(IMPORT_ROW_STATUSES.map((status) => Type.Literal(status))),
  reason: Type.Optional(Type.Union(IMPORT_SKIP_REASONS.map((reason) => Type.Literal(reason)))),
  contactId: Type.Optional(Id),
  /** The number as stored (digits, E.164), or as given when skipped. */
  number: Type.String(),
  name: Type.String(),
})
export type ImportRowResult = Static<typeof ImportRowResult>

export const IMPORT_JOB_SOURCES = ['rows', 'upload', 'phone', 'chats'] as const
export const IMPORT_JOB_STATUSES = ['running', 'done', 'failed'] as const

/**
 * An import running on the server (000 §5 Contact import). Every row is applied whole or not
 * at all; `processed` grows as rows finish, and `company-{id}-contact` `{action: 'import'}`
 * events carry the same object to the user who started it.
 */
export const ImportJobDto = Type.Object({
  id: Id,
  source: Type.Union(IMPORT_JOB_SOURCES.map((source) => Type.Literal(source))),
  status: Type.Union(IMPORT_JOB_STATUSES.map((status) => Type.Literal(status))),
  total: Type.Integer({ minimum: 0 }),
  processed: Type.Integer({ minimum: 0 }),
  created: Type.Integer({ minimum: 0 }),
  updated: Type.Integer({ minimum: 0 }),
  skipped: Type.Integer({ minimum: 0 }),
  /** A catalogue code when the whole job failed (e.g. ERR_WAPP_NOT_INITIALIZED). */
  error: Type.Union([Type.String(), Type.Null()]),
  createdAt: Timestamp,
  finishedAt: Type.Union([Timestamp, Type.Null()]),
})
export type ImportJobDto = Static<typeof ImportJobDto>

/** GET /contacts/import/jobs/{id}: the job with its per-row results (in row order). */
export const ImportJobDetailDto = Type.Composite([
  ImportJobDto,
  Type.Object({ results: Type.Array(ImportRowResult) }),
])
export type ImportJobDetailDto = Static<typeof ImportJobDetailDto>

/**
 * POST /contacts/import and /contacts/import/chats take no body; `?whatsappId=` picks the
 * connection to read (default: the company's default one).
 */
export const ImportFromConnectionQuery = Type.Object({
  whatsappId: Type.Optional(Id),
})
export type ImportFromConnectionQuery = Static<typeof ImportFromConnectionQuery>

/**
 * The channels whose session can hand over the phone's address book and chats: only a paired
 * phone (Baileys) has them; the Cloud API, Messenger and Instagram answer ERR_CHANNEL_UNSUPPORTED.
 */
export const PHONE_IMPORT_CHANNELS = ['whatsapp'] as const
export const canImportFromPhone = (channel: string): boolean =>
  (PHONE_IMPORT_CHANNELS as readonly string[]).includes(channel)

/**
 * POST /contacts/upload (multipart `file`) imports the first sheet by its headers
 * (UPLOAD_HEADER_ALIASES) and answers 202 with an ImportJobDto, like POST /contactsImport/jobs.
 * An unreadable file answers 400 ERR_INVALID_FILE ('Arquivo inválido!').
 * Upload limits: file types of 000 §5 and a size bound.
 */
export const CONTACT_UPLOAD_EXTENSIONS = ['xls', 'xlsx', 'csv', 'txt'] as const
export const CONTACT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024

/**
 * POST /contacts/upload/preview (multipart `file`): the sheet parsed on the server, every cell
 * as text (numbers are never turned into floats), for the mapping screen. The first row is
 * `headers`; at most IMPORT_MAX_ROWS rows follow.
 */
export const UploadPreviewDto = Type.Object({
  headers: Type.Array(Type.String()),
  rows: Type.Array(Type.Array(Type.String())),
  /** The sheet had more rows than IMPORT_MAX_ROWS. */
  truncated: Type.Boolean(),
})
export type UploadPreviewDto = Static<typeof UploadPreviewDto>

/**
 * Header names POST /contacts/upload recognises (reference §10), compared without accents and
 * case: name, number, e-mail and tags columns.
 */
export const UPLOAD_HEADER_ALIASES = {
  name: ['nome', 'name'],
  number: ['numero', 'number', 'telefone', 'phone', 'celular', 'whatsapp'],
  email: ['email', 'e-mail'],
  tags: ['tags', 'etiquetas'],
} as const
