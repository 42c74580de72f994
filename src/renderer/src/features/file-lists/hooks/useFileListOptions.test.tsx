// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import type { ReactNode } from 'react'
import type { Socket } from 'socket.io-client'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { FileListPage } from '@shared/contracts/file-lists'
import { companyEvent } from '@shared/realtime/events'
import { http } from '@renderer/lib/http'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { setSocket } from '@renderer/lib/socket'
import { fileList, fileListSummary } from '@tests/renderer/file-lists.fixtures'
import { buildSessionUser } from '@tests/renderer/session'
import { useFileListOptions } from '../index'

/** Two pages of lists by name; `names` can change between reads. */
let names = ['Boas-vindas', 'Catálogo', 'Tabela']
const reads: number[] = []
const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
  const pageNumber = Number((config.params as { pageNumber: number }).pageNumber)
  reads.push(pageNumber)
  const rows = names.map((name, index) => fileListSummary(fileList(index + 1, { name })))
  const page: FileListPage =
    pageNumber === 1
      ? { files: rows.slice(0, 2), count: rows.length, hasMore: true }
      : { files: rows.slice(2), count: rows.length, hasMore: false }
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

const setup = async (profile: 'admin' | 'user', enabled = true) => {
  http.defaults.adapter = adapter
  await startSession({ token: 'access-token', user: buildSessionUser({ profile }) })
  setSocket(fakeSocket)
  const client = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  return renderHook(() => useFileListOptions(enabled), { wrapper })
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
  names = ['Boas-vindas', 'Catálogo', 'Tabela']
  await endSession({ callServer: false })
})

describe('useFileListOptions', () => {
  it('offers every list of every page, by name, and reads them again on a file event', async () => {
    const { result } = await setup('admin')
    expect(result.current.isLoading).toBe(true)
    await waitFor(() =>
      expect(result.current.options).toEqual([
        { value: 1, label: 'Boas-vindas' },
        { value: 2, label: 'Catálogo' },
        { value: 3, label: 'Tabela' },
      ]),
    )
    expect(result.current.isLoading).toBe(false)
    expect(reads).toEqual([1, 2])

    names = ['Boas-vindas', 'Cardápio', 'Tabela']
    act(() => {
      for (const listener of listeners.get(companyEvent(1, 'file')) ?? []) {
        listener({ action: 'update', files: fileList(2, { name: 'Cardápio' }) })
      }
    })
    await waitFor(() => expect(result.current.options[1]?.label).toBe('Cardápio'))
  })

  it('reads nothing when disabled or for a profile user', async () => {
    const disabled = await setup('admin', false)
    expect(disabled.result.current).toEqual({ options: [], isLoading: false })
    cleanup()
    await endSession({ callServer: false })
    const user = await setup('user')
    expect(user.result.current).toEqual({ options: [], isLoading: false })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(reads).toEqual([])
  })
})
