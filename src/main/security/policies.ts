import type {
  AppEdge,
  SessionEdge,
  ShellEdge,
  WebContentsEdge,
  PermissionRequestDetailsEdge,
} from '../electron-edge'
import type { Logger } from '../logger'
import { withContentSecurityPolicy } from './content-security-policy'
import { isExternalUrl, type TrustedUrlCheck } from './trusted-origin'

interface PolicyDeps {
  isTrusted: TrustedUrlCheck
  shell: ShellEdge
  logger: Logger
}

/** Hands http(s) and mailto links to the OS; anything else is refused and logged. */
export function openExternally(url: string, { shell, logger }: Omit<PolicyDeps, 'isTrusted'>) {
  if (!isExternalUrl(url)) {
    logger.warn('refused to open a non-http(s)/mailto URL externally', url)
    return
  }
  shell.openExternal(url).catch((error: unknown) => logger.error('openExternal failed', error))
}

/**
 * Locks down one web contents: no new windows (links open in the browser), no navigation away
 * from our origin, no <webview>. Applied to every web contents the app creates.
 */
export function hardenWebContents(contents: WebContentsEdge, deps: PolicyDeps): void {
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(url, deps)
    return { action: 'deny' }
  })
  contents.on('will-navigate', (event) => {
    if (deps.isTrusted(event.url)) return
    event.preventDefault()
    openExternally(event.url, deps)
  })
  contents.on('will-redirect', (event) => {
    if (deps.isTrusted(event.url)) return
    event.preventDefault()
    deps.logger.warn('blocked a redirect away from the app', event.url)
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
}

export function applyWebContentsPolicy(app: AppEdge, deps: PolicyDeps): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, deps))
}

/**
 * Notifications, and the microphone for recorded audio messages, for our own origin only.
 * Video capture is refused: no feature of the spec uses the camera.
 */
export function isPermissionAllowed(
  permission: string,
  requestingUrl: string,
  isTrusted: TrustedUrlCheck,
  mediaTypes: PermissionRequestDetailsEdge['mediaTypes'] = [],
): boolean {
  if (!isTrusted(requestingUrl)) return false
  if (permission === 'notifications') return true
  return permission === 'media' && !mediaTypes.includes('video')
}

export function applyPermissionPolicy(session: SessionEdge, isTrusted: TrustedUrlCheck): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    const url = details.requestingUrl ?? contents.getURL()
    callback(isPermissionAllowed(permission, url, isTrusted, details.mediaTypes))
  })
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin, isTrusted),
  )
}

/**
 * Adds the CSP to responses for our documents when they come over HTTP (the dev server).
 * webRequest never sees responses of custom protocols (electron/electron#6021), so the
 * `app://` handler sets the same header itself (server-url/app-protocol.ts).
 */
export function applyContentSecurityPolicy(
  session: SessionEdge,
  isTrusted: TrustedUrlCheck,
  policy: () => string,
): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!isTrusted(details.url)) {
      callback({})
      return
    }
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders, policy()) })
  })
}
