import { Type, type Static } from '@sinclair/typebox'
import { Id, PageQuery } from './common'

export const PLAN_FEATURE_FLAGS = [
  'useWhatsapp',
  'useFacebook',
  'useInstagram',
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
] as const
export type PlanFeatureFlag = (typeof PLAN_FEATURE_FLAGS)[number]

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

export const ListPlansQuery = PageQuery
export type ListPlansQuery = Static<typeof ListPlansQuery>

/** GET /plans: every plan for the super user, page 20; the own plan for others. */
export const ListPlansResponse = Type.Object({
  plans: Type.Array(PlanDto),
  count: Type.Integer(),
  hasMore: Type.Boolean(),
})
export type ListPlansResponse = Static<typeof ListPlansResponse>

export const PLAN_NAME = { min: 1, max: 50 } as const
const limit = Type.Integer({ minimum: 0, maximum: 100_000 })

/**
 * A price as the operator types it: "49,90", "49.90" or 49.9 (a number becomes a string first).
 * The server stores it as a decimal with two places.
 */
export const PlanAmount = Type.Union([
  Type.String({ pattern: '^\\s*\\d{1,9}([.,]\\d{1,2})?\\s*$' }),
  Type.Number({ minimum: 0, maximum: 999_999_999 }),
])

/** POST /plans (super). Flags default to on, as for the seeded plan. */
export const CreatePlanBody = Type.Composite([
  Type.Object({
    name: Type.String({ minLength: PLAN_NAME.min, maxLength: PLAN_NAME.max }),
    users: limit,
    connections: limit,
    queues: limit,
    amount: PlanAmount,
    isPublic: Type.Optional(Type.Boolean()),
  }),
  Type.Partial(Type.Object(featureFlags)),
])
export type CreatePlanBody = Static<typeof CreatePlanBody>

/** PUT /plans/{id} (super): any subset of the plan's fields. */
export const UpdatePlanBody = Type.Partial(CreatePlanBody)
export type UpdatePlanBody = Static<typeof UpdatePlanBody>

/** "49,90" → "49.90": the decimal the database stores. */
export const normaliseAmount = (amount: string | number): string =>
  Number(String(amount).trim().replace(',', '.')).toFixed(2)
