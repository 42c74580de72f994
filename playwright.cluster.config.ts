import { defineConfig } from '@playwright/test'
import base, { E2E_OPERATOR } from './playwright.config'

const port = Number(process.env.CLUSTER_PORT ?? 18190)
const graphPort = Number(process.env.CLUSTER_GRAPH_PORT ?? 18191)

/**
 * The two-instance spec: the built server twice on one PostgreSQL database behind nginx
 * (scripts/cluster-e2e-server.mjs), Chromium on the proxy's address.
 */
export default defineConfig({
  ...base,
  testDir: 'tests/cluster',
  // Its own folder: the main run's screenshots (test-results/walkthrough) stay for a reviewer.
  outputDir: 'test-results/cluster',
  use: { ...base.use, baseURL: `http://localhost:${port}` },
  webServer: {
    command: 'node scripts/cluster-e2e-server.mjs',
    url: `http://localhost:${port}/version`,
    reuseExistingServer: false,
    timeout: 90_000,
    env: {
      PORT: String(port),
      E2E_GRAPH_PORT: String(graphPort),
      ADMIN_EMAIL: E2E_OPERATOR.email,
      ADMIN_PASSWORD: E2E_OPERATOR.password,
      LOG_LEVEL: 'warn',
    },
  },
})
