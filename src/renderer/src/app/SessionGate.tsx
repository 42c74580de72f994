import { useEffect, type ReactNode } from 'react'
import { FullPageSpinner } from '../components/FullPageSpinner'
import { useSession } from '../hooks/useSession'
import { restoreSession } from '../lib/session'

/** Restores the session from the refresh credential before any route is shown. */
export const SessionGate = ({ children }: { children: ReactNode }) => {
  const session = useSession()

  useEffect(() => {
    void restoreSession()
  }, [])

  if (session.status === 'restoring') return <FullPageSpinner />
  return children
}
