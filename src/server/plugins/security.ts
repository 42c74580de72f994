import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import type { ServerConfig } from '../config'

/** The desktop app loads its files from this privileged scheme (src/main/security). */
export const DESKTOP_ORIGIN = 'app://renderer'

export function allowedOrigins(config: ServerConfig): string[] {
  return [new URL(config.publicUrl).origin, DESKTOP_ORIGIN, ...config.corsOrigins]
}

/** Security headers and a CORS allowlist; credentials only for the listed origins. */
export async function registerSecurity(app: FastifyInstance, config: ServerConfig) {
  const origins = allowedOrigins(config)
  await app.register(helmet, {
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
  await app.register(cors, {
    origin: (origin, callback) => callback(null, !origin || origins.includes(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Atende-Client'],
    maxAge: 600,
  })
}
