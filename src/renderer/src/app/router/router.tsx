import { lazy } from 'react'
import { createHashRouter, type RouteObject } from 'react-router'
import { ROUTES, type RouteId } from '@shared/navigation'
import { NotFoundPage } from '../pages/NotFoundPage'
import { RouteErrorPage } from '../pages/RouteErrorPage'
import { GuardedPage, type PageRegistry } from './GuardedPage'
import { privatePages } from './pages'
import { PublicOnly, RequireSession } from './guards'
import { LazyPage } from './LazyPage'

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

/** The signed-in areas, loaded after sign-in so the login page stays small. */
const Shell = lazy(() => import('../shell/Shell').then((m) => ({ default: m.Shell })))
const SubscriptionExpiredPage = lazy(() =>
  import('../pages/SubscriptionExpiredPage').then((m) => ({ default: m.SubscriptionExpiredPage })),
)

/** Routes rendered outside the shell. */
const STANDALONE: ReadonlySet<RouteId> = new Set(['subscriptionExpired'])

/** The route table of 002 §2.1 as react-router routes. */
export const buildRoutes = (): RouteObject[] => {
  const routes = ROUTES
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
              element: <LazyPage page={publicPages[route.id]} />,
            })),
        },
        {
          element: <RequireSession />,
          children: [
            { path: '/financeiro-aberto', element: <LazyPage page={SubscriptionExpiredPage} /> },
            {
              element: <LazyPage page={Shell} />,
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
export const router = createHashRouter(buildRoutes())
