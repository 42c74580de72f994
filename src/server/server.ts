import type { FastifyInstance } from 'fastify'
import { buildApp } from './app'
import type { ServerConfig } from './config'
import { openDatabase } from './db/client'
import { seedPlatform, type SeedResult } from './db/seed'
import type { Services } from './services'

export interface RunningServer {
  /** Where this process listens, as a local URL (PUBLIC_URL may differ behind a proxy). */
  url: string
  app: FastifyInstance
  services: Services
  seed: SeedResult
  stop(): Promise<void>
}

/**
 * The server's public entry (also the only one the desktop main process may use): opens and
 * migrates the database, seeds the platform on first start, listens, and returns `stop()`.
 */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const database = await openDatabase(config)
  await database.migrate()
  const seed = await seedPlatform(database.db, config.admin)
  // Jobs (imports, housekeeping) start with the app; a job a crash interrupted is tried again.
  const { app, services } = await buildApp({ config, db: database.db })

  const address = new URL(await app.listen({ port: config.port, host: config.host }))
  // Work left by a previous run resumes: stored provider events, queued sends, live sessions.
  services.inbound.start()
  await services.messages.sender.start()
  await services.messageImport.start()
  void services.sessions
    .boot()
    .catch((error: unknown) => app.log.error({ err: error }, 'session boot failed'))
  const localHost = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : address.hostname
  let stopping: Promise<void> | null = null
  return {
    url: `http://${localHost}:${address.port}`,
    app,
    services,
    seed,
    stop() {
      stopping ??= (async () => {
        await app.close()
        await database.close()
      })()
      return stopping
    },
  }
}
