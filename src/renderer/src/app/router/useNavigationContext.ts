import { useQuery } from '@tanstack/react-query'
import type { NavigationContext } from '@shared/navigation'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { shellQueries } from '../shell/queries'
import { cshowEnabled } from './cshow'

/** What the menu and route gates read: the session user, the plan flags, helps and cshow. */
export const useNavigationContext = (): NavigationContext => {
  const user = useCurrentUser()
  const { data: helps } = useQuery(shellQueries.helps())
  return {
    user,
    plan: user.company.plan,
    hasHelps: (helps?.length ?? 0) > 0,
    cshow: cshowEnabled,
  }
}
