import { randomBytes } from 'node:crypto'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { eq, isNull, sql } from 'drizzle-orm'
import type { ImportJobDto } from '@shared/contracts/contacts'
import { contactImportJobs } from '@server/modules/contacts/contacts.table'
import { inboundEvents } from '@server/modules/inbound/inbound.table'
import { buildCompany, buildConnection, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { signMeta } from '@tests/helpers/fake-graph'
import { multipart } from '@tests/helpers/messages'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { oneCellRows, spaces, xlsxWithSheetData } from '@tests/helpers/xlsx-archive'
import { report, summarise } from './stats'

/**
 * Does a contacts sheet or import freeze the server (probe F3)? Everything shares one event
 * loop, so each scenario measures, while it runs, the loop's worst delay
 * (perf_hooks.monitorEventLoopDelay) and what other callers get meanwhile: a signed Cloud API
 * webhook every 100 ms (processed by the inbound pipeline, as in production) and a contact list
 * page every 250 ms, as Meta and attendants would. In this process, like the server it
 * measures; on PGlite, or on DATABASE_URL.
 */
const APP_SECRET = 'bench-app-secret'
const PHONE_NUMBER_ID = '1000000002'
const IMPORT_ROWS = 50_000

interface Callers {
  connectionId: number
  headers: Record<string, string>
}

/** Runs `work` while webhooks and list calls keep coming; answers what they got meanwhile. */
async function underLoad<T>(t: TestApp, callers: Callers, work: () => Promise<T>) {
  const load = { webhooks: [] as number[], lists: [] as number[], failures: [] as string[] }
  const loop = monitorEventLoopDelay({ resolution: 10 })
  let running = true
  // Each call is timed from when it was due, not from when a busy loop got round to sending
  // it: a provider sends on its own clock, and its webhook waits while our loop is blocked.
  const every = async (ms: number, call: (due: number) => Promise<void>) => {
    const pending: Promise<void>[] = []
    const first = performance.now()
    for (let round = 0; running; round++) {
      const due = first + round * ms
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())))
      if (running) pending.push(call(due))
    }
    await Promise.all(pending)
  }
  const webhook = async (due: number) => {
    const body = JSON.stringify(cloudApiMessage())
    const res = await t.app.inject({
      method: 'POST',
      url: `/webhooks/meta/${callers.connectionId}`,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signMeta(body, APP_SECRET),
      },
      payload: body,
    })
    load.webhooks.push(performance.now() - due)
    if (res.statusCode !== 200) load.failures.push(`webhook ${res.statusCode}`)
  }
  const list = async (due: number) => {
    const res = await t.app.inject({ method: 'GET', url: '/contacts', headers: callers.headers })
    load.lists.push(performance.now() - due)
    if (res.statusCode !== 200) load.failures.push(`list ${res.statusCode}`)
  }
  const peakBefore = process.resourceUsage().maxRSS
  loop.enable()
  const started = performance.now()
  const callersDone = Promise.all([every(100, webhook), every(250, list)])
  let result: T
  try {
    result = await work()
  } finally {
    // A timer's turn, so that the monitor records a block of the loop that just ended.
    await new Promise((resolve) => setTimeout(resolve, 20))
    running = false
    loop.disable()
  }
  const seconds = (performance.now() - started) / 1000
  await callersDone
  return {
    result,
    load,
    seconds,
    worstDelayMs: loop.max / 1e6,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    peakRssGrewMb: Math.round((process.resourceUsage().maxRSS - peakBefore) / 1024),
  }
}

let sequence = 0
function cloudApiMessage() {
  sequence++
  const from = `55119${String(sequence % 400).padStart(8, '0')}`
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'waba',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '551130000000', phone_number_id: PHONE_NUMBER_ID },
              contacts: [{ profile: { name: `Cliente ${sequence}` }, wa_id: from }],
              messages: [
                {
                  from,
                  id: `wamid.${randomBytes(12).toString('hex')}.${sequence}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: `bench ${sequence}` },
                },
              ],
            },
          },
        ],
      },
    ],
  }
}

function reportLoad(label: string, measured: Awaited<ReturnType<typeof underLoad>>) {
  const webhooks = summarise(measured.load.webhooks)
  const worstWebhook = Math.max(...measured.load.webhooks)
  const lists = summarise(measured.load.lists)
  report(
    `${label}: worst event-loop delay`,
    `${measured.worstDelayMs.toFixed(0)} ms over ${measured.seconds.toFixed(1)} s`,
    '≤ 100 ms',
    measured.worstDelayMs <= 100,
  )
  report(
    `${label}: webhooks answered (${measured.load.webhooks.length})`,
    `p95 ${webhooks.p95.toFixed(0)} ms, worst ${worstWebhook.toFixed(0)} ms`,
    'worst ≤ 200 ms',
    worstWebhook <= 200,
  )
  report(
    `${label}: GET /contacts (${measured.load.lists.length})`,
    `p95 ${lists.p95.toFixed(0)} ms, worst ${Math.max(...measured.load.lists).toFixed(0)} ms`,
    'p95 ≤ 300 ms',
    lists.p95 <= 300,
  )
  report(
    `${label}: peak RSS of the process`,
    `${measured.peakRssMb} MB (+${measured.peakRssGrewMb} MB)`,
    'reported only',
    true,
  )
  if (measured.load.failures.length)
    console.log(`  failed calls: ${measured.load.failures.slice(0, 5).join(', ')}`)
}

/** The three scenarios of probe F3: a zip bomb, a huge sheet's preview, a 50k-row import. */
export async function importUnderLoad() {
  console.log('generating the sheets…')
  const hugeSheet = await xlsxWithSheetData(
    oneCellRows(1_250_000, (row) => String(5511900000000 + row)),
  )
  const bomb = await xlsxWithSheetData(spaces(1024 ** 3))
  console.log(
    `sheets: ${(hugeSheet.length / 2 ** 20).toFixed(1)} MiB with 1,250,000 rows, ` +
      `${(bomb.length / 2 ** 20).toFixed(1)} MiB unpacking to 1 GiB`,
  )

  const t = await buildTestApp()
  // Access tokens live 15 minutes; an import on the embedded database takes longer.
  let renew: NodeJS.Timeout | undefined
  try {
    const company = await buildCompany(t.db)
    const agent = await buildUser(t.db, { company })
    const connection = await buildConnection(t.db, company, {
      channel: 'whatsappapi',
      status: 'CONNECTED',
      wabaPhoneNumberId: PHONE_NUMBER_ID,
      wabaAppSecretSealed: t.services.channels.seal(APP_SECRET),
    })
    const headers = await loginAs(t.app, agent)
    renew = setInterval(
      () => void loginAs(t.app, agent).then((fresh) => Object.assign(headers, fresh)),
      5 * 60_000,
    )
    const callers = { connectionId: connection.id, headers }
    t.services.inbound.start()
    // Each scenario starts once the webhooks of the one before are processed.
    const settled = async () => {
      for (;;) {
        const [backlog] = await t.db
          .select({ count: sql<number>`count(*)::int` })
          .from(inboundEvents)
          .where(isNull(inboundEvents.processedAt))
        if (backlog!.count === 0) return
        await new Promise((resolve) => setTimeout(resolve, 500))
      }
    }

    // The sheet worker starts with the first sheet: started before the clock.
    const warmUp = await multipart([
      ['file', Buffer.from('nome;numero\nAna;5511900000001\n'), 'a.csv'],
    ])
    await t.app.inject({
      method: 'POST',
      url: '/contacts/upload/preview',
      headers: { ...headers, ...warmUp.headers },
      payload: warmUp.payload,
    })

    for (const [label, file] of [
      ['zip bomb preview (1 GiB of spaces)', bomb],
      ['preview of 1,250,000 rows', hugeSheet],
    ] as const) {
      const form = await multipart([['file', file, 'contatos.xlsx']])
      await settled()
      const measured = await underLoad(t, callers, async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/contacts/upload/preview',
          headers: { ...headers, ...form.headers },
          payload: form.payload,
        })
        return `${res.statusCode} ${res.statusCode === 200 ? '' : res.body}`
      })
      reportLoad(label, measured)
      report(
        `${label}: answer`,
        `${measured.result} in ${(measured.seconds * 1000).toFixed(0)} ms`,
        'reported only',
        true,
      )
    }

    // The mapping screen's request, serialised before the clock starts: its client is elsewhere.
    const payload = JSON.stringify({
      rows: Array.from({ length: IMPORT_ROWS }, (_, index) => ({
        name: `Pessoa ${index + 1}`,
        number: `55119${String(index).padStart(8, '0')}`,
        email: index % 3 === 0 ? `pessoa${index}@exemplo.com.br` : '',
        tags: index % 10 === 0 ? 'Importados' : '',
      })),
    })
    const label = `import of ${IMPORT_ROWS.toLocaleString('en')} rows`
    await settled()
    const accepting = await underLoad(t, callers, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/contactsImport/jobs',
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      })
      if (res.statusCode !== 202) throw new Error(`import: ${res.statusCode} ${res.body}`)
      return res.json<ImportJobDto>()
    })
    reportLoad(`${label}, POST /contactsImport/jobs`, accepting)
    report(
      `${label}: POST answered`,
      `in ${(accepting.seconds * 1000).toFixed(0)} ms`,
      'reported only',
      true,
    )
    // The job's status from the database: its detail route answers every row's outcome.
    const running = await underLoad(t, callers, async () => {
      for (;;) {
        const [job] = await t.db
          .select()
          .from(contactImportJobs)
          .where(eq(contactImportJobs.id, accepting.result.id))
        if (job!.status !== 'running') return job!
        await new Promise((resolve) => setTimeout(resolve, 1000))
      }
    })
    reportLoad(`${label}, the job`, running)
    report(
      `${label}: the job`,
      `${running.result.created} created in ${running.seconds.toFixed(0)} s`,
      'reported only',
      true,
    )
    // The import screen polls the job every second while it runs; each answer carries every
    // row's outcome so far. Five calls at the end, when it carries all of them.
    const detail = await underLoad(t, callers, async () => {
      const times: number[] = []
      for (let call = 0; call < 5; call++) {
        const started = performance.now()
        await t.app.inject({
          method: 'GET',
          url: `/contacts/import/jobs/${accepting.result.id}`,
          headers,
        })
        times.push(performance.now() - started)
      }
      return times
    })
    reportLoad(
      `GET /contacts/import/jobs/{id}, ${IMPORT_ROWS.toLocaleString('en')} results`,
      detail,
    )
    report(
      'GET /contacts/import/jobs/{id}: one call',
      `p50 ${summarise(detail.result).p50.toFixed(0)} ms`,
      'reported only',
      true,
    )
  } finally {
    clearInterval(renew)
    await t.services.inbound.stop()
    await t.close()
  }
}
