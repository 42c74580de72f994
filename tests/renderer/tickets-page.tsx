import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import type { SessionUser } from '@shared/contracts/users'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { startSession } from '@renderer/lib/session'
import { TicketsPage } from '@renderer/features/tickets/pages/TicketsPage'

/** Shows the current path, so a test can see where the page navigated. */
const LocationProbe = () => <output data-testid="location">{useLocation().pathname}</output>

/**
 * Signs `user` in and renders the tickets route at `path` with the app's providers; requests go
 * to whatever the test mocked at the feature's api boundary.
 */
export const renderTicketsPage = async (user: SessionUser, path = '/tickets') => {
  await startSession({ token: 'access-token', user })
  const toasts: ToastMessage[] = []
  const disconnectToasts = setToastSink((toast) => toasts.push(toast))
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <FluentProvider theme={webLightTheme}>
        <QueryClientProvider client={queryClient}>
          <Routes>
            <Route path="/tickets/:ticketId?" element={<TicketsPage />} />
          </Routes>
          <LocationProbe />
        </QueryClientProvider>
      </FluentProvider>
    </MemoryRouter>,
  )
  return { ...view, queryClient, toasts, disconnectToasts }
}
