// The server the end-to-end tests drive: the built bundle with a known platform operator, on a
// wiped data directory and, when TEST_DATABASE_URL is set (always in CI), a fresh PostgreSQL
// database named atende_e2e that the tests may also reach to arrange data the UI cannot create.
// Playwright starts it (playwright.config.ts) and stops it at the end.
import { spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import pg from 'pg'

export const E2E_DATABASE = 'atende_e2e'

/**
 * Meta's Graph API is a local stand-in (tests/helpers/fake-graph.ts) that the specs start on this
 * fixed port (`startGraphStandIn` in tests/e2e/fixtures.ts): the server never calls Meta.
 */
const E2E_GRAPH_PORT = Number(process.env.E2E_GRAPH_PORT ?? 18091)

/**
 * The specs cannot reach the embedded database: the inbox spec's two queues are put in the
 * platform company here (same names in tests/e2e/fixtures.ts).
 */
const E2E_QUEUES = [
  { name: 'E2E Fila A', color: '#0B6A0B' },
  { name: 'E2E Fila B', color: '#8764B8' },
]

const dataDir = process.env.DATA_DIR ?? '.e2e-data'
rmSync(dataDir, { recursive: true, force: true })
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  GRAPH_API_URL: process.env.GRAPH_API_URL ?? `http://127.0.0.1:${E2E_GRAPH_PORT}`,
  // Integration stand-ins (Typebot, webhooks) listen on this machine.
  INTEGRATIONS_ALLOW_PRIVATE: 'true',
}

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

let child = null
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => (child ? child.kill(signal) : process.exit(0)))
}

/** The bundle, started with `overrides`; resolves with its exit code. */
const startServer = (overrides, stdio) => {
  child = spawn(process.execPath, ['out/server/index.js'], { stdio, env: { ...env, ...overrides } })
  return new Promise((done) => child.on('exit', (code) => done(code ?? 0)))
}

const freePort = () =>
  new Promise((done, fail) => {
    const probe = createServer()
    probe.on('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => done(port))
    })
  })

// A first start on a private port migrates the database and seeds the platform company; the
// queues go in before it stops, so Playwright only ever sees a server that has them.
const privatePort = await freePort()
const firstExit = startServer({ PORT: String(privatePort) }, ['ignore', 'ignore', 'inherit'])
let firstExited = false
void firstExit.then(() => (firstExited = true))
for (let ready = false; !ready;) {
  if (firstExited) process.exit(1)
  ready = await fetch(`http://127.0.0.1:${privatePort}/version`)
    .then((response) => response.ok)
    .catch(() => false)
  if (!ready) await new Promise((done) => setTimeout(done, 100))
}
const insertQueues = `INSERT INTO queues ("companyId", name, color, "orderQueue")
  VALUES (1, $1, $2, 1), (1, $3, $4, 2)`
const queueValues = E2E_QUEUES.flatMap((queue) => [queue.name, queue.color])
// Without DATABASE_URL the first server started the embedded PostgreSQL: reach it while it runs,
// through the port it wrote in its pid file and the password kept beside its cluster.
const embedded = join(resolve(dataDir), 'postgres')
const connectionString =
  env.DATABASE_URL ??
  `postgres://atende:${encodeURIComponent(readFileSync(`${embedded}.secret`, 'utf8').trim())}@127.0.0.1:${readFileSync(join(embedded, 'postmaster.pid'), 'utf8').split('\n')[3]}/postgres`
const db = new pg.Client({ connectionString })
await db.connect()
await db.query(insertQueues, queueValues)
// Every spec creates its users and connections in the platform company: a private plan of its own
// with room for all of them (the default plan, which sign-ups get, keeps its limits).
await db.query(`WITH plan AS (
    INSERT INTO plans (name, users, connections, queues, "isPublic")
    VALUES ('E2E Plataforma', 100, 50, 50, false) RETURNING id
  )
  UPDATE companies SET "planId" = (SELECT id FROM plan) WHERE id = 1`)
await db.end()
child.kill('SIGTERM')
if ((await firstExit) !== 0) process.exit(1)

process.exit(await startServer({}, 'inherit'))
