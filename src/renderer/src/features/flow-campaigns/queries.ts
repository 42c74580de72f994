import { queryOptions } from '@tanstack/react-query'
import { getFlowCampaign, listFlowCampaigns } from './api'

/**
 * Query keys and options of the phrase campaigns screen; every key starts with `flowCampaigns`
 * (`all` ⊃ `list`, `all` ⊃ `details` ⊃ `detail(id)`).
 */
export const flowCampaignQueries = {
  all: () => ['flowCampaigns'] as const,
  /** Every campaign of the company, by name: the list is not paged. */
  list: () =>
    queryOptions({
      queryKey: [...flowCampaignQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => listFlowCampaigns(signal),
    }),
  details: () => [...flowCampaignQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...flowCampaignQueries.details(), id] as const,
      queryFn: ({ signal }) => getFlowCampaign(id, signal),
    }),
}
