import { isAxiosError } from 'axios'
import type {
  CreateQueueBody,
  QueueDetailDto,
  QueueDto,
  UpdateQueueBody,
} from '@shared/contracts/queues'
import type { UserPickerList } from '@shared/contracts/users'
import type { SimulationBody, SimulationDto } from '@shared/contracts/bot-simulation'
import { errorCodeOf, http } from '@renderer/lib/http'

/** GET /queue: the company's queues by orderQueue. */
export const listQueues = async (signal?: AbortSignal): Promise<QueueDto[]> =>
  (await http.get<QueueDto[]>('/queue', { signal })).data

/** GET /queue/{id}: the queue with its whole option tree. */
export const getQueue = async (id: number, signal?: AbortSignal): Promise<QueueDetailDto> =>
  (await http.get<QueueDetailDto>(`/queue/${id}`, { signal })).data

/** POST /queue. */
export const createQueue = async (body: CreateQueueBody): Promise<QueueDetailDto> =>
  (await http.post<QueueDetailDto>('/queue', body)).data

/** PUT /queue/{id}: `chatbots` replaces the whole tree; `schedules` the hours when sent. */
export const updateQueue = async (id: number, body: UpdateQueueBody): Promise<QueueDetailDto> =>
  (await http.put<QueueDetailDto>(`/queue/${id}`, body)).data

/** DELETE /queue/{id}. */
export const deleteQueue = async (id: number): Promise<void> => {
  await http.delete(`/queue/${id}`)
}

/** The company's scheduleType setting (GET /companySettingOne?column=scheduleType). */
export const getScheduleType = async (signal?: AbortSignal): Promise<string> => {
  const { data } = await http.get<{ scheduleType?: string }>('/companySettingOne', {
    params: { column: 'scheduleType' },
    signal,
  })
  return data.scheduleType ?? 'disabled'
}

/** GET /users/list: the company's users for the attendant picker of options. */
export const listUserOptions = async (signal?: AbortSignal): Promise<UserPickerList> =>
  (await http.get<UserPickerList>('/users/list', { signal })).data

/** A server refusal that belongs to a form field (a top-level body field: name, chatbots…). */
export interface QueueFieldError {
  field: string
  code: string
}

/** Reads the field a failed queue write points at, or null when the error is not about one. */
export const readQueueFieldError = (error: unknown): QueueFieldError | null => {
  if (!isAxiosError(error)) return null
  const body: unknown = error.response?.data
  const code = errorCodeOf(body)
  if (code === 'ERR_QUEUE_COLOR_ALREADY_EXISTS') return { field: 'color', code }
  if (code === 'ERR_QUEUE_NAME_ALREADY_EXISTS') return { field: 'name', code }
  if (code === 'ERR_VALIDATION' && typeof body === 'object' && body !== null && 'field' in body) {
    // Tree paths ("chatbots.0.name") belong to the tree as a whole.
    return typeof body.field === 'string' ? { field: body.field.split('.')[0]!, code } : null
  }
  return null
}

/** POST /queue/{id}/simulate: the bot's answers to a new contact's messages, nothing sent. */
export const simulateQueue = async (id: number, body: SimulationBody): Promise<SimulationDto> =>
  (await http.post<SimulationDto>(`/queue/${id}/simulate`, body)).data
