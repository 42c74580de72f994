import { FluentProvider } from '@fluentui/react-components'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, type ReactNode } from 'react'
import { PUBLIC_SETTING_KEYS } from '@shared/contracts/public-settings'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { usePublicSettings } from '@renderer/hooks/usePublicSettings'
import { ThemeModeContext, useThemeModeSource } from '@renderer/hooks/useThemeMode'
import { publicSettingsQueries, type PublicSettings } from '@renderer/lib/public-settings'
import { buildThemes } from '@renderer/lib/theme'
import { setTitleAppName } from '@renderer/lib/title'
import { useGlobalStyles } from './global-styles'

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

/** Fluent with the white-label themes, in the light/dark mode of `useThemeModeSource`. */
export const ThemeProvider = ({ children }: { children: ReactNode }) => {
  useGlobalStyles()
  useLiveBranding()
  const branding = usePublicSettings()
  const themeMode = useThemeModeSource()

  const themes = useMemo(
    () => buildThemes({ light: branding.primaryColorLight, dark: branding.primaryColorDark }),
    [branding.primaryColorLight, branding.primaryColorDark],
  )

  useEffect(() => setTitleAppName(branding.appName), [branding.appName])
  useEffect(() => {
    if (branding.favicon) setFavicon(branding.favicon)
  }, [branding.favicon])
  return (
    <ThemeModeContext.Provider value={themeMode}>
      <FluentProvider theme={themes[themeMode.mode]}>{children}</FluentProvider>
    </ThemeModeContext.Provider>
  )
}
