// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import type { ReactNode } from 'react'
import { afterAll, describe, expect, it } from 'vitest'
import type { ContactDto, TagRef } from '@shared/contracts/contacts'
import type { SyncContactTagsBody } from '@shared/contracts/tags'
import { http } from '@renderer/lib/http'
import { buildContact } from '@tests/renderer/tickets.fixtures'
import { useEditContactTagsMutation } from './mutations'

const VIP: TagRef = { id: 1, name: 'VIP', color: '#FF0000' }

/**
 * POST /tags/sync as the server does it: the body replaces the contact's tags (a new name gets
 * the next id). Each answer takes a while, so a second edit can be made before the first lands.
 */
const serve = () => {
  const bodies: SyncContactTagsBody[] = []
  let nextId = 10
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const body = JSON.parse(String(config.data)) as SyncContactTagsBody
    bodies.push(body)
    await new Promise((resolve) => setTimeout(resolve, 30))
    const tags = body.tags.map((tag) =>
      tag.id !== undefined
        ? { id: tag.id, name: tag.id === VIP.id ? VIP.name : `#${tag.id}`, color: '#000000' }
        : { id: nextId++, name: tag.name ?? '', color: tag.color ?? '#000000' },
    )
    const contact: ContactDto = buildContact({ id: 7, tags })
    const response: AxiosResponse = {
      status: 200,
      data: contact,
      statusText: '',
      headers: {},
      config,
    }
    return response
  }
  http.defaults.adapter = adapter
  return bodies
}

const defaultAdapter = http.defaults.adapter
afterAll(() => {
  http.defaults.adapter = defaultAdapter
})

describe('useEditContactTagsMutation', () => {
  it('keeps a tag picked just before another edit, although both were made from no tags', async () => {
    const bodies = serve()
    const client = new QueryClient()
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    )
    const { result } = renderHook(() => useEditContactTagsMutation(7), { wrapper })

    // Both edits start from the tags shown then: none. The second is made before the first lands.
    result.current.mutate({ edit: { add: [VIP], remove: [] }, shown: [] })
    result.current.mutate({
      edit: { add: [{ id: null, name: 'Urgente', color: '#00FF00' }], remove: [] },
      shown: [],
    })

    await waitFor(() => expect(bodies).toHaveLength(2))
    expect(bodies[1]).toEqual({
      contactId: 7,
      tags: [{ id: VIP.id }, { name: 'Urgente', color: '#00FF00' }],
    })
    await waitFor(() =>
      expect(result.current.data?.tags.map((tag) => tag.name)).toEqual(['VIP', 'Urgente']),
    )
  })
})
