import type {
  CreateFlowCampaignBody,
  FlowCampaignDetails,
  FlowCampaignDto,
  FlowCampaignList,
  UpdateFlowCampaignBody,
} from '@shared/contracts/flow-campaigns'
import { http } from '@renderer/lib/http'
import { readFieldError, type FieldError } from '@renderer/lib/server-refusal'

/** GET /flowcampaign: every phrase campaign of the company, by name (002 §7 reads `flow`). */
export const listFlowCampaigns = async (signal?: AbortSignal): Promise<FlowCampaignDto[]> =>
  (await http.get<FlowCampaignList>('/flowcampaign', { signal })).data.flow

/** GET /flowcampaign/{id} (002 §7 reads `details`). */
export const getFlowCampaign = async (id: number, signal?: AbortSignal): Promise<FlowCampaignDto> =>
  (await http.get<FlowCampaignDetails>(`/flowcampaign/${id}`, { signal })).data.details

/** POST /flowcampaign {name, flowId, whatsappId, phrase}: the campaign, on. */
export const createFlowCampaign = async (body: CreateFlowCampaignBody): Promise<FlowCampaignDto> =>
  (await http.post<FlowCampaignDto>('/flowcampaign', body)).data

/** PUT /flowcampaign {id, name, flowId, whatsappId, phrase, status}. */
export const updateFlowCampaign = async (body: UpdateFlowCampaignBody): Promise<FlowCampaignDto> =>
  (await http.put<FlowCampaignDto>('/flowcampaign', body)).data

/** DELETE /flowcampaign/{id}. */
export const deleteFlowCampaign = async (id: number): Promise<void> => {
  await http.delete(`/flowcampaign/${id}`)
}

/**
 * The field a failed save points at, or null: ERR_VALIDATION names it; a phrase another active
 * campaign of the connection has (ERR_DUPLICATED_PHRASE) is the phrase's.
 */
export const readFlowCampaignFieldError = (error: unknown): FieldError | null =>
  readFieldError(error, { ERR_DUPLICATED_PHRASE: 'phrase' })
