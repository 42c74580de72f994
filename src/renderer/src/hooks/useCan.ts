import type { SessionUser } from '@shared/contracts/users'
import { hasPermission, type Permission } from '@shared/permissions'
import { useSession } from './useSession'

export type Check = Permission | ((user: SessionUser) => boolean)

/**
 * Whether the signed-in user passes a check: a static permission (`useCan('user-modal:editQueues')`)
 * or one of the pure checks of shared/permissions (`useCan(canViewDashboard)`). It only hides;
 * the server decides.
 */
export const useCan = (check: Check): boolean => {
  const session = useSession()
  if (session.status !== 'signed-in') return false
  return typeof check === 'function' ? check(session.user) : hasPermission(session.user, check)
}
