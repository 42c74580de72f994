import type { Static } from '@sinclair/typebox'
import { isAxiosError } from 'axios'
import type {
  CreateUserBody,
  ListUsersResponse,
  QueueSummary,
  UpdateUserBody,
  UserDto,
  UserMediaUploadResponse,
  UserPickerList,
} from '@shared/contracts/users'
import { errorCodeOf, http } from '@renderer/lib/http'

export interface ListUsersParams {
  searchParam: string
  /** 1-based. */
  pageNumber: number
}

/** A queue as the user form offers it (GET /queue). */
export type QueueOption = QueueSummary

/** A connection as the default-connection picker offers it (GET /whatsapp). */
export interface ConnectionOption {
  id: number
  name: string
  channel: string
}

type MediaUploadResponse = Static<typeof UserMediaUploadResponse>

/** GET /users/: one page of 20 users by name, filtered by `searchParam`. */
export const listUsers = async (
  params: ListUsersParams,
  signal?: AbortSignal,
): Promise<ListUsersResponse> =>
  (await http.get<ListUsersResponse>('/users/', { params, signal })).data

/** GET /users/list: every user of the company, for pickers. */
export const listUserPicker = async (signal?: AbortSignal): Promise<UserPickerList> =>
  (await http.get<UserPickerList>('/users/list', { signal })).data

/** GET /users/{id}. */
export const getUser = async (id: number, signal?: AbortSignal): Promise<UserDto> =>
  (await http.get<UserDto>(`/users/${id}`, { signal })).data

/** POST /users. */
export const createUser = async (body: CreateUserBody, signal?: AbortSignal): Promise<UserDto> =>
  (await http.post<UserDto>('/users', body, { signal })).data

/** PUT /users/{id}: an absent field is unchanged; `queueIds` replaces the queues when present. */
export const updateUser = async (
  id: number,
  body: UpdateUserBody,
  signal?: AbortSignal,
): Promise<UserDto> => (await http.put<UserDto>(`/users/${id}`, body, { signal })).data

/** DELETE /users/{id}. */
export const deleteUser = async (id: number, signal?: AbortSignal): Promise<void> => {
  await http.delete(`/users/${id}`, { signal })
}

/** POST /users/{id}/media-upload: the avatar, an image of at most 2 MB. */
export const uploadUserAvatar = async (
  userId: number,
  file: File,
  signal?: AbortSignal,
): Promise<UserDto> => {
  const form = new FormData()
  form.append('userId', String(userId))
  form.append('typeArch', 'user')
  form.append('profileImage', file)
  return (await http.post<MediaUploadResponse>(`/users/${userId}/media-upload`, form, { signal }))
    .data.user
}

/** PUT /users/toggleChangeWidht/{userId} (the spec's spelling): the ticket list width, 404..700. */
export const updateTicketsManagerWidth = async (
  userId: number,
  defaultTicketsManagerWidth: number,
  signal?: AbortSignal,
): Promise<UserDto> =>
  (
    await http.put<UserDto>(
      `/users/toggleChangeWidht/${userId}`,
      { defaultTicketsManagerWidth },
      { signal },
    )
  ).data

/** GET /queue: the company's queues for the queue multi-select. */
export const listQueueOptions = (signal?: AbortSignal): Promise<QueueOption[]> =>
  http.get<QueueOption[]>('/queue', { signal }).then(({ data }) => data)

/** GET /whatsapp?session=0: the company's connections for the default-connection picker. */
export const listConnectionOptions = (signal?: AbortSignal): Promise<ConnectionOption[]> =>
  http
    .get<ConnectionOption[]>('/whatsapp', { params: { session: 0 }, signal })
    .then(({ data }) => data)

/** A server error that belongs to one form field: ERR_VALIDATION names it, the others imply it. */
export interface UserFieldError {
  field: string
  code: string
}

/** Reads the field a failed user write points at, or null when the error is not about a field. */
export const readUserFieldError = (error: unknown): UserFieldError | null => {
  if (!isAxiosError(error)) return null
  const body: unknown = error.response?.data
  const code = errorCodeOf(body)
  if (code === 'ERR_DUPLICATED_EMAIL') return { field: 'email', code }
  if (code === 'ERR_INVALID_FILE' || code === 'ERR_FILE_TOO_LARGE') {
    return { field: 'profileImage', code }
  }
  // ERR_VALIDATION and the current-password refusals name their field.
  if (code && typeof body === 'object' && body !== null && 'field' in body) {
    return typeof body.field === 'string' ? { field: body.field, code } : null
  }
  return null
}

/** The HTTP status of a failed call, when there was an answer. */
export const responseStatus = (error: unknown): number | undefined =>
  isAxiosError(error) ? error.response?.status : undefined
