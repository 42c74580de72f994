import { loadConfig } from '@server/config'
import { startServer } from '@server/server'

/**
 * The server as production starts it (`npm run server`: configuration from the environment,
 * the default job settings, the outbound sender and the other background work started), bundled
 * by the campaigns bench and killed by it. Tells the bench `{ type: 'ready', url }` over IPC once
 * it listens; SIGTERM stops it gracefully.
 */
export interface OutboundServerReady {
  type: 'ready'
  url: string
}

const server = await startServer(loadConfig(process.env, '0.0.0-bench'))
process.send!({ type: 'ready', url: server.url } satisfies OutboundServerReady)
process.on('SIGTERM', () => {
  void server.stop().then(() => process.exit(0))
})
