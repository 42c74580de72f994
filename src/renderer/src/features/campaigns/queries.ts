import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { ShippingState } from '@shared/contracts/campaigns'
import { nextPageNumber } from '@renderer/lib/paged-list'
import {
  getCampaign,
  listCampaigns,
  listCampaignSettings,
  listContactListOptions,
  listQueueOptions,
  listShipping,
  listTagOptions,
  listWhatsappTemplates,
  searchUsers,
} from './api'

/**
 * Query keys and options of the campaign screens; every key starts with `campaigns`
 * (`all` ⊃ `lists` ⊃ `list(search)`, `all` ⊃ `details` ⊃ `detail(id)`,
 * `all` ⊃ `shippings(id)` ⊃ `shipping(id, state)`, and the dialog's choices).
 */
export const campaignQueries = {
  all: () => ['campaigns'] as const,
  lists: () => [...campaignQueries.all(), 'list'] as const,
  /** The paged list for one search; a superseded search's request is cancelled by its signal. */
  list: (searchParam: string) =>
    infiniteQueryOptions({
      queryKey: [...campaignQueries.lists(), { searchParam }] as const,
      queryFn: ({ pageParam, signal }) =>
        listCampaigns({ searchParam, pageNumber: pageParam }, signal),
      initialPageParam: 1,
      getNextPageParam: nextPageNumber,
    }),
  details: () => [...campaignQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...campaignQueries.details(), id] as const,
      queryFn: ({ signal }) => getCampaign(id, signal),
    }),
  shippings: (id: number) => [...campaignQueries.all(), 'shipping', id] as const,
  /** A campaign's recipients page by page, all of them or those in one state. */
  shipping: (id: number, state: ShippingState | null) =>
    infiniteQueryOptions({
      queryKey: [...campaignQueries.shippings(id), { state }] as const,
      queryFn: ({ pageParam, signal }) =>
        listShipping(id, { pageNumber: pageParam, state }, signal),
      initialPageParam: 1,
      getNextPageParam: nextPageNumber,
    }),
  /** The stored settings rows; the dialog reads the custom variables from them. */
  settings: () =>
    queryOptions({
      queryKey: [...campaignQueries.all(), 'settings'] as const,
      queryFn: ({ signal }) => listCampaignSettings(signal),
    }),
  contactLists: () =>
    queryOptions({
      queryKey: [...campaignQueries.all(), 'contactLists'] as const,
      queryFn: ({ signal }) => listContactListOptions(signal),
    }),
  tags: () =>
    queryOptions({
      queryKey: [...campaignQueries.all(), 'tags'] as const,
      queryFn: ({ signal }) => listTagOptions(signal),
    }),
  queues: () =>
    queryOptions({
      queryKey: [...campaignQueries.all(), 'queues'] as const,
      queryFn: ({ signal }) => listQueueOptions(signal),
    }),
  /** The approved templates of a Cloud API connection, as Meta lists them now. */
  templates: (whatsappId: number) =>
    queryOptions({
      queryKey: [...campaignQueries.all(), 'templates', { whatsappId }] as const,
      queryFn: ({ signal }) => listWhatsappTemplates({ whatsappId }, signal),
    }),
  /** Users whose name has `searchParam` (asked from 3 characters, 002 §5). */
  users: (searchParam: string) =>
    queryOptions({
      queryKey: [...campaignQueries.all(), 'users', searchParam] as const,
      queryFn: ({ signal }) => searchUsers(searchParam, signal),
    }),
}
