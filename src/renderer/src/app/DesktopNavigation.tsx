import { useEffect } from 'react'
import { desktop } from '../lib/desktop'
import { router } from './router/router'

/** Only app routes: the bridge's events come from main, but a route is still input. */
const isAppRoute = (route: string) => /^\/[A-Za-z0-9/_-]*$/.test(route)

/**
 * Follows main's requests to open a route: a clicked native notification (`/tickets/{uuid}`)
 * or the tray menu. In a browser the web bridge raises the same notification clicks.
 */
export const DesktopNavigation = () => {
  useEffect(() => {
    const open = ({ route }: { route: string }) => {
      if (isAppRoute(route)) void router.navigate(route)
    }
    const unsubscribes = [desktop.onNavigate(open), desktop.onNotificationClicked(open)]
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe())
  }, [])
  return null
}
