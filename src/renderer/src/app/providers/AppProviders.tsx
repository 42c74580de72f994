import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { i18n } from '@renderer/lib/i18n'
import { queryClient } from '@renderer/lib/query-client'
import { ThemeProvider } from './ThemeProvider'
import { ToastHost } from './ToastHost'

/** Translations, the query cache, the white-label Fluent theme and the toaster. */
export const AppProviders = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <ToastHost />
        {children}
      </ThemeProvider>
    </QueryClientProvider>
  </I18nextProvider>
)
