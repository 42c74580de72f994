import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import type { SessionUser } from '@shared/contracts/users'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { startSession } from '@renderer/lib/session'
import { TicketsPage } from './pages/TicketsPage'

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

/** Role queries over Fluent's DOM are slow under happy-dom: generous waits. */
export const SLOW = { timeout: 10_000 }

/**
 * Fluent's focus manager (tabster) does not activate a modal dialog under happy-dom, so the
 * dialog stays aria-hidden and has no accessible name there: find it by its visible title, and
 * query inside it with `HIDDEN`.
 */
export const HIDDEN = { hidden: true } as const

export const findDialog = async (title: string | RegExp): Promise<HTMLElement> => {
  const heading = await screen.findByText(title, { selector: 'h2' }, SLOW)
  const dialog = heading.closest<HTMLElement>('[role="dialog"], [role="alertdialog"]')
  if (!dialog) throw new Error(`No dialog around the title ${String(title)}`)
  return dialog
}
