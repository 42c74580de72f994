import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { join, resolve } from 'node:path'
import type { JobEngineSettings } from './jobs/engine'

/** Everything the server reads from its environment, validated once at start. */
export interface ServerConfig {
  port: number
  host: string
  dataDir: string
  /** The local media folder: the store without `s3`, and the files kept from before it. */
  mediaDir: string
  /** Media in an S3-compatible object store (`S3_*`); null or absent: on disk under mediaDir. */
  s3?: S3Settings | null
  /** PostgreSQL server; unset → the embedded PostgreSQL server under dataDir. */
  databaseUrl: string | null
  /** The embedded server's cluster folder; null: PGlite in memory (tests). */
  embeddedDir: string | null
  /** Where earlier versions kept their embedded PGlite database, moved into embeddedDir once. */
  pgliteDir: string | null
  publicUrl: string
  /** Browser origins allowed to call the API with credentials, besides publicUrl's own. */
  corsOrigins: string[]
  jwtSecret: string
  refreshSecret: string
  /** Key for provider credentials stored in the database (see lib/secret-box). */
  encryptionKey: string
  admin: { email: string; password: string | null }
  smtp: { url: string; from: string } | null
  /**
   * Meta's Graph API (Cloud API, Messenger, Instagram): `GRAPH_API_URL` and the version segment
   * `GRAPH_API_VERSION`. Absent in hand-made configs: the real service and the default version.
   */
  graph?: { apiUrl: string; version: string }
  /** Built web client to serve at `/`; null serves the API only. */
  webRoot: string | null
  logLevel: string
  /**
   * Which proxies' `X-Forwarded-For` decides the client's IP (rate limits): none (false), the
   * last n hops, or the proxies' addresses and CIDR ranges. Never every hop: then any client
   * chooses its own IP.
   */
  trustProxy: TrustProxy
  version: string
  /**
   * OpenAI-compatible API for audio transcription: `OPENAI_API_URL` (default the real service)
   * and `OPENAI_API_KEY`. Absent in hand-made configs: the default URL and no key.
   */
  openai?: { apiUrl: string; apiKey: string | null }
  /**
   * What the bots' runtimes call (reference §6–§7): the AI's default chat model
   * (`OPENAI_MODEL`), the text-to-speech endpoint with `{region}` in it (`AZURE_SPEECH_URL`), and
   * whether integrations may call private and loopback addresses (`INTEGRATIONS_ALLOW_PRIVATE`).
   * Absent in hand-made configs: the defaults, private addresses refused.
   */
  bots?: {
    openaiModel: string
    speechUrl: string
    allowPrivateTargets: boolean
    /** Dialogflow's API (`DIALOGFLOW_API_URL`) and Google's token endpoint (`GOOGLE_TOKEN_URL`). */
    dialogflowUrl: string
    googleTokenUrl: string
  }
  /**
   * The Meta app behind Facebook login (`META_APP_ID`, `META_APP_SECRET`): POST /facebook trades
   * page tokens for long-lived ones with it, and its secret signs the pages' webhooks, which
   * Meta sends to the app's one callback URL (`/webhooks/meta`, verified with
   * `META_VERIFY_TOKEN`). Absent: that onboarding answers ERR_FACEBOOK_NOT_CONFIGURED.
   */
  metaApp?: { id: string; secret: string; verifyToken: string | null } | null
  /** Job engine timing; absent: DEFAULT_JOB_SETTINGS. Tests shorten it. */
  jobs?: JobEngineSettings
  /**
   * `SHUTDOWN_GRACE_MS`: how long a shutdown waits, in all, for HTTP requests and jobs in flight
   * before it cuts them. Absent in hand-made configs: DEFAULT_SHUTDOWN_GRACE_MS.
   */
  shutdownGraceMs?: number
}

/** Where media lives when several instances share it: an S3 bucket (AWS, MinIO, R2, …). */
export interface S3Settings {
  bucket: string
  /** An S3-compatible service's URL (MinIO and others); null: AWS, found from the region. */
  endpoint: string | null
  region: string
  /** null: the SDK's default credentials (instance role, AWS_* variables, shared profile). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null
  /** `bucket.host/key` (false, AWS's default) or `host/bucket/key` (true, most others). */
  forcePathStyle: boolean
  /** Put before `{companyId}/{relative}` in every key: empty, or ending in `/`. */
  prefix: string
}

export const DEFAULT_GRAPH_API_URL = 'https://graph.facebook.com'
export const DEFAULT_GRAPH_API_VERSION = 'v21.0'
export const DEFAULT_OPENAI_API_URL = 'https://api.openai.com/v1'
export const DEFAULT_BOTS = {
  openaiModel: 'gpt-4o-mini',
  speechUrl: 'https://{region}.tts.speech.microsoft.com/cognitiveservices/v1',
  allowPrivateTargets: false,
  dialogflowUrl: 'https://dialogflow.googleapis.com',
  googleTokenUrl: 'https://oauth2.googleapis.com/token',
}
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000

export type TrustProxy = false | number | string[]

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
  const graphApiUrl = (env.GRAPH_API_URL?.trim() || DEFAULT_GRAPH_API_URL).replace(/\/+$/, '')
  if (!/^https?:\/\/[^\s/]+/.test(graphApiUrl))
    throw new ConfigError('GRAPH_API_URL must be an http(s) URL')
  const metaAppId = env.META_APP_ID?.trim()
  const metaAppSecret = env.META_APP_SECRET?.trim()
  if (Boolean(metaAppId) !== Boolean(metaAppSecret))
    throw new ConfigError('META_APP_ID and META_APP_SECRET go together')
  if (metaAppId && !/^[0-9]{1,30}$/.test(metaAppId))
    throw new ConfigError('META_APP_ID must be the numeric app id')
  const graphApiVersion = env.GRAPH_API_VERSION?.trim() || DEFAULT_GRAPH_API_VERSION
  if (!/^v\d+\.\d+$/.test(graphApiVersion))
    throw new ConfigError('GRAPH_API_VERSION must look like v21.0')
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    mediaDir: join(dataDir, 'media'),
    s3: parseS3(env),
    databaseUrl: env.DATABASE_URL?.trim() || null,
    embeddedDir: join(dataDir, 'postgres'),
    pgliteDir: join(dataDir, 'pglite'),
    publicUrl,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    jwtSecret: secrets.jwtSecret,
    refreshSecret: secrets.refreshSecret,
    encryptionKey: secrets.encryptionKey,
    admin: {
      email: env.ADMIN_EMAIL?.trim() || 'admin@atende.local',
      password: env.ADMIN_PASSWORD || null,
    },
    smtp: smtpUrl
      ? { url: smtpUrl, from: env.MAIL_FROM?.trim() || 'Atende <no-reply@localhost>' }
      : null,
    graph: { apiUrl: graphApiUrl, version: graphApiVersion },
    metaApp:
      metaAppId && metaAppSecret
        ? {
            id: metaAppId,
            secret: metaAppSecret,
            verifyToken: env.META_VERIFY_TOKEN?.trim() || null,
          }
        : null,
    webRoot: env.WEB_ROOT === '' ? null : resolve(env.WEB_ROOT ?? 'out/renderer'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    version,
    bots: {
      openaiModel: env.OPENAI_MODEL?.trim() || DEFAULT_BOTS.openaiModel,
      speechUrl: env.AZURE_SPEECH_URL?.trim() || DEFAULT_BOTS.speechUrl,
      allowPrivateTargets: env.INTEGRATIONS_ALLOW_PRIVATE === 'true',
      dialogflowUrl: env.DIALOGFLOW_API_URL?.trim() || DEFAULT_BOTS.dialogflowUrl,
      googleTokenUrl: env.GOOGLE_TOKEN_URL?.trim() || DEFAULT_BOTS.googleTokenUrl,
    },
    openai: {
      apiUrl: (env.OPENAI_API_URL?.trim() || DEFAULT_OPENAI_API_URL).replace(/\/+$/, ''),
      apiKey: env.OPENAI_API_KEY?.trim() || null,
    },
    shutdownGraceMs: parseShutdownGrace(env.SHUTDOWN_GRACE_MS),
  }
}

function parseShutdownGrace(value: string | undefined): number {
  const setting = value?.trim() ?? ''
  if (setting === '') return DEFAULT_SHUTDOWN_GRACE_MS
  if (!/^[0-9]{1,9}$/.test(setting))
    throw new ConfigError(`SHUTDOWN_GRACE_MS must be a number of milliseconds: ${setting}`)
  return Number(setting)
}

function parsePort(value: string): number {
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT is not a port: ${value}`)
  return port
}

/**
 * `TRUST_PROXY`: a hop count (`1` behind one reverse proxy), or the proxies' addresses and CIDR
 * ranges, comma-separated. `true`, the old setting, means one hop.
 */
function parseTrustProxy(value: string | undefined): TrustProxy {
  const setting = value?.trim() ?? ''
  if (setting === '' || setting === 'false' || setting === '0') return false
  if (setting === 'true') return 1
  if (/^[0-9]+$/.test(setting)) return Number(setting)
  const proxies = setting.split(',').map((proxy) => proxy.trim())
  for (const proxy of proxies) {
    const [address = '', prefix] = proxy.split('/')
    const family = isIP(address)
    const maxPrefix = family === 4 ? 32 : 128
    if (
      !family ||
      (prefix !== undefined && !(/^[0-9]+$/.test(prefix) && Number(prefix) <= maxPrefix))
    )
      throw new ConfigError(
        `TRUST_PROXY must be a hop count or proxy addresses (10.0.0.1, 10.0.0.0/8): ${proxy}`,
      )
  }
  return proxies
}

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
]

/** The `S3_*` variables: none of them keeps media on disk; any of them needs `S3_BUCKET`. */
function parseS3(env: NodeJS.ProcessEnv): S3Settings | null {
  const read = (name: string) => env[name]?.trim() || undefined
  const bucket = read('S3_BUCKET')
  if (!bucket) {
    const stray = S3_VARIABLES.filter((name) => read(name))
    if (stray.length > 0) throw new ConfigError(`${stray.join(', ')} need S3_BUCKET`)
    return null
  }
  // The DNS-compatible names every S3 service accepts (AWS's rules for new buckets).
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError(
      `S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots, hyphens): ${bucket}`,
    )
  const endpoint = read('S3_ENDPOINT')?.replace(/\/+$/, '') ?? null
  if (endpoint !== null && !/^https?:\/\/[^\s/]+/.test(endpoint))
    throw new ConfigError('S3_ENDPOINT must be an http(s) URL')
  const accessKeyId = read('S3_ACCESS_KEY_ID')
  const secretAccessKey = read('S3_SECRET_ACCESS_KEY')
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together')
  const pathStyle = read('S3_FORCE_PATH_STYLE') ?? 'false'
  if (pathStyle !== 'true' && pathStyle !== 'false')
    throw new ConfigError(`S3_FORCE_PATH_STYLE must be true or false: ${pathStyle}`)
  const prefix = (read('S3_PREFIX') ?? '').replace(/^\/+|\/+$/g, '')
  if (prefix.split('/').some((segment) => segment === '.' || segment === '..'))
    throw new ConfigError(`S3_PREFIX must not hold . or .. segments: ${prefix}`)
  return {
    bucket,
    endpoint,
    region: read('S3_REGION') ?? 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: pathStyle === 'true',
    prefix: prefix ? `${prefix}/` : '',
  }
}

const SECRETS = [
  { env: 'JWT_SECRET', key: 'jwtSecret' },
  { env: 'JWT_REFRESH_SECRET', key: 'refreshSecret' },
  { env: 'ENCRYPTION_KEY', key: 'encryptionKey' },
] as const
type SecretName = (typeof SECRETS)[number]['key']

/** Each secret from the environment, else from `secrets.json`, else generated and stored there. */
function resolveSecrets(env: NodeJS.ProcessEnv, dataDir: string): Record<SecretName, string> {
  const file = join(dataDir, 'secrets.json')
  const stored: Partial<Record<SecretName, string>> = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<SecretName, string>>)
    : {}
  const resolved = {} as Record<SecretName, string>
  let generated = false
  for (const secret of SECRETS) {
    const value = env[secret.env] ?? stored[secret.key]
    if (value !== undefined && value.length < MIN_SECRET_LENGTH) {
      throw new ConfigError(`${secret.env} must have at least ${MIN_SECRET_LENGTH} characters`)
    }
    generated ||= value === undefined
    resolved[secret.key] = value ?? randomBytes(48).toString('base64url')
  }
  if (new Set(Object.values(resolved)).size !== SECRETS.length) {
    throw new ConfigError('JWT_SECRET, JWT_REFRESH_SECRET and ENCRYPTION_KEY must all differ')
  }
  if (generated) {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, JSON.stringify(resolved), { mode: 0o600 })
  }
  return resolved
}
