import { useQuery } from '@tanstack/react-query'
import type { QueueSummary } from '@shared/contracts/users'
import { isAdmin } from '@shared/permissions'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { ticketQueries } from '../queries'

/**
 * Queues the user may pick: `all` of the company (transfer destinations), or `mine` (his own;
 * every queue for an admin). Until GET /queue answers, or if it fails, his session's queues.
 */
export const useQueueChoices = (scope: 'all' | 'mine'): { queues: QueueSummary[] } => {
  const user = useCurrentUser()
  const query = useQuery(ticketQueries.queues())
  const all = query.data ?? user.queues
  const queues =
    scope === 'all' || isAdmin(user) ? all : all.filter((queue) => user.queueIds.includes(queue.id))
  return { queues }
}
