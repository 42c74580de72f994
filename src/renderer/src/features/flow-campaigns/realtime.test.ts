import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { FlowCampaignDto } from '@shared/contracts/flow-campaigns'
import { flowCampaignQueries } from './queries'
import { applyFlowCampaignEvent, applyFlowRename, writeFlowCampaignEvent } from './realtime'

const campaign = (id: number, name: string, overrides: Partial<FlowCampaignDto> = {}) =>
  ({
    id,
    name,
    phrase: 'oi',
    flowId: 1,
    flowName: 'Boas-vindas',
    whatsappId: 5,
    status: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }) satisfies FlowCampaignDto

const LIST = [campaign(1, 'Boleto'), campaign(2, 'Natal'), campaign(3, 'Promoção')]
const names = (list: FlowCampaignDto[] | undefined) => list?.map((row) => row.name)

describe('applyFlowCampaignEvent (company-{id}-flowcampaign)', () => {
  it('puts a created campaign in name order, any case and accent', () => {
    const next = applyFlowCampaignEvent(LIST, {
      action: 'create',
      campaign: campaign(9, 'cobrança'),
    })
    expect(names(next)).toEqual(['Boleto', 'cobrança', 'Natal', 'Promoção'])
    expect(
      names(applyFlowCampaignEvent(LIST, { action: 'create', campaign: campaign(9, 'Zé') })),
    ).toEqual(['Boleto', 'Natal', 'Promoção', 'Zé'])
  })

  it('replaces an updated campaign, moving it when renamed, never twice', () => {
    const inPlace = applyFlowCampaignEvent(LIST, {
      action: 'update',
      campaign: campaign(2, 'Natal', { status: false }),
    })
    expect(names(inPlace)).toEqual(['Boleto', 'Natal', 'Promoção'])
    expect(inPlace?.[1]?.status).toBe(false)
    const moved = applyFlowCampaignEvent(LIST, {
      action: 'create',
      campaign: campaign(1, 'Zeladoria'),
    })
    expect(names(moved)).toEqual(['Natal', 'Promoção', 'Zeladoria'])
  })

  it('removes a deleted campaign, and keeps the same list for one it does not hold', () => {
    expect(names(applyFlowCampaignEvent(LIST, { action: 'delete', campaignId: 2 }))).toEqual([
      'Boleto',
      'Promoção',
    ])
    expect(applyFlowCampaignEvent(LIST, { action: 'delete', campaignId: 42 })).toBe(LIST)
    expect(applyFlowCampaignEvent(undefined, { action: 'delete', campaignId: 2 })).toBeUndefined()
  })
})

describe('applyFlowRename (company-{id}-flowbuilder)', () => {
  const flow = (id: number, name: string) => ({
    id,
    name,
    active: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  })
  const list = [campaign(1, 'Boleto'), campaign(2, 'Natal', { flowId: 2, flowName: 'Natal' })]

  it('shows the new name of a renamed flow on the campaigns that start it', () => {
    const next = applyFlowRename(list, { action: 'update', flow: flow(2, 'Natal 2026') })
    expect(next?.map((row) => row.flowName)).toEqual(['Boas-vindas', 'Natal 2026'])
  })

  it('keeps the same list when no campaign shows another name', () => {
    expect(applyFlowRename(list, { action: 'update', flow: flow(1, 'Boas-vindas') })).toBe(list)
    expect(applyFlowRename(list, { action: 'create', flow: flow(7, 'Novo') })).toBe(list)
    expect(applyFlowRename(list, { action: 'delete', flowId: 1 })).toBe(list)
  })
})

describe('writeFlowCampaignEvent', () => {
  it('writes the list and the detail, and forgets a deleted campaign', () => {
    const queryClient = new QueryClient()
    const listKey = flowCampaignQueries.list().queryKey
    queryClient.setQueryData(listKey, LIST)
    queryClient.setQueryData(flowCampaignQueries.detail(2).queryKey, LIST[1])

    const renamed = campaign(2, 'Ano novo')
    writeFlowCampaignEvent(queryClient, { action: 'update', campaign: renamed })
    expect(names(queryClient.getQueryData(listKey))).toEqual(['Ano novo', 'Boleto', 'Promoção'])
    expect(queryClient.getQueryData(flowCampaignQueries.detail(2).queryKey)).toEqual(renamed)

    writeFlowCampaignEvent(queryClient, { action: 'delete', campaignId: 2 })
    expect(names(queryClient.getQueryData(listKey))).toEqual(['Boleto', 'Promoção'])
    expect(queryClient.getQueryData(flowCampaignQueries.detail(2).queryKey)).toBeUndefined()
  })
})
