import type { UsedBy } from '@shared/contracts/common'
import type {
  CreateFlowBody,
  DuplicateFlowBody,
  FlowDto,
  FlowPage,
  RenameFlowBody,
} from '@shared/contracts/flows'
import { http } from '@renderer/lib/http'
import { readFieldError, readUsedBy, type FieldError } from '@renderer/lib/server-refusal'

export interface ListFlowsParams {
  searchParam: string
  /** 1-based. */
  pageNumber: number
}

/** GET /flowbuilder: one page of 20 flows, by name, searched by name. */
export const listFlows = async (
  { searchParam, pageNumber }: ListFlowsParams,
  signal?: AbortSignal,
): Promise<FlowPage> =>
  (
    await http.get<FlowPage>('/flowbuilder', {
      params: { searchParam: searchParam || undefined, pageNumber },
      signal,
    })
  ).data

/** Pages a picker reads at most: a company with more flows is a misuse this bounds. */
const PICKER_PAGES = 50

/** Every flow of the company, by name, for the pickers of connections and phrase campaigns. */
export const listAllFlows = async (signal?: AbortSignal): Promise<FlowDto[]> => {
  const all: FlowDto[] = []
  for (let pageNumber = 1; pageNumber <= PICKER_PAGES; pageNumber++) {
    const page = await listFlows({ searchParam: '', pageNumber }, signal)
    all.push(...page.flows)
    if (!page.hasMore) break
  }
  return all
}

/** POST /flowbuilder {name}: a flow without blocks yet, active. */
export const createFlow = async (body: CreateFlowBody): Promise<FlowDto> =>
  (await http.post<FlowDto>('/flowbuilder', body)).data

/** PUT /flowbuilder {flowId, name}: renames a flow; its blocks stay as they are. */
export const renameFlow = async (body: RenameFlowBody): Promise<FlowDto> =>
  (await http.put<FlowDto>('/flowbuilder', body)).data

/** POST /flowbuilder/duplicate {flowId}: the copy, named "{name} - cópia" (or a free variant). */
export const duplicateFlow = async (body: DuplicateFlowBody): Promise<FlowDto> =>
  (await http.post<FlowDto>('/flowbuilder/duplicate', body)).data

/**
 * DELETE /flowbuilder/{id}: refused with ERR_FLOW_IN_USE while a connection's default flows or
 * a phrase campaign use it.
 */
export const deleteFlow = async (id: number): Promise<void> => {
  await http.delete(`/flowbuilder/${id}`)
}

/** The field a failed save points at (a taken name, a rule the server checked), or null. */
export const readFlowFieldError = (error: unknown): FieldError | null =>
  readFieldError(error, { ERR_DUPLICATED_FLOW: 'name' })

/** What still uses a flow whose delete was refused (ERR_FLOW_IN_USE), or null. */
export const readFlowUsage = (error: unknown): UsedBy | null => readUsedBy(error, 'ERR_FLOW_IN_USE')
