import { lazy, Suspense, useEffect } from 'react'
import { Navigate, Outlet } from 'react-router'
import { useSession } from '@renderer/hooks/useSession'
import { clearLanding } from '@renderer/lib/session'

/** The socket client is loaded with the first private page, not with the login page. */
const RealtimeBridge = lazy(() =>
  import('../shell/RealtimeBridge').then((m) => ({ default: m.RealtimeBridge })),
)

/** Public pages: a signed-in visitor goes to / (or /tickets right after signing in). */
export const PublicOnly = () => {
  const session = useSession()
  if (session.status === 'signed-in') return <Navigate to={session.landing ?? '/'} replace />
  return <Outlet />
}

/** Private pages: a signed-out visitor goes to /login. The socket lives while signed in. */
export const RequireSession = () => {
  const session = useSession()
  const signedIn = session.status === 'signed-in'
  useEffect(() => {
    if (signedIn) clearLanding()
  }, [signedIn])
  if (!signedIn) return <Navigate to="/login" replace />
  return (
    <>
      <Suspense fallback={null}>
        <RealtimeBridge />
      </Suspense>
      <Outlet />
    </>
  )
}
