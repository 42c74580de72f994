import { sql } from 'drizzle-orm'
import type { Database, Executor } from '@server/db/client'

/**
 * The inbox at production scale, generated in SQL (issue 3): 1M tickets in 100 companies with
 * 400k in the largest, 10M messages, one contact per ticket. `scale` shrinks every figure
 * proportionally for a quick run. Heavy indexes are dropped during the load and rebuilt, as a
 * bulk import would; their definitions come from the migrations, so they are the real ones.
 */
export interface InboxScale {
  companies: number
  largestTickets: number
  otherTickets: number
  messagesPerTicket: number
}

export const scaleOf = (factor: number): InboxScale => ({
  companies: 100,
  largestTickets: Math.round(400_000 * factor),
  otherTickets: Math.round((600_000 * factor) / 99),
  messagesPerTicket: 10,
})

const HEAVY_INDEXES = [
  'messages_search_trgm_idx',
  'messages_company_ticket_idx',
  'messages_company_created_idx',
  'contacts_search_trgm_idx',
]

/** Runs in one transaction: an interrupted load leaves nothing behind. */
export async function generateInbox(db: Database, scale: InboxScale, planId: number) {
  await db.transaction((tx) => load(tx, scale, planId))
}

async function load(db: Executor, scale: InboxScale, planId: number) {
  const result: unknown = await db.execute(
    sql`SELECT indexdef FROM pg_indexes WHERE indexname IN ${HEAVY_INDEXES}`,
  )
  const definitions = result as { rows: { indexdef: string }[] }
  for (const name of HEAVY_INDEXES) await db.execute(sql.raw(`DROP INDEX IF EXISTS "${name}"`))

  await db.execute(sql`
    INSERT INTO companies (name, email, "planId", "dueDate")
    SELECT 'Bench ' || g, 'bench-' || g || '@example.test', ${planId}, '2999-12-31'
    FROM generate_series(1, ${scale.companies}) g`)
  await db.execute(sql`
    INSERT INTO company_settings ("companyId")
    SELECT id FROM companies WHERE name LIKE 'Bench %'
    ON CONFLICT DO NOTHING`)
  await db.execute(sql`
    INSERT INTO queues ("companyId", name, color)
    SELECT c.id, 'Fila ' || q, '#' || lpad(to_hex(c.id * 8 + q), 6, '0')
    FROM companies c, generate_series(1, 5) q WHERE c.name LIKE 'Bench %'`)
  await db.execute(sql`
    INSERT INTO connections ("companyId", name, channel, status, token, "isDefault")
    SELECT id, 'WhatsApp ' || id, 'whatsappapi', 'CONNECTED', 'bench' || lpad(id::text, 25, '0'), true
    FROM companies WHERE name LIKE 'Bench %'`)

  // Tickets per company: the first bench company is the largest.
  await db.execute(sql`
    CREATE TEMP TABLE bench_sizes ON COMMIT DROP AS
    SELECT c.id AS company, CASE WHEN c.id = min(c.id) OVER () THEN ${scale.largestTickets}::int ELSE ${scale.otherTickets}::int END AS tickets
    FROM companies c WHERE c.name LIKE 'Bench %'`)
  await db.execute(sql`
    INSERT INTO contacts ("companyId", name, number, channel)
    SELECT s.company,
           (ARRAY['Ana','Bruno','Carla','Diego','Élida','Fábio','Gisele','Hélio'])[1 + g % 8] || ' ' || g,
           '55' || (11900000000 + g)::text, 'whatsapp'
    FROM bench_sizes s, generate_series(1, s.tickets) g`)
  // 90% closed, 4% pending, 5% open, 1% group, spread over the company's queues and 20 users.
  await db.execute(sql`
    INSERT INTO tickets ("companyId", "contactId", "whatsappId", "queueId", status, channel,
                         "lastMessage", "unreadMessages", "createdAt", "updatedAt", "lastMessageAt")
    SELECT ct."companyId", ct.id, w.id,
           (SELECT q.id FROM queues q WHERE q."companyId" = ct."companyId" ORDER BY q.id OFFSET ct.id % 5 LIMIT 1),
           CASE WHEN ct.id % 100 < 90 THEN 'closed' WHEN ct.id % 100 < 94 THEN 'pending'
                WHEN ct.id % 100 < 99 THEN 'open' ELSE 'group' END,
           'whatsappapi', 'Mensagem ' || ct.id, CASE WHEN ct.id % 100 >= 90 THEN ct.id % 4 ELSE 0 END,
           now() - make_interval(mins => ct.id % 500000), now() - make_interval(mins => ct.id % 400000),
           now() - make_interval(mins => ct.id % 400000)
    FROM contacts ct JOIN connections w ON w."companyId" = ct."companyId"
    WHERE ct.name ~ ' [0-9]+$' AND ct."companyId" IN (SELECT company FROM bench_sizes)`)
  await db.execute(sql`
    INSERT INTO messages ("companyId", "ticketId", "whatsappId", "contactId", wid, body, "fromMe", ack, "createdAt")
    SELECT t."companyId", t.id, t."whatsappId", CASE WHEN m % 2 = 0 THEN t."contactId" END,
           'wamid.' || t.id || '.' || m,
           (ARRAY['Olá, bom dia','Preciso de ajuda com meu pedido','Qual o prazo de entrega?',
                  'Obrigado pelo atendimento','Segue o comprovante','Não recebi a nota fiscal',
                  'Pode me ligar?','Atenção: endereço alterado'])[1 + (t.id + m) % 8] || ' #' || t.id,
           m % 2 = 1, CASE WHEN m % 2 = 1 THEN 3 ELSE 0 END,
           t."createdAt" + make_interval(secs => m * 30)
    FROM tickets t, generate_series(1, ${scale.messagesPerTicket}) m
    WHERE t."companyId" IN (SELECT company FROM bench_sizes)`)

  for (const { indexdef } of definitions.rows) await db.execute(sql.raw(indexdef))
  await db.execute(sql`ANALYZE`)
}
