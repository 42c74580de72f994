// The server the end-to-end tests drive: the built bundle with a known platform operator, on a
// wiped data directory and, when TEST_DATABASE_URL is set (always in CI), a fresh PostgreSQL
// database named atende_e2e that the tests may also reach to arrange data the UI cannot create.
// Playwright starts it (playwright.config.ts) and stops it at the end.
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import pg from 'pg'

export const E2E_DATABASE = 'atende_e2e'

const dataDir = process.env.DATA_DIR ?? '.e2e-data'
rmSync(dataDir, { recursive: true, force: true })
const env = { ...process.env, DATA_DIR: dataDir }

if (process.env.TEST_DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${E2E_DATABASE} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${E2E_DATABASE}`)
  await admin.end()
  const url = new URL(process.env.TEST_DATABASE_URL)
  url.pathname = `/${E2E_DATABASE}`
  env.DATABASE_URL = url.toString()
}

const child = spawn(process.execPath, ['out/server/index.js'], { stdio: 'inherit', env })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
