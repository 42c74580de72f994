import type { PlanDto, PublicPlanDto } from '@shared/contracts/plans'
import type { PlanRow } from './plans.table'

export const presentPlan = (row: PlanRow): PlanDto => ({
  id: row.id,
  name: row.name,
  users: row.users,
  connections: row.connections,
  queues: row.queues,
  amount: row.amount,
  isPublic: row.isPublic,
  useWhatsapp: row.useWhatsapp,
  useFacebook: row.useFacebook,
  useInstagram: row.useInstagram,
  useCampaigns: row.useCampaigns,
  useSchedules: row.useSchedules,
  useInternalChat: row.useInternalChat,
  useExternalApi: row.useExternalApi,
  useKanban: row.useKanban,
  useOpenAi: row.useOpenAi,
  useIntegrations: row.useIntegrations,
})

export const presentPublicPlan = (row: PlanRow): PublicPlanDto => ({
  id: row.id,
  name: row.name,
  users: row.users,
  connections: row.connections,
  queues: row.queues,
  amount: row.amount,
})
