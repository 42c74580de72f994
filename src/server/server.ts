import type { FastifyInstance } from 'fastify'
import { buildApp } from './app'
import type { ServerConfig } from './config'
import { openDatabase } from './db/client'
import { seedPlatform, type SeedResult } from './db/seed'
import type { Shutdown } from './modules/health/health.shutdown'
import type { Services } from './services'

export interface RunningServer {
  /** Where this process listens, as a local URL (PUBLIC_URL may differ behind a proxy). */
  url: string
  app: FastifyInstance
  services: Services
  seed: SeedResult
  /**
   * A graceful stop: readiness answers 503, the port closes, requests in flight are answered,
   * running jobs finish or hand over, background work stops, then the database closes. The waits
   * share SHUTDOWN_GRACE_MS; past it, open connections are cut and running jobs count as lost.
   */
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
  const { app, services, shutdown } = await buildApp({ config, db: database.db })

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
        shutdown.begin()
        app.log.info({ graceMs: shutdown.remainingMs() }, 'shutdown: not ready')
        const requests = shutdown.step('HTTP requests finished', () => drained(app, shutdown))
        // Closes the port, waits for `requests`, then runs the app's onClose (background work).
        await app.close()
        await requests
        await shutdown.step('database closed', () => database.close())
      })()
      return stopping
    },
  }
}

/**
 * Resolves once the closing HTTP server's last connection ended. Connections still open when the
 * grace runs out (a request that outlives it) are cut.
 */
function drained(app: FastifyInstance, shutdown: Pick<Shutdown, 'remainingMs'>): Promise<void> {
  return new Promise((resolve) => {
    const cut = setTimeout(() => {
      app.log.warn('shutdown: the grace ran out, open connections are cut')
      app.server.closeAllConnections()
    }, shutdown.remainingMs())
    app.server.once('close', () => {
      clearTimeout(cut)
      resolve()
    })
  })
}
