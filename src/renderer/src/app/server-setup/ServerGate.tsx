import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { FullPageSpinner } from '@renderer/components/FullPageSpinner'
import { useServerBase } from '@renderer/hooks/useServerBase'
import { desktop, isDesktop } from '@renderer/lib/desktop'
import { setServerBase } from '@renderer/lib/http'

/** Only the desktop app's first run shows it. */
const ServerSetupPage = lazy(() =>
  import('./ServerSetupPage').then((m) => ({ default: m.ServerSetupPage })),
)

/**
 * Renders the app once it knows its server: the page's origin in a browser, the saved URL on
 * desktop, or the first-run choice when none was saved yet.
 */
export const ServerGate = ({ children }: { children: ReactNode }) => {
  const base = useServerBase()
  const [checked, setChecked] = useState(!isDesktop)

  useEffect(() => {
    if (!isDesktop) return
    let active = true
    void desktop
      .getPreferences()
      .then((preferences) => {
        if (preferences.serverUrl) setServerBase(preferences.serverUrl)
      })
      .finally(() => {
        if (active) setChecked(true)
      })
    return () => {
      active = false
    }
  }, [])

  if (!checked) return <FullPageSpinner />
  if (base === null)
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <ServerSetupPage />
      </Suspense>
    )
  return children
}
