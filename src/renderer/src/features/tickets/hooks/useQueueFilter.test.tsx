// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { buildSessionUser } from '@tests/renderer/session'
import { queueFilterStorageKey } from '../list-filters'
import { ticketQueries } from '../queries'
import { useQueueFilter } from './useQueueFilter'

const QUEUES = [
  { id: 1, name: 'Vendas', color: '#0a7' },
  { id: 2, name: 'Suporte', color: '#07a' },
]
const operator = buildSessionUser({ id: 7, profile: 'admin', queues: [], queueIds: [] })

/** The hook for a signed-in `user`, with the company's queues already answered. */
const renderFilter = async (user = operator) => {
  await startSession({ token: 'access-token', user })
  const queryClient = createQueryClient()
  queryClient.setQueryData(ticketQueries.queues().queryKey, QUEUES)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  return renderHook(() => useQueueFilter(), { wrapper })
}

afterEach(async () => {
  // Unmounted before the session ends: a signed-in hook must not render signed out.
  cleanup()
  window.localStorage.clear()
  await endSession({ callServer: false })
})

describe('the queue filter', () => {
  it('starts an admin without queues on every queue', async () => {
    const { result } = await renderFilter()
    expect(result.current).toMatchObject({ queueIds: [1, 2], ready: true })
  })

  it('remembers the choice per user across visits', async () => {
    const first = await renderFilter()
    act(() => first.result.current.setQueueIds([2]))
    expect(first.result.current.queueIds).toEqual([2])
    first.unmount()

    const again = await renderFilter()
    expect(again.result.current.queueIds).toEqual([2])
    again.unmount()
    // Another user of the same browser keeps his own default.
    const colleague = await renderFilter(buildSessionUser({ id: 8, queueIds: [1] }))
    expect(colleague.result.current.queueIds).toEqual([1])
  })

  it('drops a remembered queue that no longer exists', async () => {
    window.localStorage.setItem(queueFilterStorageKey(operator.id), '[2,99]')
    const { result } = await renderFilter()
    expect(result.current.queueIds).toEqual([2])
  })
})
