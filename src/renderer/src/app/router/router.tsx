import { lazy } from 'react'
import { createHashRouter, type RouteObject } from 'react-router'
import { availableRoutes, type RouteId } from '@shared/navigation'
import { NotFoundPage } from '../pages/NotFoundPage'
import { RouteErrorPage } from '../pages/RouteErrorPage'
import { SubscriptionExpiredPage } from '../pages/SubscriptionExpiredPage'
import { Shell } from '../shell/Shell'
import { cshowEnabled } from './cshow'
import { GuardedPage, type PageRegistry } from './GuardedPage'
import { privatePages } from './pages'
import { PublicOnly, RequireSession } from './guards'
import { LazyPublicPage } from './LazyPublicPage'

const publicPages: PageRegistry = {
  login: lazy(() =>
    import('@renderer/features/auth/pages/LoginPage').then((m) => ({ default: m.LoginPage })),
  ),
  signup: lazy(() =>
    import('@renderer/features/auth/pages/SignupPage').then((m) => ({ default: m.SignupPage })),
  ),
  forgotPassword: lazy(() =>
    import('@renderer/features/auth/pages/ForgotPasswordPage').then((m) => ({
      default: m.ForgotPasswordPage,
    })),
  ),
}

/** Routes rendered outside the shell. */
const STANDALONE: ReadonlySet<RouteId> = new Set(['subscriptionExpired'])

/** The route table of 002 §2.1 as react-router routes, campaign routes only with `cshow`. */
export const buildRoutes = (cshow: boolean): RouteObject[] => {
  const routes = availableRoutes(cshow)
  return [
    {
      errorElement: <RouteErrorPage />,
      children: [
        {
          element: <PublicOnly />,
          children: routes
            .filter((route) => route.access === 'public')
            .map((route) => ({
              path: route.path,
              element: <LazyPublicPage page={publicPages[route.id]} />,
            })),
        },
        {
          element: <RequireSession />,
          children: [
            { path: '/financeiro-aberto', element: <SubscriptionExpiredPage /> },
            {
              element: <Shell />,
              children: [
                ...routes
                  .filter((route) => route.access === 'private' && !STANDALONE.has(route.id))
                  .map((route) => ({
                    path: route.path,
                    element: <GuardedPage route={route} pages={privatePages} />,
                  })),
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ]
}

/** Hash history, so the same build loads from the desktop app's files and from the server. */
export const router = createHashRouter(buildRoutes(cshowEnabled))
