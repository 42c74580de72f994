import type {
  DeletePromptResponse,
  PromptDto,
  PromptList,
  SavePromptBody,
} from '@shared/contracts/prompts'
import type { QueueDto } from '@shared/contracts/queues'
import { http } from '@renderer/lib/http'
import { readFieldError, type FieldError } from '@renderer/lib/server-refusal'

export interface ListPromptsParams {
  searchParam: string
  /** 1-based. */
  pageNumber: number
}

/** GET /prompt: one page of 20 prompts, by name, searched by name. */
export const listPrompts = async (
  { searchParam, pageNumber }: ListPromptsParams,
  signal?: AbortSignal,
): Promise<PromptList> =>
  (
    await http.get<PromptList>('/prompt', {
      params: { searchParam: searchParam || undefined, pageNumber },
      signal,
    })
  ).data

/** Pages a picker reads at most: a company with more prompts is a misuse this bounds. */
const PICKER_PAGES = 50

/** Every prompt of the company, by name, for the pickers of connections and queues. */
export const listAllPrompts = async (signal?: AbortSignal): Promise<PromptDto[]> => {
  const all: PromptDto[] = []
  for (let pageNumber = 1; pageNumber <= PICKER_PAGES; pageNumber++) {
    const page = await listPrompts({ searchParam: '', pageNumber }, signal)
    all.push(...page.prompts)
    if (!page.hasMore) break
  }
  return all
}

/** GET /prompt/{id}: the prompt, its keys masked (`••••abcd`) or '' when none is stored. */
export const getPrompt = async (id: number, signal?: AbortSignal): Promise<PromptDto> =>
  (await http.get<PromptDto>(`/prompt/${id}`, { signal })).data

/** POST /prompt. */
export const createPrompt = async (body: SavePromptBody): Promise<PromptDto> =>
  (await http.post<PromptDto>('/prompt', body)).data

/** PUT /prompt/{id}: the whole form; an absent key keeps the stored one. */
export const updatePrompt = async (id: number, body: SavePromptBody): Promise<PromptDto> =>
  (await http.put<PromptDto>(`/prompt/${id}`, body)).data

/**
 * DELETE /prompt/{id}: a 200 either way (002 §7); `inUse` says nothing was deleted because a
 * connection or an open conversation uses the prompt.
 */
export const deletePrompt = async (id: number): Promise<DeletePromptResponse> =>
  (await http.delete<DeletePromptResponse>(`/prompt/${id}`)).data

/** GET /queue: the queue picker's choices (where the AI hands a conversation over). */
export const listQueueOptions = async (signal?: AbortSignal): Promise<QueueDto[]> =>
  (await http.get<QueueDto[]>('/queue', { signal })).data

/** The field a failed save points at (ERR_VALIDATION with its `field`), or null. */
export const readPromptFieldError = (error: unknown): FieldError | null => readFieldError(error)
