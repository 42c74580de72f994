import type { ContactDto } from '@shared/contracts/contacts'
import type { QueueDto } from '@shared/contracts/queues'
import type { SaveScheduleBody, ScheduleDto, SchedulePage } from '@shared/contracts/schedules'
import type { UserPickerList } from '@shared/contracts/users'
import { http } from '@renderer/lib/http'
import { readFieldError, type FieldError } from '@renderer/lib/server-refusal'

/** The instants a calendar view shows, as ISO text. */
export interface ScheduleRange {
  start: string
  end: string
}

/** GET /schedules?start&end: every schedule sending in the range, by send time. */
export const listScheduleRange = async (
  { start, end }: ScheduleRange,
  signal?: AbortSignal,
): Promise<SchedulePage> =>
  (await http.get<SchedulePage>('/schedules', { params: { start, end }, signal })).data

export interface ListSchedulesParams {
  searchParam: string
  /** 1-based. */
  pageNumber: number
}

/** GET /schedules?searchParam&pageNumber: one page of 20, newest first, by text or contact. */
export const listSchedules = async (
  { searchParam, pageNumber }: ListSchedulesParams,
  signal?: AbortSignal,
): Promise<SchedulePage> =>
  (
    await http.get<SchedulePage>('/schedules', {
      params: { searchParam: searchParam || undefined, pageNumber },
      signal,
    })
  ).data

/** GET /schedules/{id}. */
export const getSchedule = async (id: number, signal?: AbortSignal): Promise<ScheduleDto> =>
  (await http.get<ScheduleDto>(`/schedules/${id}`, { signal })).data

/** POST /schedules: PENDENTE until its time. */
export const createSchedule = async (body: SaveScheduleBody): Promise<ScheduleDto> =>
  (await http.post<ScheduleDto>('/schedules', body)).data

/** PUT /schedules/{id}: its creator or an admin (403 ERR_NO_PERMISSION otherwise). */
export const updateSchedule = async (id: number, body: SaveScheduleBody): Promise<ScheduleDto> =>
  (await http.put<ScheduleDto>(`/schedules/${id}`, body)).data

/** DELETE /schedules/{id}: its creator or an admin. */
export const deleteSchedule = async (id: number): Promise<void> => {
  await http.delete(`/schedules/${id}`)
}

/**
 * POST /schedules/{id}/media-upload (multipart `file`): the image sent with the text as its
 * caption. `onProgress` hears the sent share, from 0 to 1.
 */
export const uploadScheduleMedia = async (
  id: number,
  file: File,
  onProgress?: (share: number) => void,
): Promise<ScheduleDto> => {
  const form = new FormData()
  form.append('file', file)
  return (
    await http.post<ScheduleDto>(`/schedules/${id}/media-upload`, form, {
      onUploadProgress: (event) => {
        const total = event.total ?? file.size
        if (total > 0) onProgress?.(Math.min(1, event.loaded / total))
      },
    })
  ).data
}

/** DELETE /schedules/{id}/media-upload: the image removed. */
export const removeScheduleMedia = async (id: number): Promise<ScheduleDto> =>
  (await http.delete<ScheduleDto>(`/schedules/${id}/media-upload`)).data

/** GET /contacts/list?name=: the contacts whose name or number has `name`, for the picker. */
export const searchContactOptions = async (
  name: string,
  signal?: AbortSignal,
): Promise<ContactDto[]> =>
  (await http.get<ContactDto[]>('/contacts/list', { params: { name }, signal })).data

/** GET /users/list: the company's users, for the attendant of the ticket a send opens. */
export const listUserOptions = async (signal?: AbortSignal): Promise<UserPickerList> =>
  (await http.get<UserPickerList>('/users/list', { signal })).data

/** GET /queue: the company's queues, for the queue of the ticket a send opens. */
export const listQueueOptions = async (signal?: AbortSignal): Promise<QueueDto[]> =>
  (await http.get<QueueDto[]>('/queue', { signal })).data

/** The field a failed save points at (ERR_VALIDATION names it), or null. */
export const readScheduleFieldError = (error: unknown): FieldError | null => readFieldError(error)
