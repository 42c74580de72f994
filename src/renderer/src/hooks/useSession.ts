import { useSyncExternalStore } from 'react'
import type { SessionUser } from '@shared/contracts/users'
import { getSession, subscribeSession, type SessionState } from '../lib/session'

/** The session: restoring at start-up, then signed out or signed in with the session user. */
export const useSession = (): SessionState =>
  useSyncExternalStore(subscribeSession, getSession, getSession)

/**
 * The signed-in user. Only for components under the private routes, which render while signed
 * in; anywhere else it throws, which is a programming error.
 */
export const useCurrentUser = (): SessionUser => {
  const session = useSession()
  if (session.status !== 'signed-in') throw new Error('useCurrentUser outside a signed-in route')
  return session.user
}
