import { useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { ticketQueries } from '../queries'
import type { TransitionRefs } from '../transitions'
import { useQueueChoices } from './useQueueChoices'

/**
 * The user and queue names a transition's expected ticket shows, from what the client already
 * holds: the signed-in user, the company's queues, and the attendants the transfer dialog read.
 */
export const useTransitionRefs = (): TransitionRefs => {
  const me = useCurrentUser()
  const queryClient = useQueryClient()
  const { queues } = useQueueChoices('all')
  return useMemo(
    () => ({
      user: (id) => {
        if (id === me.id) return { id: me.id, name: me.name }
        const users = queryClient.getQueryData(ticketQueries.users().queryKey) ?? []
        const user = users.find((candidate) => candidate.id === id)
        return user ? { id: user.id, name: user.name } : null
      },
      queue: (id) => {
        const queue = queues.find((candidate) => candidate.id === id)
        return queue ? { id: queue.id, name: queue.name, color: queue.color } : null
      },
    }),
    [me.id, me.name, queryClient, queues],
  )
}
