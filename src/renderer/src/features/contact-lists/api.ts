import { isAxiosError, type AxiosResponseTransformer } from 'axios'
import type {
  ContactListDto,
  ContactListItemDto,
  ContactListItemPage,
  ContactListPage,
  ContactListUploadResult,
  CreateContactListItemBody,
  SaveContactListBody,
  UpdateContactListItemBody,
} from '@shared/contracts/contact-lists'
import { errorCodeOf, http } from '@renderer/lib/http'
import { readFieldError, type FieldError } from '@renderer/lib/server-refusal'

export interface PageParams {
  searchParam: string
  /** 1-based. */
  pageNumber: number
}

/** GET /contact-lists/: one page of the company's lists, by name, searched by name. */
export const listContactLists = async (
  { searchParam, pageNumber }: PageParams,
  signal?: AbortSignal,
): Promise<ContactListPage> =>
  (
    await http.get<ContactListPage>('/contact-lists/', {
      params: { searchParam: searchParam || undefined, pageNumber },
      signal,
    })
  ).data

/** GET /contact-lists/{id}: the list with its counts. */
export const getContactList = async (id: number, signal?: AbortSignal): Promise<ContactListDto> =>
  (await http.get<ContactListDto>(`/contact-lists/${id}`, { signal })).data

/** POST /contact-lists {name}. */
export const createContactList = async (body: SaveContactListBody): Promise<ContactListDto> =>
  (await http.post<ContactListDto>('/contact-lists', body)).data

/** PUT /contact-lists/{id} {name}. */
export const updateContactList = async (
  id: number,
  body: SaveContactListBody,
): Promise<ContactListDto> => (await http.put<ContactListDto>(`/contact-lists/${id}`, body)).data

/** DELETE /contact-lists/{id}: the list and its contacts. */
export const deleteContactList = async (id: number): Promise<void> => {
  await http.delete(`/contact-lists/${id}`)
}

/**
 * POST /contact-lists/{id}/upload (multipart `file`): the sheet's rows added to the list.
 * `onProgress` hears the sent share, from 0 to 1.
 */
export const uploadContactList = async (
  id: number,
  file: File,
  onProgress?: (share: number) => void,
): Promise<ContactListUploadResult> => {
  const form = new FormData()
  form.append('file', file)
  return (
    await http.post<ContactListUploadResult>(`/contact-lists/${id}/upload`, form, {
      onUploadProgress: (event) => {
        const total = event.total ?? file.size
        if (total > 0) onProgress?.(Math.min(1, event.loaded / total))
      },
    })
  ).data
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/**
 * A binary answer's refusal read as its JSON `{ error }`. It runs before the interceptors, so a
 * stale token's 403 is recognised and refreshed like any other call's, and the toast names the
 * code instead of the generic failure.
 */
const readRefusal: AxiosResponseTransformer = (data: unknown, _headers, status) => {
  if (status === undefined || status < 400 || !(data instanceof ArrayBuffer)) return data
  try {
    const body: unknown = JSON.parse(new TextDecoder().decode(data))
    return errorCodeOf(body) === undefined ? data : body
  } catch {
    return data
  }
}

/** GET /contact-lists/example-sheet: the .xlsx whose headers an upload reads. */
export const downloadExampleSheet = async (): Promise<Blob> => {
  const response = await http.get<ArrayBuffer>('/contact-lists/example-sheet', {
    responseType: 'arraybuffer',
    transformResponse: readRefusal,
  })
  return new Blob([response.data], { type: XLSX_TYPE })
}

/** GET /contact-list-items: one page of a list's contacts, by name, searched in name and number. */
export const listContactListItems = async (
  contactListId: number,
  { searchParam, pageNumber }: PageParams,
  signal?: AbortSignal,
): Promise<ContactListItemPage> =>
  (
    await http.get<ContactListItemPage>('/contact-list-items', {
      params: { searchParam: searchParam || undefined, pageNumber, contactListId },
      signal,
    })
  ).data

/** GET /contact-list-items/{id}. */
export const getContactListItem = async (
  id: number,
  signal?: AbortSignal,
): Promise<ContactListItemDto> =>
  (await http.get<ContactListItemDto>(`/contact-list-items/${id}`, { signal })).data

/** POST /contact-list-items: the new contact, or the one the list already has with that number. */
export const createContactListItem = async (
  body: CreateContactListItemBody,
): Promise<ContactListItemDto> =>
  (await http.post<ContactListItemDto>('/contact-list-items', body)).data

/**
 * Whether POST answered the contact the list already had with that number rather than a new one:
 * the server keeps that contact unchanged, so its name or e-mail differ from the ones sent.
 */
export const isExistingContact = (
  sent: UpdateContactListItemBody,
  answer: ContactListItemDto,
): boolean => answer.name !== sent.name || answer.email !== (sent.email ?? '')

/** PUT /contact-list-items/{id} {name, number, email}. */
export const updateContactListItem = async (
  id: number,
  body: UpdateContactListItemBody,
): Promise<ContactListItemDto> =>
  (await http.put<ContactListItemDto>(`/contact-list-items/${id}`, body)).data

/** DELETE /contact-list-items/{id}. */
export const deleteContactListItem = async (id: number): Promise<void> => {
  await http.delete(`/contact-list-items/${id}`)
}

/** Whether a read failed because the list (or the contact) does not exist. */
export const isNotFound = (error: unknown): boolean =>
  isAxiosError(error) && error.response?.status === 404

/** The field a failed list save points at (a taken name, a rule the server checked), or null. */
export const readContactListFieldError = (error: unknown): FieldError | null =>
  readFieldError(error, { ERR_DUPLICATED_CONTACT_LIST: 'name' })

/** The field a failed contact save points at (ERR_VALIDATION with its `field`), or null. */
export const readContactListItemFieldError = (error: unknown): FieldError | null =>
  readFieldError(error)
