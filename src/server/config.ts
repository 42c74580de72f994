import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** Everything the server reads from its environment, validated once at start. */
export interface ServerConfig {
  port: number
  host: string
  dataDir: string
  mediaDir: string
  /** PostgreSQL server; unset → embedded PGlite under dataDir (or in memory for tests). */
  databaseUrl: string | null
  /** Folder of the embedded database; null keeps it in memory (tests). */
  pgliteDir: string | null
  publicUrl: string
  /** Browser origins allowed to call the API with credentials, besides publicUrl's own. */
  corsOrigins: string[]
  jwtSecret: string
  refreshSecret: string
  admin: { email: string; password: string | null }
  smtp: { url: string; from: string } | null
  /** Built web client to serve at `/`; null serves the API only. */
  webRoot: string | null
  logLevel: string
  trustProxy: boolean
  version: string
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const MIN_SECRET_LENGTH = 32

/**
 * Reads and validates the environment. In embedded mode missing secrets are generated once into
 * `DATA_DIR/secrets.json` (mode 600); secrets shorter than 32 characters are refused.
 */
export function loadConfig(env: NodeJS.ProcessEnv, version: string): ServerConfig {
  const port = parsePort(env.PORT ?? '8080')
  const dataDir = resolve(env.DATA_DIR ?? './data')
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '')
  if (!/^https?:\/\/[^\s/]+/.test(publicUrl))
    throw new ConfigError('PUBLIC_URL must be an http(s) URL')

  const secrets = resolveSecrets(env, dataDir)
  const smtpUrl = env.SMTP_URL?.trim()
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    mediaDir: join(dataDir, 'media'),
    databaseUrl: env.DATABASE_URL?.trim() || null,
    pgliteDir: join(dataDir, 'pglite'),
    publicUrl,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    jwtSecret: secrets.jwtSecret,
    refreshSecret: secrets.refreshSecret,
    admin: {
      email: env.ADMIN_EMAIL?.trim() || 'admin@atende.local',
      password: env.ADMIN_PASSWORD || null,
    },
    smtp: smtpUrl
      ? { url: smtpUrl, from: env.MAIL_FROM?.trim() || 'Atende <no-reply@localhost>' }
      : null,
    webRoot: env.WEB_ROOT === '' ? null : resolve(env.WEB_ROOT ?? 'out/renderer'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === 'true',
    version,
  }
}

function parsePort(value: string): number {
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT is not a port: ${value}`)
  return port
}

function resolveSecrets(env: NodeJS.ProcessEnv, dataDir: string) {
  const file = join(dataDir, 'secrets.json')
  let stored: Partial<Record<'jwtSecret' | 'refreshSecret', string>> = {}
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as typeof stored

  const jwtSecret = env.JWT_SECRET ?? stored.jwtSecret ?? randomBytes(48).toString('base64url')
  const refreshSecret =
    env.JWT_REFRESH_SECRET ?? stored.refreshSecret ?? randomBytes(48).toString('base64url')
  for (const [name, value] of [
    ['JWT_SECRET', jwtSecret],
    ['JWT_REFRESH_SECRET', refreshSecret],
  ] as const) {
    if (value.length < MIN_SECRET_LENGTH)
      throw new ConfigError(`${name} must have at least ${MIN_SECRET_LENGTH} characters`)
  }
  if (jwtSecret === refreshSecret)
    throw new ConfigError('JWT_SECRET and JWT_REFRESH_SECRET must differ')

  const generated =
    (!env.JWT_SECRET && !stored.jwtSecret) || (!env.JWT_REFRESH_SECRET && !stored.refreshSecret)
  if (generated) {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, JSON.stringify({ jwtSecret, refreshSecret }), { mode: 0o600 })
  }
  return { jwtSecret, refreshSecret }
}
