/**
 * Platform settings anyone may read before signing in, through /public-settings/{key}: what the
 * login page shows (branding, sign-up). Apart from the schemas, so that page loads it alone.
 */
export const PUBLIC_SETTING_KEYS = [
  'allowSignup',
  'appName',
  'primaryColorLight',
  'primaryColorDark',
  'appLogoLight',
  'appLogoDark',
  'appLogoFavicon',
] as const
export type PublicSettingKey = (typeof PUBLIC_SETTING_KEYS)[number]

/**
 * Public settings the server answers from its configuration, not from a stored value: read
 * through /public-settings/{key} like the others, never written. `passwordReset` is 'enabled'
 * only while the server can send mail (SMTP_URL); without it a reset request answers 503, so
 * clients do not offer one.
 */
export const DERIVED_PUBLIC_SETTING_KEYS = ['passwordReset'] as const
export type DerivedPublicSettingKey = (typeof DERIVED_PUBLIC_SETTING_KEYS)[number]
