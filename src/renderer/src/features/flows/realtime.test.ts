import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { FlowDto } from '@shared/contracts/flows'
import { flowQueries } from './queries'
import { applyFlowEventToList, writeFlowEvent, type FlowsListCache } from './realtime'

const flow = (id: number, name: string, overrides: Partial<FlowDto> = {}): FlowDto => ({
  id,
  name,
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
})

/** The list by name on one page (ids as given), `hasMore` when pages follow. */
const buildCache = (
  rows: [number, string][],
  hasMore = false,
  count = rows.length,
): FlowsListCache => ({
  pages: [{ flows: rows.map(([id, name]) => flow(id, name)), count, hasMore }],
  pageParams: [1],
})

const BCD: [number, string][] = [
  [1, 'Boas-vindas'],
  [2, 'Cobrança'],
  [3, 'Desconto'],
]

const names = (cache: FlowsListCache | undefined) =>
  cache?.pages.flatMap((page) => page.flows.map((row) => row.name))
const counts = (cache: FlowsListCache | undefined) => cache?.pages.map((page) => page.count)

describe('applyFlowEventToList (company-{id}-flowbuilder)', () => {
  it('puts a created flow in name order, any case and accent, and counts it', () => {
    const next = applyFlowEventToList(buildCache(BCD), '', {
      action: 'create',
      flow: flow(9, 'cardápio'),
    })
    expect(names(next)).toEqual(['Boas-vindas', 'cardápio', 'Cobrança', 'Desconto'])
    expect(counts(next)).toEqual([4])
  })

  it('appends a flow named after every row only when no page follows, counting it either way', () => {
    const event = { action: 'create' as const, flow: flow(9, 'Zeladoria') }
    expect(names(applyFlowEventToList(buildCache(BCD), '', event))).toEqual([
      'Boas-vindas',
      'Cobrança',
      'Desconto',
      'Zeladoria',
    ])
    const partial = applyFlowEventToList(buildCache(BCD, true, 30), '', event)
    expect(names(partial)).toEqual(['Boas-vindas', 'Cobrança', 'Desconto'])
    expect(counts(partial)).toEqual([31])
  })

  it('leaves a created flow out of a search it does not match', () => {
    const cache = buildCache(BCD)
    const event = { action: 'create' as const, flow: flow(9, 'Cardápio') }
    expect(applyFlowEventToList(cache, 'boa', event)).toBe(cache)
    expect(names(applyFlowEventToList(cache, 'CARD', event))).toContain('Cardápio')
  })

  it('does not insert twice the flow its own save already wrote', () => {
    const next = applyFlowEventToList(buildCache(BCD), '', {
      action: 'create',
      flow: flow(2, 'Cobrança', { active: false }),
    })
    expect(names(next)).toEqual(['Boas-vindas', 'Cobrança', 'Desconto'])
    expect(next?.pages[0]?.flows[1]?.active).toBe(false)
    expect(counts(next)).toEqual([3])
  })

  it('replaces an updated flow in place, and moves a renamed one to its place', () => {
    const cache = buildCache(BCD)
    const inPlace = applyFlowEventToList(cache, '', {
      action: 'update',
      flow: flow(2, 'Cobrança', { active: false }),
    })
    expect(inPlace?.pages[0]?.flows[1]).toMatchObject({ id: 2, active: false })
    const moved = applyFlowEventToList(cache, '', { action: 'update', flow: flow(1, 'Zeladoria') })
    expect(names(moved)).toEqual(['Cobrança', 'Desconto', 'Zeladoria'])
    expect(counts(moved)).toEqual([3])
  })

  it('drops a flow renamed out of the search, and takes in one renamed into it', () => {
    const cache = buildCache([
      [1, 'Vendas'],
      [2, 'Vendas online'],
    ])
    const out = applyFlowEventToList(cache, 'vend', { action: 'update', flow: flow(2, 'Loja') })
    expect(names(out)).toEqual(['Vendas'])
    expect(counts(out)).toEqual([1])
    const into = applyFlowEventToList(cache, 'vend', {
      action: 'update',
      flow: flow(7, 'Vendas de Natal'),
    })
    expect(names(into)).toEqual(['Vendas', 'Vendas de Natal', 'Vendas online'])
  })

  it('removes a deleted flow, and returns the same cache for one it does not hold', () => {
    const cache = buildCache(BCD)
    const next = applyFlowEventToList(cache, '', { action: 'delete', flowId: 2 })
    expect(names(next)).toEqual(['Boas-vindas', 'Desconto'])
    expect(counts(next)).toEqual([2])
    expect(applyFlowEventToList(cache, '', { action: 'delete', flowId: 42 })).toBe(cache)
  })
})

describe('writeFlowEvent', () => {
  it('rewrites every cached search and refetches a list whose pages would shift', () => {
    const queryClient = new QueryClient()
    const all = flowQueries.list('').queryKey
    const searched = flowQueries.list('co').queryKey
    queryClient.setQueryData(all, buildCache(BCD, true, 30))
    queryClient.setQueryData(searched, buildCache([[2, 'Cobrança']]))

    writeFlowEvent(queryClient, { action: 'delete', flowId: 2 })

    expect(names(queryClient.getQueryData<FlowsListCache>(all))).toEqual([
      'Boas-vindas',
      'Desconto',
    ])
    expect(names(queryClient.getQueryData<FlowsListCache>(searched))).toEqual([])
    // Pages follow the first one: a row gone from it moves the next page's first row up.
    expect(queryClient.getQueryState(all)?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(searched)?.isInvalidated).toBe(false)
  })

  it('reads the pickers’ list again', () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(flowQueries.options().queryKey, [flow(1, 'Boas-vindas')])
    writeFlowEvent(queryClient, { action: 'create', flow: flow(9, 'Cobrança') })
    expect(queryClient.getQueryState(flowQueries.options().queryKey)?.isInvalidated).toBe(true)
  })
})
