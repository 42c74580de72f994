import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { CampaignDto } from '@shared/contracts/campaigns'
import { buildCampaign, buildReport, campaignPage } from '@tests/renderer/campaigns.fixtures'
import { campaignQueries } from './queries'
import { applyCampaignEventToList, writeCampaignEvent, type CampaignsCache } from './realtime'

const cacheOf = (...pages: { records: CampaignDto[]; hasMore: boolean }[]): CampaignsCache => ({
  pages: pages.map(({ records, hasMore }) => ({
    ...campaignPage(records, hasMore),
    count: pages.reduce((sum, page) => sum + page.records.length, 0) + (hasMore ? 20 : 0),
  })),
  pageParams: pages.map((_, index) => index + 1),
})

const names = (cache: CampaignsCache | undefined) =>
  cache?.pages.flatMap((page) => page.records.map((row) => row.name))

const RUNNING = buildCampaign(1, { name: 'Natal', status: 'EM_ANDAMENTO' })
const DRAFT = buildCampaign(2, { name: 'Páscoa' })
const FULL = cacheOf({ records: [RUNNING, DRAFT], hasMore: false })

describe('applyCampaignEventToList (company-{id}-campaign)', () => {
  it('rewrites a row in place when only its progress changes, without reading the list again', () => {
    const progressed = {
      ...RUNNING,
      report: buildReport({ sent: 4, total: 10, progressPercent: 40 }),
    }
    const change = applyCampaignEventToList(FULL, '', { action: 'update', record: progressed })
    expect(change.refetch).toBe(false)
    expect(change.cache?.pages[0]?.records[0]?.report.progressPercent).toBe(40)
    expect(change.cache?.pages[0]?.records[1]).toBe(DRAFT)
  })

  it('shows a new status at once and reads the list again for its new place', () => {
    const finished = { ...RUNNING, status: 'FINALIZADA' as const }
    const change = applyCampaignEventToList(FULL, '', { action: 'update', record: finished })
    expect(change.refetch).toBe(true)
    expect(change.cache?.pages[0]?.records[0]?.status).toBe('FINALIZADA')
  })

  it('reads the list again for a campaign created within its search, not for another', () => {
    const created = buildCampaign(9, { name: 'Natal 2' })
    expect(applyCampaignEventToList(FULL, 'natal', { action: 'create', record: created })).toEqual({
      cache: FULL,
      refetch: true,
    })
    expect(applyCampaignEventToList(FULL, 'páscoa', { action: 'create', record: created })).toEqual(
      { cache: FULL, refetch: false },
    )
  })

  it('drops a row renamed out of the search, and a deleted one, counting it out', () => {
    const renamed = { ...DRAFT, name: 'Carnaval' }
    const searched = cacheOf({ records: [DRAFT], hasMore: false })
    const out = applyCampaignEventToList(searched, 'pás', { action: 'update', record: renamed })
    expect(names(out.cache)).toEqual([])
    expect(out.refetch).toBe(false)
    const deleted = applyCampaignEventToList(FULL, '', { action: 'delete', id: 1 })
    expect(names(deleted.cache)).toEqual(['Páscoa'])
    expect(deleted.cache?.pages[0]?.count).toBe(1)
    // Every page was loaded: nothing shifts on the server.
    expect(deleted.refetch).toBe(false)
  })

  it('reads a partly loaded list again after a delete, since its later pages shift', () => {
    const partial = cacheOf({ records: [RUNNING, DRAFT], hasMore: true })
    expect(applyCampaignEventToList(partial, '', { action: 'delete', id: 2 }).refetch).toBe(true)
    expect(applyCampaignEventToList(partial, '', { action: 'delete', id: 42 })).toEqual({
      cache: partial,
      refetch: false,
    })
  })

  it('leaves the progress of a campaign on a page not loaded to that page', () => {
    const partial = cacheOf({ records: [RUNNING], hasMore: true })
    const elsewhere = buildCampaign(30, { name: 'Outono', status: 'EM_ANDAMENTO' })
    expect(applyCampaignEventToList(partial, '', { action: 'update', record: elsewhere })).toEqual({
      cache: partial,
      refetch: false,
    })
    // With every page loaded, an unknown row that the search keeps belongs among them.
    expect(
      applyCampaignEventToList(FULL, '', { action: 'update', record: elsewhere }).refetch,
    ).toBe(true)
  })
})

describe('writeCampaignEvent', () => {
  it('writes the campaign into every cached list and its detail, and forgets a deleted one', () => {
    const queryClient = new QueryClient()
    const all = campaignQueries.list('').queryKey
    const searched = campaignQueries.list('natal').queryKey
    queryClient.setQueryData(all, FULL)
    queryClient.setQueryData(searched, cacheOf({ records: [RUNNING], hasMore: false }))
    const progressed = { ...RUNNING, report: buildReport({ progressPercent: 75 }) }

    writeCampaignEvent(queryClient, { action: 'update', record: progressed })
    for (const key of [all, searched]) {
      expect(queryClient.getQueryData(key)?.pages[0]?.records[0]?.report.progressPercent).toBe(75)
    }
    expect(queryClient.getQueryData(campaignQueries.detail(1).queryKey)).toBe(progressed)

    writeCampaignEvent(queryClient, { action: 'delete', id: 1 })
    expect(names(queryClient.getQueryData(all))).toEqual(['Páscoa'])
    expect(names(queryClient.getQueryData(searched))).toEqual([])
    expect(queryClient.getQueryData(campaignQueries.detail(1).queryKey)).toBeUndefined()
  })
})
