/**
 * The renderer's Content-Security-Policy. Scripts come only from our own files; fetch, XHR and
 * WebSocket reach only the chosen server (the API and Socket.IO). Images and media come from our
 * files, data:/blob: (previews, recordings, location thumbnails) and the chosen server, whose
 * signed /media URLs carry message media and contact pictures (the server downloads those from
 * the channels' CDNs). Help video thumbnails are the one other host, as in the web client's CSP
 * (src/server/plugins/security.ts). The renderer's own meta CSP applies as well; the browser
 * enforces both.
 */
export interface CspOptions {
  /** The server the renderer talks to; null at first run, before the user has chosen one. */
  serverUrl: string | null
  /** The Vite dev server origin in development, null in a built app. */
  devServerUrl: string | null
}

const originOf = (url: string): string | null => {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null
  } catch {
    return null
  }
}

const webSocketOf = (origin: string) => origin.replace(/^http/, 'ws')

export function contentSecurityPolicy({ serverUrl, devServerUrl }: CspOptions): string {
  const server = serverUrl === null ? null : originOf(serverUrl)
  const dev = devServerUrl === null ? null : originOf(devServerUrl)
  const serverSources = server ? [server] : []
  // At first run the renderer must be able to probe the address the user types; once a server
  // is chosen the window reloads (server-url.ts) and gets a policy naming only that server.
  const connect = server
    ? ["'self'", server, webSocketOf(server)]
    : ["'self'", 'http:', 'https:', 'ws:', 'wss:']
  if (dev) connect.push(webSocketOf(dev))

  const directives: Record<string, string[]> = {
    'default-src': ["'none'"],
    // Vite's dev server injects an inline React Refresh preamble; built files need no exception.
    'script-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    // Fluent UI (Griffel) inserts its style rules at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Not any https host: an image URL a contact controls (an ad preview's thumbnail) would
    // tell its owner when and from where an attendant read the chat.
    'img-src': ["'self'", 'data:', 'blob:', ...serverSources, 'https://img.youtube.com'],
    'media-src': ["'self'", 'data:', 'blob:', ...serverSources],
    'font-src': ["'self'", 'data:'],
    'connect-src': connect,
    'worker-src': ["'self'", 'blob:'],
    // The help videos' embedded player (002 §2.3).
    'frame-src': ['https://www.youtube.com'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
}

/** Returns `headers` with any existing CSP (whatever its case) replaced by `policy`. */
export function withContentSecurityPolicy(
  headers: Record<string, string[]> | undefined,
  policy: string,
): Record<string, string[]> {
  const kept = Object.entries(headers ?? {}).filter(
    ([name]) => name.toLowerCase() !== 'content-security-policy',
  )
  return { ...Object.fromEntries(kept), 'Content-Security-Policy': [policy] }
}
