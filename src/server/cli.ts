import { readFileSync } from 'node:fs'
import { loadConfig } from './config'
import { startServer } from './server'

/** `node out/server/index.js`: configuration from the environment, clean exit on signals. */
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

  let shuttingDown = false
  const shutdown = (signal: string) => {
    if (shuttingDown) return
    shuttingDown = true
    server.app.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    server
      .stop()
      .then(() => process.exit(0))
      .catch(() => process.exit(1))
  }
  process.on('SIGINT', () => shutdown('SIGINT'))
  process.on('SIGTERM', () => shutdown('SIGTERM'))
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Atende could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  )
  process.exit(1)
})
