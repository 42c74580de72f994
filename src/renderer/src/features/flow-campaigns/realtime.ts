import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { FlowCampaignDto } from '@shared/contracts/flow-campaigns'
import type { CompanyEventPayloads } from '@shared/realtime/events'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { flowCampaignQueries } from './queries'

export type FlowCampaignEvent = CompanyEventPayloads['flowcampaign']

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' })

/** The list's order (by name), equal names by id so a place is always found. */
export const compareFlowCampaigns = (a: FlowCampaignDto, b: FlowCampaignDto): number =>
  collator.compare(a.name, b.name) || a.id - b.id

/**
 * Applies one `company-{id}-flowcampaign` event to the cached list (002 §4.2): a create or an
 * update puts the campaign in its place by name (replacing a known one), a delete removes it.
 * An event that changes nothing returns the same list.
 */
export const applyFlowCampaignEvent = (
  list: FlowCampaignDto[] | undefined,
  event: FlowCampaignEvent,
): FlowCampaignDto[] | undefined => {
  if (!list) return list
  if (event.action === 'delete') {
    return list.some((row) => row.id === event.campaignId)
      ? list.filter((row) => row.id !== event.campaignId)
      : list
  }
  const { campaign } = event
  const others = list.filter((row) => row.id !== campaign.id)
  const at = others.findIndex((row) => compareFlowCampaigns(campaign, row) < 0)
  return others.toSpliced(at === -1 ? others.length : at, 0, campaign)
}

/** Writes one campaign event into the list and the campaign's detail. */
export const writeFlowCampaignEvent = (
  queryClient: QueryClient,
  event: FlowCampaignEvent,
): void => {
  queryClient.setQueryData(flowCampaignQueries.list().queryKey, (list) =>
    applyFlowCampaignEvent(list, event),
  )
  if (event.action === 'delete') {
    queryClient.removeQueries({ queryKey: flowCampaignQueries.detail(event.campaignId).queryKey })
  } else {
    queryClient.setQueryData(flowCampaignQueries.detail(event.campaign.id).queryKey, event.campaign)
  }
}

/**
 * A flow renamed (`company-{id}-flowbuilder`): the campaigns that start it show its new name.
 * The server sends no campaign event for it, since the campaigns themselves did not change.
 */
export const applyFlowRename = (
  list: FlowCampaignDto[] | undefined,
  event: CompanyEventPayloads['flowbuilder'],
): FlowCampaignDto[] | undefined => {
  if (!list || event.action === 'delete') return list
  const { flow } = event
  if (!list.some((row) => row.flowId === flow.id && row.flowName !== flow.name)) return list
  return list.map((row) =>
    row.flowId === flow.id && row.flowName !== flow.name ? { ...row, flowName: flow.name } : row,
  )
}

/** Keeps the phrase campaigns live while their screen is mounted. */
export const useFlowCampaignsRealtime = (): void => {
  const queryClient = useQueryClient()
  useCompanyEvent('flowcampaign', (event) => writeFlowCampaignEvent(queryClient, event))
  useCompanyEvent('flowbuilder', (event) =>
    queryClient.setQueryData(flowCampaignQueries.list().queryKey, (list) =>
      applyFlowRename(list, event),
    ),
  )
}
