import { isAxiosError } from 'axios'
import type { UsedBy } from '@shared/contracts/common'
import type {
  CreateQueueIntegrationBody,
  QueueIntegrationDto,
  QueueIntegrationList,
  TestSessionBody,
  TestSessionResult,
  UpdateQueueIntegrationBody,
} from '@shared/contracts/queue-integrations'
import { errorCodeOf, http } from '@renderer/lib/http'
import { readFieldError, readUsedBy, type FieldError } from '@renderer/lib/server-refusal'

export interface ListIntegrationsParams {
  searchParam: string
  /** 1-based. */
  pageNumber: number
}

/** GET /queueIntegration/: one page of 20 integrations, newest first, searched by name. */
export const listIntegrations = async (
  { searchParam, pageNumber }: ListIntegrationsParams,
  signal?: AbortSignal,
): Promise<QueueIntegrationList> =>
  (
    await http.get<QueueIntegrationList>('/queueIntegration/', {
      params: { searchParam: searchParam || undefined, pageNumber },
      signal,
    })
  ).data

/** Pages a picker reads at most: a company with more integrations is a misuse this bounds. */
const PICKER_PAGES = 50

/** Every integration of the company, newest first, for the pickers of connections and queues. */
export const listAllIntegrations = async (signal?: AbortSignal): Promise<QueueIntegrationDto[]> => {
  const all: QueueIntegrationDto[] = []
  for (let pageNumber = 1; pageNumber <= PICKER_PAGES; pageNumber++) {
    const page = await listIntegrations({ searchParam: '', pageNumber }, signal)
    all.push(...page.queueIntegrations)
    if (!page.hasMore) break
  }
  return all
}

/** GET /queueIntegration/{id}: the integration, without its Dialogflow credentials. */
export const getIntegration = async (
  id: number,
  signal?: AbortSignal,
): Promise<QueueIntegrationDto> =>
  (await http.get<QueueIntegrationDto>(`/queueIntegration/${id}`, { signal })).data

/** POST /queueIntegration. */
export const createIntegration = async (
  body: CreateQueueIntegrationBody,
): Promise<QueueIntegrationDto> =>
  (await http.post<QueueIntegrationDto>('/queueIntegration', body)).data

/** PUT /queueIntegration/{id}: the whole form; no `jsonContent` keeps the stored credentials. */
export const updateIntegration = async (
  id: number,
  body: UpdateQueueIntegrationBody,
): Promise<QueueIntegrationDto> =>
  (await http.put<QueueIntegrationDto>(`/queueIntegration/${id}`, body)).data

/** DELETE /queueIntegration/{id}: refused with ERR_INTEGRATION_IN_USE while anything uses it. */
export const deleteIntegration = async (id: number): Promise<void> => {
  await http.delete(`/queueIntegration/${id}`)
}

/**
 * POST /queueIntegration/testSession: one message to a saved integration (`id`, `message`), or
 * unsaved Dialogflow credentials checked (`projectName`, `jsonContent`, `language`). Nothing is
 * stored. A bot that fails answers 502 ERR_TEST_SESSION_DIALOG (`readTestSessionFailure`).
 */
export const testIntegrationSession = async (body: TestSessionBody): Promise<TestSessionResult> =>
  (await http.post<TestSessionResult>('/queueIntegration/testSession', body)).data

/** A test the bot failed: the translated code's key and what the bot said. */
export interface TestSessionFailure {
  code: 'ERR_TEST_SESSION_DIALOG'
  /** What went wrong on the bot's side ("typebot.example.com answered 500"); '' when unsaid. */
  detail: string
}

/** The bot's failure of a test (502 ERR_TEST_SESSION_DIALOG), or null for any other error. */
export const readTestSessionFailure = (error: unknown): TestSessionFailure | null => {
  if (!isAxiosError(error)) return null
  const body: unknown = error.response?.data
  if (errorCodeOf(body) !== 'ERR_TEST_SESSION_DIALOG') return null
  const detail: unknown =
    typeof body === 'object' && body !== null ? Reflect.get(body, 'detail') : null
  return { code: 'ERR_TEST_SESSION_DIALOG', detail: typeof detail === 'string' ? detail : '' }
}

/** The field a failed save points at (a taken name, a rule the server checked), or null. */
export const readIntegrationFieldError = (error: unknown): FieldError | null =>
  readFieldError(error, { ERR_DUPLICATED_INTEGRATION: 'name' })

/** What still uses an integration whose delete was refused (ERR_INTEGRATION_IN_USE), or null. */
export const readIntegrationUsage = (error: unknown): UsedBy | null =>
  readUsedBy(error, 'ERR_INTEGRATION_IN_USE')
