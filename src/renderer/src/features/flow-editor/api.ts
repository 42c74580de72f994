import { isAxiosError } from 'axios'
import type { QueueDto } from '@shared/contracts/queues'
import {
  FLOW_PROBLEMS,
  type FlowContentUpload,
  type FlowDetailDto,
  type FlowDetailResponse,
  type FlowMediaUpload,
  type FlowProblem,
  type SaveFlowGraphBody,
  type SimulateFlowBody,
  type SimulateFlowResponse,
} from '@shared/contracts/flows'
import { errorCodeOf, http } from '@renderer/lib/http'

/** GET /flowbuilder/flow/{id}: the flow, its graph (null before the first save) and media URLs. */
export const getFlowDetail = async (id: number, signal?: AbortSignal): Promise<FlowDetailDto> =>
  (await http.get<FlowDetailResponse>(`/flowbuilder/flow/${id}`, { signal })).data.flow

/**
 * POST /flowbuilder/flow: the whole graph; the answer is the saved flow with fresh media URLs.
 * A graph the server refuses answers 400 ERR_FLOW_INVALID with its `problems`.
 */
export const saveFlowGraph = async (body: SaveFlowGraphBody): Promise<FlowDetailDto> =>
  (await http.post<FlowDetailResponse>('/flowbuilder/flow', body)).data.flow

/**
 * POST /flowbuilder/simulate ("Testar fluxo"): one event of a simulated contact run through the
 * graph as the editor has it, from the state the previous answer gave. Nothing is stored nor
 * sent. A graph with problems answers 400 ERR_FLOW_INVALID with its `problems`, as a save does.
 */
export const simulateFlow = async (
  body: SimulateFlowBody,
  signal?: AbortSignal,
): Promise<SimulateFlowResponse> =>
  (await http.post<SimulateFlowResponse>('/flowbuilder/simulate', body, { signal })).data

/** The upload route of each media block (002 §7): POST /flowbuilder/img, /audio, /video. */
export type FlowMediaRoute = 'img' | 'audio' | 'video'

/** Reports the sent share of an upload, from 0 to 1. */
export type UploadProgress = (share: number) => void

const progressOf =
  (files: readonly File[], onProgress?: UploadProgress) =>
  (event: { loaded: number; total?: number }) => {
    const total = event.total ?? files.reduce((sum, file) => sum + file.size, 0)
    if (total > 0) onProgress?.(Math.min(1, event.loaded / total))
  }

/** One media block's file, in the multipart field `medias`; the graph stores the answer's `name`. */
export const uploadFlowMedia = async (
  route: FlowMediaRoute,
  file: File,
  onProgress?: UploadProgress,
  signal?: AbortSignal,
): Promise<FlowMediaUpload> => {
  const form = new FormData()
  form.append('medias', file)
  return (
    await http.post<FlowMediaUpload>(`/flowbuilder/${route}`, form, {
      signal,
      onUploadProgress: progressOf([file], onProgress),
    })
  ).data
}

/** POST /flowbuilder/content: a content block's files, all in `medias`; answers in upload order. */
export const uploadContentMedia = async (
  files: readonly File[],
  onProgress?: UploadProgress,
  signal?: AbortSignal,
): Promise<FlowContentUpload> => {
  const form = new FormData()
  for (const file of files) form.append('medias', file)
  return (
    await http.post<FlowContentUpload>('/flowbuilder/content', form, {
      signal,
      onUploadProgress: progressOf(files, onProgress),
    })
  ).data
}

/** GET /queue: the ticket block's choices; other screens keep their own keys. */
export const listQueueOptions = async (signal?: AbortSignal): Promise<QueueDto[]> =>
  (await http.get<QueueDto[]>('/queue', { signal })).data

const PROBLEM_CODES: ReadonlySet<string> = new Set(FLOW_PROBLEMS)

const isProblem = (value: unknown): value is FlowProblem => {
  if (typeof value !== 'object' || value === null) return false
  const { problem, nodeId, edgeId, elementId } = value as Record<string, unknown>
  const optionalText = (field: unknown) => field === undefined || typeof field === 'string'
  return (
    typeof problem === 'string' &&
    PROBLEM_CODES.has(problem) &&
    optionalText(nodeId) &&
    optionalText(edgeId) &&
    optionalText(elementId)
  )
}

/**
 * The problems of a save the server refused as ERR_FLOW_INVALID, or null for any other failure.
 * Entries this client does not know are left out, so that the editor marks only what it can.
 */
export const readFlowProblems = (error: unknown): FlowProblem[] | null => {
  if (!isAxiosError(error)) return null
  const body: unknown = error.response?.data
  if (errorCodeOf(body) !== 'ERR_FLOW_INVALID') return null
  const problems: unknown = Reflect.get(body as object, 'problems')
  return Array.isArray(problems) ? problems.filter(isProblem) : []
}

/** Whether a read failed because the flow does not exist (or is another company's). */
export const isFlowNotFound = (error: unknown): boolean =>
  isAxiosError(error) &&
  (error.response?.status === 404 || errorCodeOf(error.response?.data) === 'ERR_NO_FLOW_FOUND')
