import { sql } from 'drizzle-orm'
import { buildApp } from '@server/app'
import { hashPassword } from '@server/lib/passwords'
import { testConfig } from '../helpers/test-app'
import { openBenchDatabase } from './lib/bench-database'
import { importUnderLoad } from './lib/contacts-import-load'
import { report, summarise, timed } from './lib/stats'

/**
 * Contacts: search at scale (issue 4) and imports under load (probe F3,
 * `lib/contacts-import-load.ts`). BENCH_CONTACTS picks the parts (`search`, `import`; both by
 * default).
 *
 * Search: GET /contacts with a search term over 500k contacts of one company, generated in SQL.
 * BENCH_SCALE shrinks the data (default 1 with PostgreSQL, 0.02 on PGlite). The generated
 * database is kept (`atende_bench_contacts_<scale>`) so later runs skip the load.
 */
const onPostgres = Boolean(process.env.DATABASE_URL)
const factor = Number(process.env.BENCH_SCALE ?? (onPostgres ? '1' : '0.02'))
const CONTACTS = Math.round(500_000 * factor)
const PASSWORD = 'bench-password'
const COMPANY = 'Bench contacts'

async function searchAtScale() {
  const handle = await openBenchDatabase(
    `atende_bench_contacts_${String(factor).replace('.', '_')}`,
  )
  const { db } = handle
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows

  const [seeded] = rows<{ id: number }>(
    await db.execute(sql`SELECT id FROM companies WHERE name = ${COMPANY}`),
  )
  if (!seeded) {
    const started = performance.now()
    console.log(`generating ${CONTACTS} contacts…`)
    const hash = await hashPassword(PASSWORD)
    // One transaction: an interrupted load leaves nothing behind, and the next run starts over.
    await db.transaction(async (tx) => {
      const [company] = rows<{ id: number }>(
        await tx.execute(sql`
          WITH plan AS (
            INSERT INTO plans (name, users, connections, queues, amount)
            VALUES ('Bench contacts', 100, 10, 10, '0') RETURNING id)
          INSERT INTO companies (name, email, "planId", "dueDate")
          SELECT ${COMPANY}, 'contacts@bench.test', plan.id, '2999-12-31' FROM plan
          RETURNING id`),
      )
      const companyId = company!.id
      await tx.execute(sql`INSERT INTO company_settings ("companyId", "enableLGPD", "lgpdHideNumber")
        VALUES (${companyId}, 'enabled', 'enabled')`)
      // Names from Brazilian first and last names (accents included), numbers and some e-mails.
      await tx.execute(sql`
        WITH first(names) AS (SELECT ARRAY['João','Maria','José','Ana','Antônio','Francisca','Carlos',
            'Márcia','Paulo','Adriana','Lucas','Juliana','Luís','Patrícia','Gabriel','Aline','Rafael',
            'Fernanda','Marcos','Élida','Bruno','Sandra','Pedro','Camila','Thiago','Letícia']),
          last(names) AS (SELECT ARRAY['Silva','Santos','Oliveira','Souza','Rodrigues','Ferreira',
            'Alves','Pereira','Lima','Gomes','Costa','Ribeiro','Martins','Carvalho','Araújo','Melo',
            'Barbosa','Rocha','Dias','Nascimento','Conceição','Gonçalves','Cavalcanti','Leão'])
        INSERT INTO contacts ("companyId", name, number, channel, email)
        SELECT ${companyId},
               first.names[1 + (g * 7) % array_length(first.names, 1)] || ' ' ||
                 last.names[1 + (g * 13) % array_length(last.names, 1)] || ' ' ||
                 last.names[1 + (g / 24) % array_length(last.names, 1)] || ' ' || g,
               '55' || (11 + g % 89) || '9' || lpad((g::bigint * 7919 % 100000000)::text, 8, '0'),
               'whatsapp',
               CASE WHEN g % 3 = 0 THEN 'cliente' || g || '@exemplo.com.br' ELSE '' END
        FROM generate_series(1, ${CONTACTS}) g, first, last
        ON CONFLICT DO NOTHING`)
      await tx.execute(sql`
        INSERT INTO tags ("companyId", name, color, kanban)
        SELECT ${companyId}, 'Tag ' || g, '#A4CCCC', 0 FROM generate_series(1, 20) g`)
      await tx.execute(sql`
        INSERT INTO contact_tags ("companyId", "contactId", "tagId")
        SELECT c."companyId", c.id, t.id FROM contacts c
        JOIN tags t ON t."companyId" = c."companyId" AND t.name = 'Tag ' || (1 + c.id % 20)
        WHERE c."companyId" = ${companyId} AND c.id % 10 = 0`)
      await tx.execute(sql`
        INSERT INTO users ("companyId", name, email, "passwordHash", profile) VALUES
          (${companyId}, 'Admin', 'admin@contacts.bench.test', ${hash}, 'admin'),
          (${companyId}, 'Atendente', 'agent@contacts.bench.test', ${hash}, 'user')`)
    })
    await db.execute(sql`ANALYZE contacts`)
    await db.execute(sql`ANALYZE contact_tags`)
    console.log(`generated in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  }

  const { app } = await buildApp({ config: testConfig(), db, logger: false })
  await app.ready()
  const login = async (email: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: PASSWORD },
    })
    return { authorization: `Bearer ${response.json<{ token: string }>().token}` }
  }
  const asAdmin = await login('admin@contacts.bench.test')
  const asAgent = await login('agent@contacts.bench.test')
  const get = async (url: string, headers: Record<string, string>) => {
    const response = await app.inject({ method: 'GET', url, headers })
    if (response.statusCode !== 200)
      throw new Error(`${url}: ${response.statusCode} ${response.body}`)
    return response.json<{ contacts: unknown[]; count: number; nextCursor: string | null }>()
  }

  try {
    const [count] = rows<{ contacts: number }>(
      await db.execute(sql`SELECT count(*)::int AS contacts FROM contacts
        WHERE "companyId" = (SELECT id FROM companies WHERE name = ${COMPANY})`),
    )
    console.log(
      `database: ${onPostgres ? 'PostgreSQL' : 'PGlite'}; scale ${factor}; ${count!.contacts} contacts in one company`,
    )

    // Typed searches as attendants make them: names with and without accents, rare and common,
    // parts of numbers (formatted too) and e-mails.
    const terms = [
      'joao silva',
      'élida leão',
      'conceicao',
      'patricia araujo 12',
      'maria',
      '98765',
      '(21) 9123',
      'cliente1234@',
      'exemplo.com',
      'gonçalves cavalcanti',
    ]
    for (const [who, headers] of [
      ['admin', asAdmin],
      ['profile user, LGPD masking', asAgent],
    ] as const) {
      const times = await timed(100, 1, async (round) => {
        const term = encodeURIComponent(terms[round % terms.length]!)
        await get(`/contacts?searchParam=${term}`, headers)
      })
      const { p50, p95 } = summarise(times)
      report(
        `GET /contacts search (${who})`,
        `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
        'p95 ≤ 300 ms',
        p95 <= 300,
      )
    }
    const concurrent = summarise(
      await timed(100, 10, async (round) => {
        const term = encodeURIComponent(terms[round % terms.length]!)
        await get(`/contacts?searchParam=${term}`, asAgent)
      }),
    )
    report(
      'GET /contacts search, 10 concurrent',
      `p50 ${concurrent.p50.toFixed(1)} ms, p95 ${concurrent.p95.toFixed(1)} ms`,
      'reported only',
      true,
    )
    for (const term of terms) {
      const times = await timed(5, 1, async () => {
        await get(`/contacts?searchParam=${encodeURIComponent(term)}`, asAdmin)
      })
      console.log(`  '${term}': p50 ${summarise(times).p50.toFixed(1)} ms`)
    }

    const listTimes = await timed(100, 10, async () => {
      await get('/contacts', asAdmin)
    })
    report(
      'GET /contacts page 1 (no search)',
      `p95 ${summarise(listTimes).p95.toFixed(1)} ms`,
      'p95 ≤ 300 ms at 10 concurrent',
      summarise(listTimes).p95 <= 300,
    )

    const [tag] = rows<{ id: number }>(
      await db.execute(sql`SELECT id FROM tags WHERE name = 'Tag 7'
        AND "companyId" = (SELECT id FROM companies WHERE name = ${COMPANY})`),
    )
    const tagTimes = await timed(100, 10, async () => {
      await get(`/contacts?contactTag=${encodeURIComponent(`[${tag!.id}]`)}`, asAdmin)
    })
    report(
      'GET /contacts tag filter',
      `p95 ${summarise(tagTimes).p95.toFixed(1)} ms`,
      'p95 ≤ 300 ms at 10 concurrent',
      summarise(tagTimes).p95 <= 300,
    )

    // Deep pages through the keyset cursor.
    let cursor: string | null = null
    for (let page = 1; page < 50; page++) {
      const body = await get(
        cursor ? `/contacts?cursor=${encodeURIComponent(cursor)}` : '/contacts',
        asAdmin,
      )
      cursor = body.nextCursor
      if (!cursor) break
    }
    if (cursor) {
      const deep = summarise(
        await timed(100, 1, async () => {
          await get(`/contacts?cursor=${encodeURIComponent(cursor)}`, asAdmin)
        }),
      ).p95
      report(
        'GET /contacts page 50 (cursor)',
        `p95 ${deep.toFixed(1)} ms`,
        'p95 ≤ 300 ms',
        deep <= 300,
      )
    }
  } finally {
    await app.close()
    await handle.close()
  }
}

const parts = (process.env.BENCH_CONTACTS ?? 'search,import').split(',')
if (parts.includes('search')) await searchAtScale()
if (parts.includes('import')) await importUnderLoad()
