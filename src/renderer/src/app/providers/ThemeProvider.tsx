import { FluentProvider } from '@fluentui/react-components'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { PUBLIC_SETTING_KEYS } from '@shared/contracts/settings'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { usePublicSettings } from '@renderer/hooks/usePublicSettings'
import { useSession } from '@renderer/hooks/useSession'
import { ThemeModeContext } from '@renderer/hooks/useThemeMode'
import { publicSettingsQueries, type PublicSettings } from '@renderer/lib/public-settings'
import { readStorage, STORAGE_KEYS, writeStorage } from '@renderer/lib/storage'
import { buildThemes, type ThemeMode } from '@renderer/lib/theme'
import { setTitleAppName } from '@renderer/lib/title'
import { useGlobalStyles } from './global-styles'

const readStoredMode = (): ThemeMode | null => {
  const stored = readStorage(STORAGE_KEYS.theme)
  return stored === 'light' || stored === 'dark' ? stored : null
}

const setFavicon = (href: string) => {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]')
  if (!link) {
    link = document.createElement('link')
    link.rel = 'icon'
    document.head.append(link)
  }
  link.href = href
}

/**
 * A branding change by the operator reaches every signed-in client as a settings event; the
 * public settings cache takes the new value, so colours, name and logos change in place.
 */
const useLiveBranding = () => {
  const queryClient = useQueryClient()
  useCompanyEvent('settings', ({ setting }) => {
    if (!(PUBLIC_SETTING_KEYS as readonly string[]).includes(setting.key)) return
    queryClient.setQueryData<PublicSettings>(publicSettingsQueries.all().queryKey, (current) =>
      current ? { ...current, [setting.key]: setting.value } : current,
    )
  })
}

/**
 * Fluent with the white-label themes. The mode is the one the user chose on this machine
 * (`preferredTheme`), else the user's default theme, else light.
 */
export const ThemeProvider = ({ children }: { children: ReactNode }) => {
  useGlobalStyles()
  useLiveBranding()
  const branding = usePublicSettings()
  const session = useSession()
  const [stored, setStored] = useState<ThemeMode | null>(readStoredMode)
  const userDefault = session.status === 'signed-in' ? session.user.defaultTheme : null
  const mode: ThemeMode = stored ?? userDefault ?? 'light'

  const themes = useMemo(
    () => buildThemes({ light: branding.primaryColorLight, dark: branding.primaryColorDark }),
    [branding.primaryColorLight, branding.primaryColorDark],
  )

  const toggle = useCallback(() => {
    const next = mode === 'light' ? 'dark' : 'light'
    writeStorage(STORAGE_KEYS.theme, next)
    setStored(next)
  }, [mode])

  useEffect(() => setTitleAppName(branding.appName), [branding.appName])
  useEffect(() => {
    if (branding.favicon) setFavicon(branding.favicon)
  }, [branding.favicon])
  useEffect(() => {
    document.documentElement.style.colorScheme = mode
  }, [mode])

  const value = useMemo(() => ({ mode, toggle }), [mode, toggle])

  return (
    <ThemeModeContext.Provider value={value}>
      <FluentProvider theme={themes[mode]}>{children}</FluentProvider>
    </ThemeModeContext.Provider>
  )
}
