import type { FastifyBaseLogger } from 'fastify'
import type { ServerConfig } from './config'
import type { Database } from './db/client'
import type { SessionLocks } from './db/session-locks'
import type { JobEngine } from './jobs/engine'
import type { Mailer } from './lib/mailer'
import type { TokenService } from './lib/tokens'
import type { RealtimeHub } from './realtime/hub'

/** What every service is built from. Created once per app; tests build their own. */
export interface CoreDeps {
  config: ServerConfig
  db: Database
  tokens: TokenService
  mailer: Mailer
  realtime: RealtimeHub
  /** Background jobs (pg-boss): durable, retried, once across instances. */
  jobs: JobEngine
  log: FastifyBaseLogger
  /**
   * This instance's owner locks (one WhatsApp socket per connection across instances). Deps
   * built by hand for a single-instance test may leave them out: every lock is then granted.
   */
  sessionLocks?: SessionLocks
  /** Time zone for platform dates (sign-up due dates) before a company has its own. */
  defaultTimeZone: string
}
