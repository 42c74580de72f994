import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { canManageConnections } from '@shared/permissions'
import { useCan } from '@renderer/hooks/useCan'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { needsAttention } from './connections-attention'
import { shellQueries } from './queries'

/** Connections change in bursts while a session starts; the badge waits for them to settle. */
const SETTLE_MS = 2000

/** Whether the Connections menu entry shows its attention badge (000 §2 Shell). */
export const useConnectionsAttention = (): boolean => {
  const allowed = useCan(canManageConnections)
  const { data } = useQuery({ ...shellQueries.connectionStatuses(), enabled: allowed })
  const queryClient = useQueryClient()
  // Statuses change live from session events (001 §4); the list is read again after each.
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: shellQueries.connectionStatuses().queryKey })
  useCompanyEvent('whatsappSession', refresh)
  useCompanyEvent('whatsapp', refresh)
  const [attention, setAttention] = useState(false)

  useEffect(() => {
    const timer = window.setTimeout(() => setAttention(needsAttention(data ?? [])), SETTLE_MS)
    return () => window.clearTimeout(timer)
  }, [data])

  return allowed && attention
}
