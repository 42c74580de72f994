/**
 * "Is this our origin?" answered once. Everything that trusts the renderer (IPC senders,
 * navigation, permissions, the CSP) asks this function and nothing else.
 */

/** The privileged scheme the built renderer is served from (see server-url/app-protocol.ts). */
export const APP_SCHEME = 'app'
export const APP_HOST = 'renderer'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const RENDERER_ENTRY_URL = `${APP_ORIGIN}/index.html`

export interface TrustedOriginConfig {
  /**
   * The Vite dev server (ELECTRON_RENDERER_URL), trusted only in an unpackaged app; null
   * otherwise, so an environment variable can never widen what a shipped app trusts.
   */
  devServerUrl: string | null
}

const parse = (url: string): URL | null => {
  try {
    return new URL(url)
  } catch {
    return null
  }
}

const isHttp = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:'

/** True for URLs of our renderer: `app://renderer/…`, or the configured dev server's origin. */
export function isTrustedUrl(url: string, config: TrustedOriginConfig): boolean {
  const parsed = parse(url)
  if (!parsed || parsed.username !== '' || parsed.password !== '') return false
  // `app:` is not a WHATWG special scheme, so URL.origin is "null" here; compare scheme and host
  // (host includes any port, which our origin never has).
  if (parsed.protocol === `${APP_SCHEME}:`) return parsed.host === APP_HOST
  if (config.devServerUrl === null) return false
  const dev = parse(config.devServerUrl)
  return dev !== null && isHttp(dev) && isHttp(parsed) && parsed.origin === dev.origin
}

/** The predicate form handed to the modules that check senders, navigations and permissions. */
export type TrustedUrlCheck = (url: string) => boolean

export const trustedUrlCheck =
  (config: TrustedOriginConfig): TrustedUrlCheck =>
  (url) =>
    isTrustedUrl(url, config)

/** Links that may leave the app for the user's browser or mail client; never with credentials. */
export function isExternalUrl(url: string): boolean {
  const parsed = parse(url)
  if (!parsed || parsed.username !== '' || parsed.password !== '') return false
  return isHttp(parsed) || parsed.protocol === 'mailto:'
}
