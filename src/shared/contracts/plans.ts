import { Type, type Static } from '@sinclair/typebox'
import { Id } from './common'

const featureFlags = {
  useWhatsapp: Type.Boolean(),
  useFacebook: Type.Boolean(),
  useInstagram: Type.Boolean(),
  useCampaigns: Type.Boolean(),
  useSchedules: Type.Boolean(),
  useInternalChat: Type.Boolean(),
  useExternalApi: Type.Boolean(),
  useKanban: Type.Boolean(),
  useOpenAi: Type.Boolean(),
  useIntegrations: Type.Boolean(),
}

/** A plan with its limits and feature flags. `amount` is a decimal in BRL, two places. */
export const PlanDto = Type.Object({
  id: Id,
  name: Type.String(),
  users: Type.Integer({ description: 'Maximum users of a company on this plan' }),
  connections: Type.Integer(),
  queues: Type.Integer(),
  amount: Type.String({ description: 'Monthly price, e.g. "49.90"' }),
  isPublic: Type.Boolean({ description: 'Offered at sign-up' }),
  ...featureFlags,
})
export type PlanDto = Static<typeof PlanDto>

/** What the sign-up plan selector shows (GET /plans/list, no auth). */
export const PublicPlanDto = Type.Object({
  id: Id,
  name: Type.String(),
  users: Type.Integer(),
  connections: Type.Integer(),
  queues: Type.Integer(),
  amount: Type.String(),
})
export type PublicPlanDto = Static<typeof PublicPlanDto>

export const PublicPlanList = Type.Array(PublicPlanDto)
export const PlanList = Type.Array(PlanDto)
