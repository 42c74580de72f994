import { loadConfig } from '@server/config'
import type { JobEngineSettings } from '@server/jobs/engine'
import { startServer } from '@server/server'

/**
 * A real server process for tests that kill one (`node --import tsx` this file): configured
 * from the environment like `npm run server`, with jobs whose lost runs are noticed within
 * seconds. It prints `listening <url>` once it serves.
 */
const quickJobs: JobEngineSettings = {
  maintenanceIntervalSeconds: 1,
  pollingIntervalSeconds: 0.5,
  policies: {
    'contacts.import': { expireInSeconds: 2, retryDelaySeconds: 1, retryBackoff: false },
  },
}

const server = await startServer({ ...loadConfig(process.env, '0.0.0-test'), jobs: quickJobs })
process.stdout.write(`listening ${server.url}\n`)
process.on('SIGTERM', () => {
  void server.stop().then(() => process.exit(0))
})
