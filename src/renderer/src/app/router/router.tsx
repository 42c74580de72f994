import { lazy } from 'react'
import { createHashRouter, type RouteObject } from 'react-router'
import { availableRoutes, type RouteId } from '@shared/navigation'
import { NotFoundPage } from '../pages/NotFoundPage'
import { RouteErrorPage } from '../pages/RouteErrorPage'
import { SubscriptionExpiredPage } from '../pages/SubscriptionExpiredPage'
import { Shell } from '../shell/Shell'
import { cshowEnabled } from './cshow'
import { GuardedPage, type PageRegistry } from './GuardedPage'
import { PublicOnly, RequireSession } from './guards'
import { LazyPublicPage } from './LazyPublicPage'

const privatePages: PageRegistry = {
  tickets: lazy(() =>
    import('@renderer/features/tickets/pages/TicketsPage').then((m) => ({
      default: m.TicketsPage,
    })),
  ),
  contacts: lazy(() =>
    import('@renderer/features/contacts/pages/ContactsPage').then((m) => ({
      default: m.ContactsPage,
    })),
  ),
  contactsImport: lazy(() =>
    import('@renderer/features/contacts/pages/ContactsImportPage').then((m) => ({
      default: m.ContactsImportPage,
    })),
  ),
  tags: lazy(() =>
    import('@renderer/features/tags/pages/TagsPage').then((m) => ({ default: m.TagsPage })),
  ),
  users: lazy(() =>
    import('@renderer/features/users/pages/UsersPage').then((m) => ({ default: m.UsersPage })),
  ),
  connections: lazy(() =>
    import('@renderer/features/connections/pages/ConnectionsPage').then((m) => ({
      default: m.ConnectionsPage,
    })),
  ),
  allConnections: lazy(() =>
    import('@renderer/features/connections/pages/AllConnectionsPage').then((m) => ({
      default: m.AllConnectionsPage,
    })),
  ),
  queues: lazy(() =>
    import('@renderer/features/queues/pages/QueuesPage').then((m) => ({ default: m.QueuesPage })),
  ),
  settings: lazy(() =>
    import('@renderer/features/settings/pages/SettingsPage').then((m) => ({
      default: m.SettingsPage,
    })),
  ),
  companies: lazy(() =>
    import('@renderer/features/companies/pages/CompaniesPage').then((m) => ({
      default: m.CompaniesPage,
    })),
  ),
  helps: lazy(() =>
    import('@renderer/features/helps/pages/HelpsPage').then((m) => ({ default: m.HelpsPage })),
  ),
}

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
