import type { IncomingMessage, ServerResponse } from 'node:http'
import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'
import type { ServerConfig } from '../config'

/** The desktop app loads its files from this privileged scheme (src/main/security). */
export const DESKTOP_ORIGIN = 'app://renderer'

export function allowedOrigins(config: ServerConfig): string[] {
  return [new URL(config.publicUrl).origin, DESKTOP_ORIGIN, ...config.corsOrigins]
}

/**
 * helmet's headers for these options, computed once: they never vary by request (no nonces),
 * and @fastify/helmet built helmet's middleware, directives parsed, for every request.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const collector = {
    setHeader: (name: string, value: string) => {
      headers[name] = value
    },
    removeHeader: () => {},
  }
  // helmet throws on invalid options itself; it calls back only when done.
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, () => {})
  return headers
}

/** Security headers and a CORS allowlist; credentials only for the listed origins. */
export async function registerSecurity(app: FastifyInstance, config: ServerConfig) {
  const origins = allowedOrigins(config)
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Fluent UI (Griffel) inserts its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Help videos (002 §2.3): YouTube thumbnails and the embedded player.
        imgSrc: ["'self'", 'data:', 'blob:', 'https://img.youtube.com'],
        frameSrc: ['https://www.youtube.com'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Signed media is fetched by the desktop app from its own origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    hsts: config.publicUrl.startsWith('https://') ? undefined : false,
  })
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers)
    done()
  })
  await app.register(cors, {
    origin: (origin, callback) => callback(null, !origin || origins.includes(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Atende-Client'],
    // The desktop app reads a download's name and the report export's row count (its progress).
    exposedHeaders: ['Content-Disposition', 'X-Report-Rows'],
    maxAge: 600,
  })
}
