import type {
  ContactDetailDto,
  ContactDto,
  ContactList,
  CreateContactBody,
  ImportContactRow,
  ImportJobDetailDto,
  ImportJobDto,
  UpdateContactBody,
  UploadPreviewDto,
} from '@shared/contracts/contacts'
import type { SyncContactTagsBody, TagDto } from '@shared/contracts/tags'
import type {
  CreateTicketNoteBody,
  ListTicketNotesQuery,
  TicketNoteDto,
} from '@shared/contracts/ticket-notes'
import type { CreateTicketBody, TicketDto } from '@shared/contracts/tickets'
import { http } from '@renderer/lib/http'

export interface ContactFilters {
  searchParam: string
  /** Contacts carrying any of these tags. */
  tagIds: number[]
}

/** The query string GET /contacts and GET /contacts/export share. */
const filterParams = ({ searchParam, tagIds }: ContactFilters) => ({
  searchParam: searchParam || undefined,
  contactTag: tagIds.length > 0 ? JSON.stringify(tagIds) : undefined,
})

/** GET /contacts: one page by name; `cursor` is the previous page's `nextCursor`. */
export const listContacts = async (
  filters: ContactFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ContactList> =>
  (
    await http.get<ContactList>('/contacts', {
      params: { ...filterParams(filters), cursor: cursor ?? undefined },
      signal,
    })
  ).data

/** GET /contacts/{id}: the contact with its extra info fields. */
export const getContact = async (id: number, signal?: AbortSignal): Promise<ContactDetailDto> =>
  (await http.get<ContactDetailDto>(`/contacts/${id}`, { signal })).data

/** POST /contacts. */
export const createContact = async (body: CreateContactBody): Promise<ContactDetailDto> =>
  (await http.post<ContactDetailDto>('/contacts', body)).data

/** PUT /contacts/{id}: an absent field is unchanged; `extraInfo` replaces the list. */
export const updateContact = async (
  id: number,
  body: UpdateContactBody,
): Promise<ContactDetailDto> => (await http.put<ContactDetailDto>(`/contacts/${id}`, body)).data

/** DELETE /contacts/{id} (permission contacts-page:deleteContact). */
export const deleteContact = async (id: number): Promise<void> => {
  await http.delete(`/contacts/${id}`)
}

/** PUT /contacts/block/{id}: `active: false` blocks, `true` unblocks. */
export const setContactActive = async (id: number, active: boolean): Promise<ContactDto> =>
  (await http.put<ContactDto>(`/contacts/block/${id}`, { active })).data

/** POST /tags/sync: replaces the contact's tags; new names are created. */
export const syncContactTags = async (body: SyncContactTagsBody): Promise<ContactDto> =>
  (await http.post<ContactDto>('/tags/sync', body)).data

/** GET /tags/list: every tag of the company for the tag box and the filter; lanes with kanban 1. */
export const listTagOptions = async (
  kanban: 0 | 1 | undefined,
  signal?: AbortSignal,
): Promise<TagDto[]> =>
  (await http.get<TagDto[]>('/tags/list', { params: { kanban }, signal })).data

/** A downloaded file and the name the server suggests for it. */
export interface DownloadedFile {
  blob: Blob
  fileName: string
}

const fileNameOf = (disposition: unknown, fallback: string): string => {
  if (typeof disposition !== 'string') return fallback
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)
  return match?.[1] ? decodeURIComponent(match[1]) : fallback
}

/**
 * GET /contacts/export: the list's filters as an .xlsx the server builds, so LGPD masking is
 * applied where it is decided (000 §6) rather than trusted to the client.
 */
export const exportContacts = async (filters: ContactFilters): Promise<DownloadedFile> => {
  const response = await http.get<Blob>('/contacts/export', {
    params: filterParams(filters),
    responseType: 'blob',
  })
  return {
    blob: response.data,
    fileName: fileNameOf(response.headers['content-disposition'], 'contatos.xlsx'),
  }
}

/** POST /contacts/upload/preview: the sheet read on the server, every cell as text. */
export const previewSpreadsheet = async (file: File): Promise<UploadPreviewDto> => {
  const form = new FormData()
  form.append('file', file)
  return (await http.post<UploadPreviewDto>('/contacts/upload/preview', form)).data
}

/** POST /contactsImport/jobs: the mapped rows, imported as one job on the server. */
export const startRowsImport = async (
  rows: ImportContactRow[],
  validateContact: boolean,
): Promise<ImportJobDto> =>
  (await http.post<ImportJobDto>('/contactsImport/jobs', { rows, validateContact })).data

/** POST /contacts/import: the phone's address book, through the default connection. */
export const startPhoneImport = async (whatsappId: number): Promise<ImportJobDto> =>
  (await http.post<ImportJobDto>('/contacts/import', undefined, { params: { whatsappId } })).data

/** GET /contacts/import/jobs/{id}: the job and its per-row results. */
export const getImportJob = async (id: number, signal?: AbortSignal): Promise<ImportJobDetailDto> =>
  (await http.get<ImportJobDetailDto>(`/contacts/import/jobs/${id}`, { signal })).data

/** GET /ticket-notes/list: newest first. */
export const listTicketNotes = async (
  query: ListTicketNotesQuery,
  signal?: AbortSignal,
): Promise<TicketNoteDto[]> =>
  (await http.get<TicketNoteDto[]>('/ticket-notes/list', { params: query, signal })).data

/** POST /ticket-notes. */
export const createTicketNote = async (body: CreateTicketNoteBody): Promise<TicketNoteDto> =>
  (await http.post<TicketNoteDto>('/ticket-notes', body)).data

/** DELETE /ticket-notes/{id}: admin or the note's author. */
export const deleteTicketNote = async (id: number): Promise<void> => {
  await http.delete(`/ticket-notes/${id}`)
}

/** A connection the open-chat dialog offers (GET /whatsapp). */
export interface ConnectionOption {
  id: number
  name: string
  channel: string
  isDefault: boolean
}

/** GET /whatsapp?session=0. */
export const listConnectionOptions = async (signal?: AbortSignal): Promise<ConnectionOption[]> =>
  (await http.get<ConnectionOption[]>('/whatsapp', { params: { session: 0 }, signal })).data

/** POST /tickets: a 409 names the contact's active ticket (readTicketConflict). */
export const createTicket = async (body: CreateTicketBody): Promise<TicketDto> =>
  (await http.post<TicketDto>('/tickets', body)).data
