import { useQuery } from '@tanstack/react-query'
import { BRAND_FALLBACK } from '@shared/constants'
import { brandingFileUrl, publicSettingsQueries } from '../lib/public-settings'
import { useServerBase } from './useServerBase'

export interface Branding {
  isLoading: boolean
  appName: string
  /** The configured colours as read: undefined when unreadable, '' when empty (001 §9). */
  primaryColorLight: string | null | undefined
  primaryColorDark: string | null | undefined
  logoLight: string | null
  logoDark: string | null
  favicon: string | null
  /**
   * Sign-up is offered once the settings are read, unless the platform switched it off (a setting
   * that could not be read does not switch it off).
   */
  allowSignup: boolean
  /**
   * "Forgot my password" is offered once the settings are read, unless the server said it cannot
   * mail the link (a setting that could not be read, as from an older server, does not hide it).
   */
  passwordReset: boolean
}

/**
 * White-label settings, the sign-up switch and whether a password can be reset, read without
 * signing in (002 §9 Start-up).
 */
export const usePublicSettings = (): Branding => {
  const base = useServerBase()
  const { data, isLoading } = useQuery({
    ...publicSettingsQueries.all(),
    enabled: base !== null,
  })
  return {
    isLoading,
    appName: data?.appName || BRAND_FALLBACK.appName,
    primaryColorLight: data?.primaryColorLight,
    primaryColorDark: data?.primaryColorDark,
    logoLight: brandingFileUrl(data?.appLogoLight),
    logoDark: brandingFileUrl(data?.appLogoDark),
    favicon: brandingFileUrl(data?.appLogoFavicon),
    allowSignup: !isLoading && data?.allowSignup !== 'disabled',
    passwordReset: !isLoading && data?.passwordReset !== 'disabled',
  }
}
