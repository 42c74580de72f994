import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { CampaignDto, CampaignPage } from '@shared/contracts/campaigns'
import type { CompanyEventPayloads } from '@shared/realtime/events'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { mapPagedRows } from '@renderer/lib/paged-cache'
import { hasMorePages, searchParamOf } from '@renderer/lib/paged-list'
import { campaignQueries } from './queries'

export type CampaignEvent = CompanyEventPayloads['campaign']
export type CampaignsCache = InfiniteData<CampaignPage, number>

/** 002 §4.1: the report reloads this long after a live FINALIZADA update. */
export const REPORT_RELOAD_MS = 5_000

/** Whether the server's search (the name contains it, any case) keeps `campaign`. */
export const matchesSearch = (campaign: { name: string }, searchParam: string): boolean =>
  searchParam === '' || campaign.name.toLowerCase().includes(searchParam.toLowerCase())

/** The list is ordered by status, then schedule: a row keeps its place while both stay. */
const samePlace = (a: CampaignDto, b: CampaignDto) =>
  a.status === b.status && a.scheduledAt === b.scheduledAt

const findRow = (cache: CampaignsCache, id: number) =>
  cache.pages.flatMap((page) => page.records).find((row) => row.id === id)

/** What one event does to a cached list: its rows now, and whether it must be read again. */
export interface CampaignListChange {
  cache: CampaignsCache | undefined
  refetch: boolean
}

/**
 * Applies one `company-{id}-campaign` event to a cached list searched by `searchParam`. A row
 * that keeps its place (progress, a rename within the search) is replaced where it is; a row
 * deleted or renamed out of the search is removed. Where the row's place in the server's order
 * changes or is unknown (a new campaign, a new status or schedule), the list is read again: the
 * cache is not trusted to reproduce that order. A row not loaded while pages remain is left to
 * those pages, so progress of a campaign further down costs no request.
 */
export const applyCampaignEventToList = (
  cache: CampaignsCache | undefined,
  searchParam: string,
  event: CampaignEvent,
): CampaignListChange => {
  if (!cache) return { cache, refetch: false }
  if (event.action === 'delete') {
    const next = mapPagedRows(cache, 'records', (row) => (row.id === event.id ? null : row))
    // The pages after a removed row start one row earlier on the server.
    return { cache: next, refetch: next !== cache && hasMorePages(cache) }
  }
  const { record } = event
  const kept = matchesSearch(record, searchParam)
  const current = findRow(cache, record.id)
  if (!current) {
    if (!kept) return { cache, refetch: false }
    return { cache, refetch: event.action === 'create' || !hasMorePages(cache) }
  }
  if (!kept) {
    const next = mapPagedRows(cache, 'records', (row) => (row.id === record.id ? null : row))
    return { cache: next, refetch: hasMorePages(cache) }
  }
  const next = mapPagedRows(cache, 'records', (row) => (row.id === record.id ? record : row))
  return { cache: next, refetch: !samePlace(current, record) }
}

/** Writes one campaign event into every cached list and the campaign's detail. */
export const writeCampaignEvent = (queryClient: QueryClient, event: CampaignEvent): void => {
  const lists = queryClient.getQueriesData<CampaignsCache>({ queryKey: campaignQueries.lists() })
  for (const [key, cache] of lists) {
    const change = applyCampaignEventToList(cache, searchParamOf(key), event)
    if (change.cache !== cache) queryClient.setQueryData(key, change.cache)
    if (change.refetch) void queryClient.invalidateQueries({ queryKey: key, exact: true })
  }
  if (event.action === 'delete') {
    queryClient.removeQueries({ queryKey: campaignQueries.detail(event.id).queryKey })
  } else {
    queryClient.setQueryData(campaignQueries.detail(event.record.id).queryKey, event.record)
  }
}

/** Keeps the campaign settings' rows (the dialog's custom variables) live. */
const useCampaignSettingsRealtime = (): void => {
  const queryClient = useQueryClient()
  useCompanyEvent('campaignSettings', (event) =>
    queryClient.setQueryData(campaignQueries.settings().queryKey, event.record),
  )
}

/** Keeps the campaign caches live while the campaigns screen is mounted. */
export const useCampaignsRealtime = (): void => {
  const queryClient = useQueryClient()
  useCompanyEvent('campaign', (event) => writeCampaignEvent(queryClient, event))
  useCampaignSettingsRealtime()
}

/**
 * Keeps one campaign's report live: every update rewrites its figures, and a FINALIZADA update
 * reads the campaign and its recipients again 5 s later (002 §4.1), once the last sends'
 * acknowledgements have had time to arrive.
 */
export const useCampaignReportRealtime = (campaignId: number): void => {
  const queryClient = useQueryClient()
  const reload = useRef<ReturnType<typeof setTimeout> | null>(null)
  useCompanyEvent('campaign', (event) => {
    writeCampaignEvent(queryClient, event)
    if (event.action !== 'update' || event.record.id !== campaignId) return
    if (event.record.status !== 'FINALIZADA') return
    if (reload.current !== null) clearTimeout(reload.current)
    reload.current = setTimeout(() => {
      reload.current = null
      void queryClient.invalidateQueries({ queryKey: campaignQueries.detail(campaignId).queryKey })
      void queryClient.invalidateQueries({ queryKey: campaignQueries.shippings(campaignId) })
    }, REPORT_RELOAD_MS)
  })
  useEffect(
    () => () => {
      if (reload.current !== null) clearTimeout(reload.current)
    },
    [campaignId],
  )
}
