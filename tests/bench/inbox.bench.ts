import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { hashPassword } from '@server/lib/passwords'
import { bundleBenchServer, forkBenchServer } from './lib/bench-server'
import { generateInbox, scaleOf } from './lib/inbox-data'
import { openBenchDatabase } from './lib/bench-database'
import type { InboxServerReady } from './lib/inbox-server'
import { consecutiveRuns, type Measured } from './lib/runs'
import { summarise, timed } from './lib/stats'

/**
 * Inbox reads at scale (issue 3): the ticket list per tab at 10 concurrent callers, deep pages,
 * a conversation's messages and the search, over 1M tickets and 10M messages generated in SQL.
 * BENCH_SCALE shrinks the data (default 1 with PostgreSQL, 0.01 on PGlite). The generated
 * database is kept (`atende_bench_<scale>`) so later runs skip the load.
 *
 * The server runs in a process of its own and is called over HTTP, as in production: in the
 * bench's process, the callers' requests and JSON parsing took the server's own event loop.
 */
const onPostgres = Boolean(process.env.DATABASE_URL)
const factor = Number(process.env.BENCH_SCALE ?? (onPostgres ? '1' : '0.01'))
const scale = scaleOf(factor)
const PASSWORD = 'bench-password'

const databaseName = `atende_bench_${String(factor).replace('.', '_')}`
// PGlite lives in one process: the bench fills a folder that the server process then opens.
const pgliteDir = onPostgres ? null : mkdtempSync(join(tmpdir(), 'atende-inbox-bench-'))
const handle = await openBenchDatabase(databaseName, pgliteDir)
const { db } = handle
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows

const [seeded] = rows<{ id: number }>(
  await db.execute(sql`SELECT id FROM companies WHERE name = 'Bench 1'`),
)
if (!seeded) {
  const started = performance.now()
  console.log(`generating ${scale.largestTickets + scale.otherTickets * 99} tickets…`)
  const [plan] = rows<{ id: number }>(
    await db.execute(
      sql`INSERT INTO plans (name, users, connections, queues, amount) VALUES ('Bench', 100, 10, 10, '0') RETURNING id`,
    ),
  )
  await generateInbox(db, scale, plan!.id)
  const hash = await hashPassword(PASSWORD)
  await db.execute(sql`
    INSERT INTO users ("companyId", name, email, "passwordHash", profile)
    SELECT c.id, 'Atendente ' || g, 'agent-' || g || '@bench.test', ${hash},
           CASE WHEN g = 1 THEN 'admin' ELSE 'user' END
    FROM companies c, generate_series(1, 20) g WHERE c.name = 'Bench 1'`)
  await db.execute(sql`
    INSERT INTO user_queues ("companyId", "userId", "queueId")
    SELECT u."companyId", u.id, q.id FROM users u JOIN queues q ON q."companyId" = u."companyId"
    WHERE u.email LIKE 'agent-%@bench.test'`)
  // Open tickets belong to the attendants, as they would after accepting them.
  await db.execute(sql`
    UPDATE tickets t SET "userId" = agent.id
    FROM (SELECT u.id, row_number() OVER (ORDER BY u.id) - 1 AS n FROM users u
          WHERE u.email LIKE 'agent-%@bench.test') agent,
         (SELECT o.id, row_number() OVER (ORDER BY o.id) AS n FROM tickets o
          WHERE o.status = 'open' AND o."companyId" = (SELECT id FROM companies WHERE name = 'Bench 1')) open
    WHERE t.id = open.id AND agent.n = open.n % 20`)
  // What autovacuum would have done by the time a real database of this size is read: fresh
  // statistics (the open tickets just changed hands) and a visibility map, without which an
  // index-only scan visits the table anyway.
  if (onPostgres) await db.execute(sql`VACUUM ANALYZE`)
  console.log(`generated in ${((performance.now() - started) / 1000).toFixed(0)} s`)
}

const [largest] = rows<{ tickets: number }>(
  await db.execute(
    sql`SELECT count(*)::int AS tickets FROM tickets WHERE "companyId" = (SELECT id FROM companies WHERE name = 'Bench 1')`,
  ),
)
const sample = rows<{ id: number }>(
  await db.execute(sql`
    SELECT id FROM tickets WHERE "companyId" = (SELECT id FROM companies WHERE name = 'Bench 1')
    ORDER BY id DESC LIMIT 200`),
)
if (onPostgres) {
  // The statistics the plans were made from, kept with the figures.
  const statistics = rows<Record<string, string | null>>(
    await db.execute(sql`
      SELECT c.relname AS table, c.reltuples::bigint AS rows, c.relpages AS pages,
             round(100.0 * c.relallvisible / greatest(c.relpages, 1)) || '%' AS "all-visible",
             to_char(greatest(s.last_analyze, s.last_autoanalyze), 'YYYY-MM-DD HH24:MI') AS analysed,
             to_char(greatest(s.last_vacuum, s.last_autovacuum), 'YYYY-MM-DD HH24:MI') AS vacuumed,
             s.n_dead_tup AS "dead rows"
      FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid
      WHERE c.relname IN ('tickets', 'messages', 'contacts') ORDER BY c.relname`),
  )
  console.log('database statistics:')
  console.table(statistics)
}
await handle.close()

const serverBundle = await bundleBenchServer('inbox-server')

async function runOnce(): Promise<Measured[]> {
  const server = forkBenchServer(serverBundle, {
    ...process.env,
    BENCH_DATABASE: databaseName,
    BENCH_PGLITE_DIR: pgliteDir ?? '',
  })
  const [{ origin }] = (await once(server, 'message')) as [InboxServerReady]
  // Ten callers, ten kept-alive connections.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 10 })
  const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    new Promise<{ status: number; text: string }>((done, fail) => {
      const request = http.request(
        `${origin}${path}`,
        {
          method,
          agent,
          headers:
            body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () =>
            done({ status: response.statusCode!, text: Buffer.concat(chunks).toString('utf8') }),
          )
          response.on('error', fail)
        },
      )
      request.on('error', fail)
      request.end(body === undefined ? undefined : JSON.stringify(body))
    })
  const login = async (email: string) => {
    const { text } = await call('POST', '/auth/login', {}, { email, password: PASSWORD })
    return { authorization: `Bearer ${(JSON.parse(text) as { token: string }).token}` }
  }
  /** The answer's text, read whole: parsing it would be the callers' work, not the server's. */
  const get = async (url: string, headers: Record<string, string>) => {
    const { status, text } = await call('GET', url, headers)
    if (status !== 200) throw new Error(`${url}: ${status} ${text}`)
    return text
  }

  try {
    const figures: Measured[] = []
    const asAdmin = await login('agent-1@bench.test')
    const asAgent = await login('agent-2@bench.test')
    console.log(
      `database: ${onPostgres ? 'PostgreSQL' : 'PGlite'}; scale ${factor}; largest company ${largest!.tickets} tickets`,
    )

    for (const [who, headers] of [
      ['admin, show all', asAdmin],
      ['attendant', asAgent],
    ] as const) {
      for (const status of ['open', 'pending', 'closed', 'group'] as const) {
        const url = `/tickets?status=${status}&showAll=${who.startsWith('admin')}&pageNumber=1`
        // Untimed first calls: compiled serialisers, prepared statements, warm caches and code
        // the JIT has optimised, as in a server that has been up for a while.
        await timed(100, 10, async () => void (await get(url, headers)))
        const times = await timed(400, 10, async () => {
          await get(url, headers)
        })
        figures.push({
          label: `GET /tickets ${status} page 1 (${who}) p95`,
          value: summarise(times).p95,
          unit: ' ms',
          goal: '≤ 50 ms at 10 concurrent',
          meets: (value) => value <= 50,
          digits: 1,
        })
      }
    }

    // Deep pages: follow the cursor 50 pages into the closed tab and time page 50 against page 1.
    const first = `/tickets?status=closed&showAll=true`
    let cursor: string | null = null
    for (let page = 1; page < 50; page++) {
      const url = cursor ? `${first}&cursor=${encodeURIComponent(cursor)}` : first
      const body = JSON.parse(await get(url, asAdmin)) as { nextCursor: string | null }
      cursor = body.nextCursor
      if (!cursor) break
    }
    const pageOne = summarise(await timed(100, 1, async () => void (await get(first, asAdmin)))).p95
    if (cursor) {
      const deep = `${first}&cursor=${encodeURIComponent(cursor)}`
      const pageFifty = summarise(
        await timed(100, 1, async () => void (await get(deep, asAdmin))),
      ).p95
      figures.push({
        label: 'GET /tickets closed page 50 ÷ page 1 (p95)',
        value: pageFifty / pageOne,
        unit: '×',
        goal: '≤ 1.5×',
        meets: (value) => value <= 1.5,
        digits: 2,
      })
    }

    const messageTimes = await timed(400, 1, async (round) => {
      await get(`/messages/${sample[round % sample.length]!.id}`, asAdmin)
    })
    figures.push({
      label: 'GET /messages/{ticketId} p95',
      value: summarise(messageTimes).p95,
      unit: ' ms',
      goal: '≤ 20 ms',
      meets: (value) => value <= 20,
      digits: 1,
    })

    // Common words, contact names, a rare name and a word no message holds (the slowest path).
    const terms = [
      'bruno 12',
      'élida',
      'comprovante',
      'nota fiscal',
      'prazo de entrega',
      'reembolso',
    ]
    const searchTimes = await timed(50, 1, async (round) => {
      const term = encodeURIComponent(terms[round % terms.length]!)
      await get(
        `/tickets?status=search&showAll=true&searchParam=${term}&searchOnMessages=true`,
        asAdmin,
      )
    })
    figures.push({
      label: 'GET /tickets search (with messages) p95',
      value: summarise(searchTimes).p95,
      unit: ' ms',
      goal: '≤ 300 ms',
      meets: (value) => value <= 300,
      digits: 1,
    })
    return figures
  } finally {
    agent.destroy()
    server.send('close')
    await once(server, 'exit')
  }
}

try {
  await consecutiveRuns(runOnce)
} finally {
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true })
}
