import { sql } from 'drizzle-orm'
import { buildCompany, buildUser } from '../factories'
import { loginAs } from '../helpers/auth'
import { buildTestApp } from '../helpers/test-app'

/**
 * Latency of the calls every screen makes: the authenticated guard (GET /auth/me) and the users
 * page with a search, over a company of 5,000 users generated in SQL. Reports figures only.
 */
const USERS = 5_000
const ROUNDS = 300

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

async function measure(label: string, call: () => Promise<{ statusCode: number }>) {
  for (let i = 0; i < 20; i++) await call()
  const times: number[] = []
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now()
    const response = await call()
    times.push(performance.now() - started)
    if (response.statusCode !== 200) throw new Error(`${label}: status ${response.statusCode}`)
  }
  times.sort((a, b) => a - b)
  console.log(
    `${label.padEnd(40)} p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms`,
  )
}

const t = await buildTestApp()
try {
  const company = await buildCompany(t.db, { plan: undefined })
  const admin = await buildUser(t.db, { company, profile: 'admin' })
  await t.db.execute(sql`
    insert into users ("companyId", name, email, "passwordHash")
    select ${company.id}, 'Atendente ' || g, 'bench-' || g || '@example.test', 'x'
    from generate_series(1, ${USERS}) g`)
  const headers = await loginAs(t.app, admin)
  console.log(
    `database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${USERS} users; ${ROUNDS} requests each`,
  )
  await measure('GET /auth/me', () => t.app.inject({ method: 'GET', url: '/auth/me', headers }))
  await measure('GET /users/ (first page)', () =>
    t.app.inject({ method: 'GET', url: '/users/', headers }),
  )
  await measure('GET /users/?searchParam=4999', () =>
    t.app.inject({ method: 'GET', url: '/users/?searchParam=4999', headers }),
  )
  await measure('GET /users/ page 100', () =>
    t.app.inject({ method: 'GET', url: '/users/?pageNumber=100', headers }),
  )
} finally {
  await t.close()
}
