import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '@server/app'
import type { ServerConfig } from '@server/config'
import { openDatabase, type Database } from '@server/db/client'
import type { MakeSocket } from '@server/channels/whatsapp/socket'
import type { Mailer } from '@server/lib/mailer'
import type { CoreDeps } from '@server/deps'
import type { Services } from '@server/services'
import { createTokenService } from '@server/lib/tokens'
import { migratedPgliteSnapshot, migratedPostgresTemplate } from './database-templates'
import { registerMinter } from './auth'

export interface TestApp {
  app: FastifyInstance
  db: Database
  services: Services
  /** What the services were built from: tests that build a service by hand start from it. */
  deps: CoreDeps
  config: ServerConfig
  close(): Promise<void>
}

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-test-'))
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    mediaDir: join(dataDir, 'media'),
    databaseUrl: null,
    embeddedDir: null,
    pgliteDir: null,
    publicUrl: 'http://localhost:8080',
    corsOrigins: [],
    jwtSecret: randomBytes(32).toString('hex'),
    refreshSecret: randomBytes(32).toString('hex'),
    encryptionKey: randomBytes(32).toString('hex'),
    admin: { email: 'operator@atende.test', password: 'operator-password' },
    smtp: null,
    webRoot: null,
    logLevel: 'silent',
    trustProxy: false,
    version: '0.0.0-test',
    // Nothing in a test may reach the real Graph API: tests that need it start fake-graph.
    graph: { apiUrl: 'http://127.0.0.1:9', version: 'v21.0' },
    // Bots' stand-ins listen on this machine: tests allow loopback targets.
    bots: {
      openaiModel: 'gpt-test',
      speechUrl: 'http://127.0.0.1:9/{region}/tts',
      allowPrivateTargets: true,
      dialogflowUrl: 'http://127.0.0.1:9',
      googleTokenUrl: 'http://127.0.0.1:9/token',
    },
    ...overrides,
  }
}

/**
 * A fresh, migrated database per call: PGlite in memory, or, when DATABASE_URL is set, a new
 * database on that PostgreSQL server, dropped on close. The same suites run against both. Both
 * start as copies of a migrated template (`database-templates.ts`).
 */
export async function freshDatabase() {
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) {
    const handle = await openDatabase({
      databaseUrl: null,
      pgliteDir: null,
      pgliteSnapshot: await migratedPgliteSnapshot(),
    })
    return { handle, url: null, drop: () => Promise.resolve() }
  }
  const name = `atende_test_${randomBytes(6).toString('hex')}`
  const template = await migratedPostgresTemplate(serverUrl)
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null })
  return {
    handle,
    /** Where other processes reach this database (null: in memory, this process only). */
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}

export async function buildTestApp(
  options: { config?: Partial<ServerConfig>; mailer?: Mailer; makeSocket?: MakeSocket } = {},
): Promise<TestApp> {
  const config = testConfig(options.config)
  const { handle, drop } = await freshDatabase()
  await handle.migrate()
  const { app, services, deps } = await buildApp({
    config,
    db: handle.db,
    // TEST_LOG=error (or another pino level) shows the app's log while a test runs.
    logger: process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.makeSocket ? { makeSocket: options.makeSocket } : {}),
  })
  await app.ready()
  registerMinter(app, handle.db, createTokenService(config.jwtSecret, config.refreshSecret))
  return {
    app,
    db: handle.db,
    services,
    deps,
    config,
    async close() {
      await app.close()
      await handle.close()
      await drop()
      rmSync(config.dataDir, { recursive: true, force: true })
    },
  }
}

/** Another server instance of a test app: its own services, jobs and locks on the same data. */
export interface TestInstance {
  app: FastifyInstance
  services: Services
  deps: CoreDeps
  close(): Promise<void>
}

/**
 * A second server instance on the test app's database, as another process would run: on
 * PostgreSQL with its own connections; on PGlite (one process) on the same database object.
 */
export async function buildSecondInstance(
  t: Pick<TestApp, 'db' | 'config'>,
  config: Partial<ServerConfig> = {},
  /** Runs before the instance starts its jobs (stand-in drivers). */
  prepare: (instance: Pick<TestInstance, 'services'>) => void = () => undefined,
): Promise<TestInstance> {
  let db = t.db
  let closeDb = () => Promise.resolve()
  const serverUrl = process.env.DATABASE_URL
  if (serverUrl) {
    const result = await t.db.execute(sql`SELECT current_database() AS name`)
    const [row] = (result as { rows: { name: string }[] }).rows
    const url = new URL(serverUrl)
    url.pathname = `/${row!.name}`
    const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null })
    db = handle.db
    closeDb = () => handle.close()
  }
  const { app, services, deps } = await buildApp({
    config: { ...t.config, ...config },
    db,
    logger: process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false,
  })
  prepare({ services })
  await app.ready()
  return {
    app,
    services,
    deps,
    async close() {
      await app.close()
      await closeDb()
    },
  }
}
