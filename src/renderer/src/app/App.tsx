import { RouterProvider } from 'react-router'
import { DesktopNavigation } from './DesktopNavigation'
import { AppProviders } from './providers/AppProviders'
import { router } from './router/router'
import { ServerGate } from './server-setup/ServerGate'
import { SessionGate } from './SessionGate'

/** The renderer: providers, then the server choice, the session restore and the routes. */
export const App = () => (
  <AppProviders>
    <ServerGate>
      <SessionGate>
        <DesktopNavigation />
        <RouterProvider router={router} />
      </SessionGate>
    </ServerGate>
  </AppProviders>
)
