import { Type, type Static } from '@sinclair/typebox'
import { Id } from './common'

/** 002 §5: a phrase campaign's name (bounded like a flow's), phrase and their sizes. */
export const FLOW_CAMPAIGN_NAME = { min: 2, max: 50 } as const
export const FLOW_CAMPAIGN_PHRASE_MAX = 500

/**
 * A campaign by phrase (002 §2.16, §3.11): a contact's message that is the phrase (trimmed, in
 * any case, with or without accents) starts the flow on the connection, while `status` is on.
 */
export const FlowCampaignDto = Type.Object({
  id: Id,
  name: Type.String(),
  phrase: Type.String(),
  flowId: Id,
  /** The flow's name, for the table. */
  flowName: Type.String(),
  whatsappId: Id,
  status: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type FlowCampaignDto = Static<typeof FlowCampaignDto>

/** GET /flowcampaign: the company's phrase campaigns by name (002 §7 reads `flow`). */
export const FlowCampaignList = Type.Object({ flow: Type.Array(FlowCampaignDto) })
export type FlowCampaignList = Static<typeof FlowCampaignList>
/** GET /flowcampaign/{id} (002 §7 reads `details`). */
export const FlowCampaignDetails = Type.Object({ details: FlowCampaignDto })
export type FlowCampaignDetails = Static<typeof FlowCampaignDetails>

const fields = {
  name: Type.String({ maxLength: 500 }),
  flowId: Type.Union([Id, Type.Null()]),
  whatsappId: Type.Union([Id, Type.Null()]),
  phrase: Type.String({ maxLength: 2_000 }),
}
/** POST /flowcampaign {name, flowId, whatsappId, phrase}: on when created, unless `status` says off. */
export const CreateFlowCampaignBody = Type.Object({
  ...fields,
  status: Type.Optional(Type.Boolean()),
})
export type CreateFlowCampaignBody = Static<typeof CreateFlowCampaignBody>
/** PUT /flowcampaign {id, name, flowId, whatsappId, phrase, status (on when absent)}. */
export const UpdateFlowCampaignBody = Type.Object({
  id: Id,
  ...fields,
  status: Type.Optional(Type.Boolean()),
})
export type UpdateFlowCampaignBody = Static<typeof UpdateFlowCampaignBody>
