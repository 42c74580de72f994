// Two instances of the built server on one PostgreSQL database, behind nginx, for the
// two-instance end-to-end spec (tests/cluster, playwright.cluster.config.ts). nginx sends
// everything to instance A while it answers and to B once it does not (B is its backup), so the
// spec knows where the browser's socket lives; webhooks go straight to B. The spec kills A with
// SIGKILL: the ports and pids are written to `.cluster-data/instances.json`.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { startNginx } from './nginx-proxy.mjs'

const DATABASE = 'atende_cluster'
const root = resolve(process.env.CLUSTER_DATA_DIR ?? '.cluster-data')
const proxyPort = Number(process.env.PORT ?? 18190)
const graphPort = Number(process.env.E2E_GRAPH_PORT ?? 18191)

if (!process.env.TEST_DATABASE_URL) {
  console.error('the two-instance spec needs TEST_DATABASE_URL (a PostgreSQL server)')
  process.exit(1)
}
rmSync(root, { recursive: true, force: true })
mkdirSync(root, { recursive: true })

const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
await admin.connect()
await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`)
await admin.query(`CREATE DATABASE ${DATABASE}`)
await admin.end()
const databaseUrl = new URL(process.env.TEST_DATABASE_URL)
databaseUrl.pathname = `/${DATABASE}`

const freePort = () =>
  new Promise((done, fail) => {
    const probe = createServer()
    probe.on('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => done(port))
    })
  })

// One deployment: the same secrets and database for both instances, each its own data folder.
const secret = () => randomBytes(48).toString('base64url')
const shared = {
  ...process.env,
  DATABASE_URL: databaseUrl.toString(),
  JWT_SECRET: secret(),
  JWT_REFRESH_SECRET: secret(),
  ENCRYPTION_KEY: secret(),
  PUBLIC_URL: `http://localhost:${proxyPort}`,
  GRAPH_API_URL: `http://127.0.0.1:${graphPort}`,
  TRUST_PROXY: '1',
  HOST: '127.0.0.1',
}

const children = []
let proxy = null
const stopAll = (signal) => {
  proxy?.stop()
  for (const child of children) if (child.exitCode === null) child.kill(signal)
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll('SIGTERM')
    setTimeout(() => process.exit(0), 3_000).unref()
  })
}

async function startInstance(name) {
  const port = await freePort()
  const child = spawn(process.execPath, ['out/server/index.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...shared, PORT: String(port), DATA_DIR: join(root, name) },
  })
  children.push(child)
  for (let ready = false; !ready;) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited with ${child.exitCode}`)
    ready = await fetch(`http://127.0.0.1:${port}/version`)
      .then((response) => response.ok)
      .catch(() => false)
    if (!ready) await new Promise((done) => setTimeout(done, 100))
  }
  return { pid: child.pid, port, url: `http://127.0.0.1:${port}` }
}

// A first, alone: it migrates the database and seeds the platform; then B joins it.
const a = await startInstance('a')
const b = await startInstance('b')

proxy = await startNginx({
  port: proxyPort,
  upstreams: [{ port: a.port }, { port: b.port, backup: true }],
  dir: join(root, 'nginx'),
  onExit(code) {
    console.error(`nginx exited with ${code}`)
    stopAll('SIGTERM')
    process.exit(1)
  },
})

writeFileSync(
  join(root, 'instances.json'),
  JSON.stringify({
    a,
    b,
    proxy: `http://localhost:${proxyPort}`,
    databaseUrl: shared.DATABASE_URL,
  }),
)
// Playwright stops this script at the end; the instances and nginx go with it.
await new Promise(() => undefined)
