import { defineConfig } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 18090)
export const E2E_OPERATOR = { email: 'operator@atende.e2e', password: 'operator-e2e-password' }

/**
 * End-to-end: Debian's Chromium (Playwright's own browsers cannot be downloaded here) against the
 * built server serving the built renderer, with a fresh embedded database per run.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    // The app follows the browser's language on a first visit; the specs read the pt-BR texts.
    locale: 'pt-BR',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${port}/version`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: '.e2e-data',
      ADMIN_EMAIL: E2E_OPERATOR.email,
      ADMIN_PASSWORD: E2E_OPERATOR.password,
      LOG_LEVEL: 'warn',
    },
  },
})
