import { readFile } from 'node:fs/promises'
import { extname, isAbsolute, relative, resolve } from 'node:path'
import type { CustomSchemeEdge, ProtocolEdge } from '../electron-edge'
import { APP_HOST, APP_SCHEME, RENDERER_ENTRY_URL } from '../security/trusted-origin'

/**
 * The built renderer is served from `app://renderer/…` rather than file://: a standard, secure
 * scheme gives it a real origin (for the trusted-origin check, CSP 'self', fetch and storage),
 * and file:// would grant the page read access to the whole disk.
 */
export const appScheme: CustomSchemeEdge = {
  scheme: APP_SCHEME,
  privileges: {
    standard: true,
    secure: true,
    supportFetchAPI: true,
    // Lets <audio> play files of this scheme (the bundled notification sounds).
    stream: true,
    codeCache: true,
  },
}

/** Must run before `app` is ready, hence its own call in index.ts. */
export function registerAppScheme(protocol: Pick<ProtocolEdge, 'registerSchemesAsPrivileged'>) {
  protocol.registerSchemesAsPrivileged([appScheme])
}

/** What the window loads: the dev server in development, our files otherwise. */
export const rendererEntryUrl = (devServerUrl: string | null): string =>
  devServerUrl ?? RENDERER_ENTRY_URL

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
}

export interface RendererFilesOptions {
  /** out/renderer */
  rootDir: string
  /** The current CSP, set on every document (webRequest cannot add it to custom schemes). */
  contentSecurityPolicy: () => string
}

const status = (code: number) => new Response(null, { status: code })

/**
 * Resolves a request path inside `rootDir`, or null when it would escape it (`..`, encoded
 * slashes or backslashes, NUL bytes, absolute paths).
 */
export function resolveInside(rootDir: string, pathname: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const root = resolve(rootDir)
  const file = resolve(root, `.${decoded === '/' ? '/index.html' : decoded}`)
  const inside = relative(root, file)
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return null
  return file
}

/** The `protocol.handle('app', …)` handler: static files of the built renderer, nothing else. */
export function createRendererFileHandler({
  rootDir,
  contentSecurityPolicy,
}: RendererFilesOptions) {
  return async (request: Request): Promise<Response> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return status(405)
    const url = new URL(request.url)
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return status(404)
    const file = resolveInside(rootDir, url.pathname)
    if (file === null) return status(403)
    let body: Buffer
    try {
      body = await readFile(file)
    } catch {
      return status(404)
    }
    const type = MIME[extname(file).toLowerCase()] ?? 'application/octet-stream'
    const headers: Record<string, string> = {
      'Content-Type': type,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache',
    }
    if (type.startsWith('text/html')) headers['Content-Security-Policy'] = contentSecurityPolicy()
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { headers })
  }
}
