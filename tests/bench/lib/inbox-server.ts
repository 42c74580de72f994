import { once } from 'node:events'
import { buildApp } from '@server/app'
import { testConfig } from '@tests/helpers/test-app'
import { openBenchDatabase } from './bench-database'

/**
 * The server side of the inbox bench, in a process of its own as in production: the app on the
 * bench's database (BENCH_DATABASE, or the PGlite folder BENCH_PGLITE_DIR), listening on a free
 * port. Sends `{ type: 'ready', origin }`; any message closes it.
 */
export interface InboxServerReady {
  type: 'ready'
  origin: string
}

const pgliteDir = process.env.BENCH_PGLITE_DIR || null
const handle = await openBenchDatabase(process.env.BENCH_DATABASE!, pgliteDir)
const { app } = await buildApp({ config: testConfig(), db: handle.db, logger: false })
const origin = new URL(await app.listen({ port: 0, host: '127.0.0.1' })).origin
process.send!({ type: 'ready', origin } satisfies InboxServerReady)
await once(process, 'message')
await app.close()
await handle.close()
process.exit(0)
