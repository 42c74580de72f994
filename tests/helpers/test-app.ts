import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '@server/app'
import type { ServerConfig } from '@server/config'
import { openDatabase, type Database } from '@server/db/client'
import type { MakeSocket } from '@server/channels/whatsapp/socket'
import type { Mailer } from '@server/lib/mailer'
import type { Services } from '@server/services'
import { createTokenService } from '@server/lib/tokens'
import { registerMinter } from './auth'

export interface TestApp {
  app: FastifyInstance
  db: Database
  services: Services
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
    ...overrides,
  }
}

/**
 * A fresh database per call: PGlite in memory, or, when DATABASE_URL is set, a new database on
 * that PostgreSQL server, dropped on close. The same suites run against both.
 */
async function freshDatabase() {
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) {
    const handle = await openDatabase({ databaseUrl: null, pgliteDir: null })
    return { handle, drop: () => Promise.resolve() }
  }
  const name = `atende_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null })
  return {
    handle,
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
  const { app, services } = await buildApp({
    config,
    db: handle.db,
    logger: false,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.makeSocket ? { makeSocket: options.makeSocket } : {}),
  })
  await app.ready()
  registerMinter(app, handle.db, createTokenService(config.jwtSecret, config.refreshSecret))
  return {
    app,
    db: handle.db,
    services,
    config,
    async close() {
      await app.close()
      await handle.close()
      await drop()
      rmSync(config.dataDir, { recursive: true, force: true })
    },
  }
}
