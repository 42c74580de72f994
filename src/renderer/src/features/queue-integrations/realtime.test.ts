import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { integration } from '@tests/renderer/queue-integrations.fixtures'
import { integrationQueries } from './queries'
import {
  applyIntegrationEventToList,
  writeIntegrationEvent,
  type IntegrationsListCache,
} from './realtime'

/** The list newest first: `ids` on one page, `hasMore` when pages follow. */
const buildCache = (ids: number[], hasMore = false, count = ids.length): IntegrationsListCache => ({
  pages: [{ queueIntegrations: ids.map((id) => integration(id)), count, hasMore }],
  pageParams: [1],
})

const ids = (cache: IntegrationsListCache | undefined) =>
  cache?.pages.flatMap((page) => page.queueIntegrations.map((row) => row.id))

describe('applyIntegrationEventToList (company-{id}-queueIntegration)', () => {
  it('puts a created integration first, the list being newest first, and counts it', () => {
    const next = applyIntegrationEventToList(buildCache([2, 1]), '', {
      action: 'create',
      queueIntegration: integration(3),
    })
    expect(ids(next)).toEqual([3, 2, 1])
    expect(next?.pages[0]?.count).toBe(3)
  })

  it('leaves a created integration out of a search it does not match', () => {
    const cache = buildCache([2, 1])
    const event = {
      action: 'create' as const,
      queueIntegration: integration(3, { name: 'Typebot' }),
    }
    expect(applyIntegrationEventToList(cache, 'n8n', event)).toBe(cache)
    expect(ids(applyIntegrationEventToList(cache, 'TYPE', event))).toEqual([3, 2, 1])
  })

  it('does not insert twice the integration its own save already wrote', () => {
    const cache = buildCache([3, 2, 1])
    const next = applyIntegrationEventToList(cache, '', {
      action: 'create',
      queueIntegration: integration(3, { name: 'Pedidos' }),
    })
    expect(ids(next)).toEqual([3, 2, 1])
    expect(next?.pages[0]?.queueIntegrations[0]?.name).toBe('Pedidos')
    expect(next?.pages[0]?.count).toBe(3)
  })

  it('replaces an updated integration in place', () => {
    const renamed = integration(2, { name: 'Pedidos', type: 'webhook' })
    const next = applyIntegrationEventToList(buildCache([3, 2, 1]), '', {
      action: 'update',
      queueIntegration: renamed,
    })
    expect(ids(next)).toEqual([3, 2, 1])
    expect(next?.pages[0]?.queueIntegrations[1]).toEqual(renamed)
  })

  it('drops a row renamed out of the search', () => {
    const next = applyIntegrationEventToList(buildCache([3, 2, 1]), 'integração', {
      action: 'update',
      queueIntegration: integration(2, { name: 'Pedidos' }),
    })
    expect(ids(next)).toEqual([3, 1])
    expect(next?.pages[0]?.count).toBe(2)
  })

  it('removes a deleted integration and lowers the count', () => {
    const next = applyIntegrationEventToList(buildCache([3, 2, 1]), '', {
      action: 'delete',
      integrationId: 2,
    })
    expect(ids(next)).toEqual([3, 1])
    expect(next?.pages[0]?.count).toBe(2)
  })

  it('returns the same cache for events about rows it does not hold', () => {
    const cache = buildCache([3, 2, 1])
    expect(applyIntegrationEventToList(cache, '', { action: 'delete', integrationId: 9 })).toBe(
      cache,
    )
    expect(
      applyIntegrationEventToList(cache, '', {
        action: 'update',
        queueIntegration: integration(9),
      }),
    ).toBe(cache)
  })
})

describe('writeIntegrationEvent', () => {
  const seed = (hasMore = false) => {
    const queryClient = new QueryClient()
    const listKey = integrationQueries.list('').queryKey
    const searchKey = integrationQueries.list('pedidos').queryKey
    queryClient.setQueryData(listKey, buildCache([2, 1], hasMore, hasMore ? 30 : 2))
    queryClient.setQueryData(searchKey, buildCache([], false))
    queryClient.setQueryData(integrationQueries.detail(2).queryKey, integration(2))
    return { queryClient, listKey, searchKey }
  }

  it('writes a create into the lists it matches, without a refetch while all is loaded', () => {
    const { queryClient, listKey, searchKey } = seed()
    writeIntegrationEvent(queryClient, {
      action: 'create',
      queueIntegration: integration(3, { name: 'Pedidos' }),
    })
    expect(ids(queryClient.getQueryData(listKey))).toEqual([3, 2, 1])
    expect(ids(queryClient.getQueryData(searchKey))).toEqual([3])
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(false)
    expect(queryClient.getQueryData(integrationQueries.detail(3).queryKey)).toMatchObject({
      name: 'Pedidos',
    })
  })

  it('refetches a list with pages still to load, whose positions a create shifts', () => {
    const { queryClient, listKey } = seed(true)
    writeIntegrationEvent(queryClient, { action: 'create', queueIntegration: integration(3) })
    expect(ids(queryClient.getQueryData(listKey))).toEqual([3, 2, 1])
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true)
  })

  it('writes an update into the list and the detail', () => {
    const { queryClient, listKey } = seed()
    const renamed = integration(2, { name: 'Atendimento' })
    writeIntegrationEvent(queryClient, { action: 'update', queueIntegration: renamed })
    expect(
      queryClient.getQueryData<IntegrationsListCache>(listKey)?.pages[0]?.queueIntegrations[0],
    ).toEqual(renamed)
    expect(queryClient.getQueryData(integrationQueries.detail(2).queryKey)).toEqual(renamed)
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(false)
  })

  it('refetches a search an update brings a row into, its place being unknown', () => {
    const { queryClient, searchKey } = seed()
    writeIntegrationEvent(queryClient, {
      action: 'update',
      queueIntegration: integration(1, { name: 'Pedidos' }),
    })
    expect(queryClient.getQueryState(searchKey)?.isInvalidated).toBe(true)
  })

  it('removes a deleted integration from the lists and drops its detail', () => {
    const { queryClient, listKey } = seed()
    writeIntegrationEvent(queryClient, { action: 'delete', integrationId: 2 })
    expect(ids(queryClient.getQueryData(listKey))).toEqual([1])
    expect(queryClient.getQueryData(integrationQueries.detail(2).queryKey)).toBeUndefined()
  })
})
