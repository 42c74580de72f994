import { Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate } from 'react-router'
import { passesGate, type NavigationContext, type RouteDef, type RouteId } from '@shared/navigation'
import { planAllows } from '@shared/permissions'
import { NoAccess } from '@renderer/components/NoAccess'
import { PageSpinner } from '@renderer/components/PageSpinner'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { notify } from '@renderer/lib/notify'
import { subscriptionState } from '@renderer/lib/subscription'
import { ComingSoonPage } from '../pages/ComingSoonPage'
import { useNavigationContext } from './useNavigationContext'

/** Pages that exist; every other route shows the coming-soon placeholder, never fake data. */
export type PageRegistry = Partial<Record<RouteId, LazyExoticComponent<ComponentType>>>

/** Where the spec redirects instead of showing the placeholder, after a 1 s notice (002 §2). */
const REDIRECT_DELAY_MS = 1000

const DeniedRedirect = ({ to, notice = 'ERR_NO_PERMISSION' }: { to: string; notice?: string }) => {
  const { t } = useTranslation('errors')
  const navigate = useNavigate()
  useEffect(() => {
    notify('error', t(notice))
    const timer = window.setTimeout(() => void navigate(to, { replace: true }), REDIRECT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [navigate, t, to, notice])
  return <NoAccess />
}

/** Whether `route` sends a user its gate refuses away, rather than showing the placeholder. */
const redirectsDenied = (route: RouteDef, context: NavigationContext): boolean => {
  if (!route.denied) return false
  if (!route.denied.planOnly) return true
  const feature = route.gate?.plan
  return feature !== undefined && !planAllows(context.plan, feature)
}

/**
 * One private route: the expired-subscription redirect, the route's gate, then the page (or the
 * placeholder), loaded lazily.
 */
export const GuardedPage = ({ route, pages }: { route: RouteDef; pages: PageRegistry }) => {
  const user = useCurrentUser()
  const context = useNavigationContext()

  if (!route.allowedWhenExpired && subscriptionState(user.company).expired) {
    return <Navigate to="/financeiro-aberto" replace />
  }
  if (!passesGate(route.gate, context)) {
    return route.denied && redirectsDenied(route, context) ? (
      <DeniedRedirect to={route.denied.redirect} notice={route.denied.notice} />
    ) : (
      <NoAccess />
    )
  }
  const Page = pages[route.id]
  return (
    <Suspense fallback={<PageSpinner />}>
      {Page ? <Page /> : <ComingSoonPage routeId={route.id} />}
    </Suspense>
  )
}
