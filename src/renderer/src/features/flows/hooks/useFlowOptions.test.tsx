// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import type { ReactNode } from 'react'
import type { Socket } from 'socket.io-client'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { FlowPage } from '@shared/contracts/flows'
import type { SessionUser } from '@shared/contracts/users'
import { companyEvent } from '@shared/realtime/events'
import { http } from '@renderer/lib/http'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { setSocket } from '@renderer/lib/socket'
import { buildSessionUser } from '@tests/renderer/session'
import { useFlowOptions } from '../index'

/** Two pages of flows by name; `names` can change between reads. */
let names = ['Boas-vindas', 'Cobrança', 'Vendas']
const reads: number[] = []
const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
  const pageNumber = Number((config.params as { pageNumber: number }).pageNumber)
  reads.push(pageNumber)
  const rows = names.map((name, index) => ({
    id: index + 1,
    name,
    active: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  }))
  const page: FlowPage =
    pageNumber === 1
      ? { flows: rows.slice(0, 2), count: rows.length, hasMore: true }
      : { flows: rows.slice(2), count: rows.length, hasMore: false }
  const response: AxiosResponse = { status: 200, data: page, statusText: '', headers: {}, config }
  return Promise.resolve(response)
}

type Listener = (payload: unknown) => void
const listeners = new Map<string, Set<Listener>>()
const fakeSocket = {
  on: (name: string, listener: Listener) =>
    listeners.set(name, (listeners.get(name) ?? new Set()).add(listener)),
  off: (name: string, listener: Listener) => listeners.get(name)?.delete(listener),
} as unknown as Socket

const setup = async (user: Partial<SessionUser>, enabled?: boolean) => {
  http.defaults.adapter = adapter
  await startSession({ token: 'access-token', user: buildSessionUser(user) })
  setSocket(fakeSocket)
  const client = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  return renderHook(() => useFlowOptions(enabled), { wrapper })
}

const defaultAdapter = http.defaults.adapter
afterAll(() => {
  http.defaults.adapter = defaultAdapter
})
afterEach(async () => {
  cleanup()
  setSocket(null)
  listeners.clear()
  reads.length = 0
  names = ['Boas-vindas', 'Cobrança', 'Vendas']
  await endSession({ callServer: false })
})

describe('useFlowOptions', () => {
  it('offers every flow of every page, by name, and reads them again on a flow event', async () => {
    const { result } = await setup({ profile: 'admin' })
    expect(result.current.isLoading).toBe(true)
    await waitFor(() =>
      expect(result.current.options).toEqual([
        { value: 1, label: 'Boas-vindas' },
        { value: 2, label: 'Cobrança' },
        { value: 3, label: 'Vendas' },
      ]),
    )
    expect(result.current.isLoading).toBe(false)
    expect(reads).toEqual([1, 2])

    names = ['Boas-vindas', 'Cobrança', 'Vendas online']
    act(() => {
      for (const listener of listeners.get(companyEvent(1, 'flowbuilder')) ?? []) {
        listener({ action: 'delete', flowId: 9 })
      }
    })
    await waitFor(() => expect(result.current.options[2]?.label).toBe('Vendas online'))
    expect(reads).toEqual([1, 2, 1, 2])
  })

  it('reads them for a user allowed to manage connections, for the connection dialog', async () => {
    const { result } = await setup({ profile: 'user', allowConnections: 'enabled' })
    await waitFor(() => expect(result.current.options).toHaveLength(3))
  })

  it('reads nothing for a profile user, or when not enabled', async () => {
    const plain = await setup({ profile: 'user' })
    expect(plain.result.current).toEqual({ options: [], isLoading: false, isError: false })
    cleanup()
    const off = await setup({ profile: 'admin' }, false)
    expect(off.result.current.isLoading).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(reads).toEqual([])
  })
})
