import { readFileSync } from 'node:fs'
import { DEFAULT_SHUTDOWN_GRACE_MS, loadConfig } from './config'
import { startServer } from './server'

/** What stopping sessions, the sender, the pipeline and the database may take after the grace. */
const AFTER_GRACE_MS = 10_000

/**
 * `node out/server/index.js`: configuration from the environment. SIGTERM or SIGINT stops the
 * server gracefully (`RunningServer.stop`) and exits 0; a second signal exits at once.
 */
async function main() {
  const { version } = JSON.parse(
    readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
  ) as { version: string }
  const config = loadConfig(process.env, version)
  const server = await startServer(config)
  const out = process.stdout
  out.write(`\nAtende ${version} is running at ${server.url}\n`)
  if (process.env.PUBLIC_URL) out.write(`Public address: ${config.publicUrl}\n`)
  if (server.seed.generatedPassword) {
    out.write(
      `\nFirst start: the platform operator was created.\n  e-mail:   ${server.seed.adminEmail}\n  password: ${server.seed.generatedPassword}\nIt is shown only this once; change it after signing in.\n\n`,
    )
  } else if (server.seed.created) {
    out.write(
      `First start: the platform operator ${server.seed.adminEmail} was created with ADMIN_PASSWORD.\n`,
    )
  }

  const { log } = server.app
  const graceMs = config.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS
  let shuttingDown = false
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      log.warn({ signal }, 'second signal: exiting without waiting')
      process.exit(1)
    }
    shuttingDown = true
    log.info({ signal, graceMs }, 'shutting down')
    // A step that hangs past the grace and what follows it must not keep the process alive.
    const watchdog = setTimeout(() => {
      log.error({ graceMs }, 'shutdown did not finish: exiting')
      process.exit(1)
    }, graceMs + AFTER_GRACE_MS)
    watchdog.unref()
    server.stop().then(
      () => {
        log.info('shut down')
        process.exit(0)
      },
      (err: unknown) => {
        log.error({ err }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Atende could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  )
  process.exit(1)
})
