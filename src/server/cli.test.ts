import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, test } from 'vitest'
import { buildCompany, buildUser } from '@tests/factories'
import { processSecrets } from '@tests/helpers/server-process-runner'
import { freshDatabase } from '@tests/helpers/test-app'
import { createTokenService } from '@server/lib/tokens'

/**
 * The server as `npm start` runs it (`cli.ts`), stopped by SIGTERM while a request is in flight.
 * A process of its own on a database of its own: PostgreSQL only (the embedded database belongs
 * to one process).
 */

const GRACE_MS = 8_000
const cleanup: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const step of cleanup.reverse()) await step()
})

/** Starts `cli.ts` and resolves once it serves; its output is collected in `output()`. */
async function startCli(databaseUrl: string, secrets: ReturnType<typeof processSecrets>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-cli-'))
  cleanup.push(() => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })))
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'cli.ts')], {
    env: {
      ...process.env,
      ...secrets,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_ROOT: '',
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: 'operator-password',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  cleanup.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /is running at (\S+)/.exec(output)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)))
  })
  return { url, child, exited, output: () => output }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/**
 * A server process on a fresh database with a request in flight that waits: creating a user
 * counts the plan's users under the company's row lock, which the test holds until `release`.
 */
async function serverWithSlowRequest() {
  const database = await freshDatabase()
  cleanup.push(database.drop, () => database.handle.close())
  const secrets = processSecrets()
  const server = await startCli(database.url!, secrets)

  const db = database.handle.db
  const company = await buildCompany(db)
  const admin = await buildUser(db, { company, profile: 'admin' })
  const token = await createTokenService(secrets.JWT_SECRET, secrets.JWT_REFRESH_SECRET).signAccess(
    {
      userId: admin.id,
      companyId: company.id,
      tokenVersion: admin.tokenVersion,
      sessionId: randomUUID(),
    },
  )
  expect((await fetch(`${server.url}/health/ready`)).status).toBe(200)

  const holder = new pg.Client({ connectionString: database.url! })
  await holder.connect()
  cleanup.push(() => holder.end())
  await holder.query('BEGIN')
  await holder.query('SELECT id FROM companies WHERE id = $1 FOR UPDATE', [company.id])
  const slow = fetch(`${server.url}/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Late', email: 'late@x.test', password: 'secret12' }),
  })
  // Never left unhandled: a test that cuts the request does not await it.
  slow.catch(() => undefined)
  await waitFor(async () => {
    const { rows } = await holder.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    )
    return rows[0]!.waiting > 0
  })
  return { server, slow, release: () => holder.query('COMMIT') }
}

describe.skipIf(!process.env.DATABASE_URL)('SIGTERM', () => {
  test(
    'answers the request in flight, refuses new work, and exits 0 within the grace',
    { timeout: 60_000 },
    async () => {
      const { server, slow, release } = await serverWithSlowRequest()

      const signalled = Date.now()
      server.child.kill('SIGTERM')
      // Readiness goes down at once: 503, or the port is already closed.
      await waitFor(async () => {
        const ready = await fetch(`${server.url}/health/ready`).then(
          (response) => response.status,
          () => 'closed',
        )
        return ready === 503 || ready === 'closed'
      })
      expect(server.child.exitCode).toBeNull()

      await release()
      expect((await slow).status).toBe(201)
      expect(await server.exited).toBe(0)
      expect(Date.now() - signalled).toBeLessThan(GRACE_MS)

      // Each step logged once, in this order by its time (a busy pipe may deliver the log's last
      // writes out of order).
      const steps = server
        .output()
        .split('\n')
        .filter((line) => line.includes('"step"'))
        .map(
          (line) => JSON.parse(line) as { step: string; ms: number; level: number; time: number },
        )
      const order = [
        'HTTP requests finished',
        'jobs stopped',
        'background work stopped',
        'database closed',
      ]
      expect(steps.map((entry) => entry.step).sort()).toEqual([...order].sort())
      const times = order.map((step) => steps.find((entry) => entry.step === step)!.time)
      expect(times).toEqual([...times].sort((first, second) => first - second))
      for (const entry of steps) expect(entry).toMatchObject({ level: 30, ms: expect.any(Number) })
    },
  )

  test(
    'a second signal exits at once, without waiting for the request',
    { timeout: 60_000 },
    async () => {
      const { server, release } = await serverWithSlowRequest()
      server.child.kill('SIGTERM')
      await waitFor(() =>
        fetch(`${server.url}/health/ready`).then(
          () => false,
          () => true,
        ),
      )
      const signalled = Date.now()
      server.child.kill('SIGINT')
      expect(await server.exited).toBe(1)
      expect(Date.now() - signalled).toBeLessThan(GRACE_MS)
      await release()
    },
  )
})
