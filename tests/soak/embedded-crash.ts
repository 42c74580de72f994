import { spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { openDatabase } from '@server/db/client'
import { createSecretBox } from '@server/lib/secret-box'
import { createTokenService } from '@server/lib/tokens'
import { contactImportJobs, contacts } from '@server/modules/contacts/contacts.table'
import { inboundEvents } from '@server/modules/inbound/inbound.table'
import { messages } from '@server/modules/messages/messages.table'
import { buildCompany, buildConnection, buildUser } from '@tests/factories'
import { cloudTextWebhook } from '@tests/helpers/cloud-webhooks'
import { signMeta } from '@tests/helpers/fake-graph'
import { processSecrets } from '@tests/helpers/server-process-runner'

/**
 * Kills the server (SIGKILL), and mostly its embedded PostgreSQL server too, at random moments
 * while webhooks stream in and contact imports run, KILLS times; after each kill the server must open its data folder
 * again, and at the end every webhook the server acknowledged is stored once and every import it
 * accepted is complete. `node --import tsx tests/soak/embedded-crash.ts`; KILLS (default 50),
 * SEED for a reproducible run, DATA_DIR to keep the folder.
 */
const KILLS = Number(process.env.KILLS ?? '50')
const APP_SECRET = 'soak-app-secret'
const PHONE_NUMBER_ID = '1000000077'
const IMPORT_ROWS = 2_000

let seed = Number(process.env.SEED ?? Date.now() % 100_000)
const runSeed = seed
const random = () => {
  // mulberry32: the kill moments of a run can be replayed from its seed.
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const dataDir = process.env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'atende-crash-'))
mkdirSync(dataDir, { recursive: true })
const secrets = processSecrets()
const serverScript = join(import.meta.dirname, '..', 'helpers', 'server-process.ts')

/** The database as the server opens it from DATA_DIR. */
const openEmbedded = () =>
  openDatabase({
    databaseUrl: null,
    embeddedDir: join(dataDir, 'postgres'),
    pgliteDir: join(dataDir, 'pglite'),
  })

async function prepare() {
  const handle = await openEmbedded()
  await handle.migrate()
  const company = await buildCompany(handle.db)
  const agent = await buildUser(handle.db, { company })
  const connection = await buildConnection(handle.db, company, {
    channel: 'whatsappapi',
    status: 'CONNECTED',
    wabaPhoneNumberId: PHONE_NUMBER_ID,
    wabaAppSecretSealed: createSecretBox(secrets.ENCRYPTION_KEY).seal(APP_SECRET),
  })
  await handle.close()
  const tokens = createTokenService(secrets.JWT_SECRET, secrets.JWT_REFRESH_SECRET)
  const token = await tokens.signAccess({
    userId: agent.id,
    companyId: company.id,
    tokenVersion: agent.tokenVersion,
    sessionId: randomUUID(),
  })
  return { companyId: company.id, connectionId: connection.id, token }
}

interface Running {
  url: string
  kill(): Promise<void>
  stop(): Promise<void>
}

async function startServer(): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverScript], {
    env: {
      ...process.env,
      ...secrets,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_ROOT: '',
      LOG_LEVEL: process.env.TEST_LOG ?? 'silent',
      ADMIN_PASSWORD: 'operator-password',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening (\S+)/.exec(output)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code, signal) =>
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${errors}`)),
    )
  })
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  return { url, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') }
}

/** SIGKILL for the embedded server's postmaster and every process it forked (Linux). */
function killDatabaseServer() {
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  let children: number[] = []
  try {
    children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number)
    process.kill(postmaster, 'SIGKILL')
  } catch {
    return
  }
  for (const child of children) process.kill(child, 'SIGKILL')
}

function webhook(sequence: number): { body: string; wamid: string } {
  const wamid = `wamid.soak.${sequence}.${randomBytes(6).toString('hex')}`
  const body = cloudTextWebhook({
    phoneNumberId: PHONE_NUMBER_ID,
    from: String(5511900000000 + (sequence % 50)),
    id: wamid,
    body: `soak ${sequence}`,
    name: `Cliente ${sequence % 50}`,
  })
  return { body, wamid }
}

const fixture = await prepare()
const acknowledged = new Set<string>()
const acceptedImports: number[] = []
const openTimes: number[] = []
let sequence = 0
let importNumber = 0

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function startImport(server: Running) {
  const batch = importNumber++
  const response = await fetch(`${server.url}/contactsImport/jobs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fixture.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      rows: Array.from({ length: IMPORT_ROWS }, (_, index) => ({
        name: `Importado ${batch}-${index}`,
        number: `55219${String(batch).padStart(3, '0')}${String(index).padStart(5, '0')}`,
      })),
    }),
  }).catch(() => null)
  if (response?.status === 202) acceptedImports.push(((await response.json()) as { id: number }).id)
  else console.warn(`import not accepted: ${response?.status ?? 'no answer'}`)
}

/**
 * Streams webhooks at ~100/s and returns `killAfterMs` after the first one was acknowledged: on a
 * busy machine a server that has just started may take seconds to answer.
 */
async function streamWebhooks(server: Running, killAfterMs: number) {
  let stopAt = Infinity
  const giveUpAt = performance.now() + 30_000
  while (performance.now() < Math.min(stopAt, giveUpAt)) {
    const { body, wamid } = webhook(sequence++)
    void fetch(`${server.url}/webhooks/meta/${fixture.connectionId}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signMeta(body, APP_SECRET),
      },
      body,
    })
      .then((response) => {
        if (response.status !== 200) return
        acknowledged.add(wamid)
        if (stopAt === Infinity) stopAt = performance.now() + killAfterMs
      })
      .catch(() => undefined)
    await wait(10)
  }
}

const started = performance.now()
let server: Running
for (let kill = 1; kill <= KILLS; kill++) {
  const opening = performance.now()
  server = await startServer().catch((error: Error) => {
    console.error(`after kill ${kill - 1} (seed ${runSeed}) the database does not open`)
    console.error(error.message)
    console.error(`data folder kept: ${dataDir}`)
    process.exit(1)
  })
  openTimes.push(performance.now() - opening)
  if (random() < 0.5) await startImport(server)
  const killAfterMs = random() * 3_000
  await streamWebhooks(server, killAfterMs)
  await server.kill()
  // Two kills in three take the database server down too, as a machine crash or the OOM killer
  // would; the third leaves it running, as when only the app dies.
  const databaseKilled = random() < 2 / 3
  if (databaseKilled) killDatabaseServer()
  console.log(
    `kill ${kill}/${KILLS} ${killAfterMs.toFixed(0)} ms into acknowledged ingest${databaseKilled ? ', database server too' : ''}; ${acknowledged.size} webhooks and ${acceptedImports.length} imports acknowledged so far; opened in ${(openTimes.at(-1)! / 1000).toFixed(1)} s`,
  )
}

// A last start lets the pipeline and the imports finish what the kills interrupted.
server = await startServer()
const importDone = async (id: number) => {
  const response = await fetch(`${server.url}/contacts/import/jobs/${id}`, {
    headers: { authorization: `Bearer ${fixture.token}` },
  })
  return ((await response.json()) as { status: string }).status !== 'running'
}
const importsDeadline = performance.now() + 15 * 60_000
for (const id of acceptedImports)
  while (!(await importDone(id)) && performance.now() < importsDeadline) await wait(1_000)
// Events leased by a killed server stay leased a while; those are counted as still queued.
await wait(10_000)
await server.stop()

const handle = await openEmbedded()
const wids = [...acknowledged]
const storedWids = new Set<string>()
for (let i = 0; i < wids.length; i += 500) {
  const rows = await handle.db
    .select({ wid: messages.wid })
    .from(messages)
    .where(inArray(messages.wid, wids.slice(i, i + 500)))
  for (const row of rows) storedWids.add(row.wid!)
}
const queuedWids = new Set<string>()
const unprocessed = await handle.db
  .select({ payload: sql<string>`${inboundEvents.payload}::text` })
  .from(inboundEvents)
  .where(isNull(inboundEvents.processedAt))
for (const { payload } of unprocessed)
  for (const wid of payload.match(/wamid\.soak\.[\w.]+/g) ?? []) queuedWids.add(wid)
const lost = wids.filter((wid) => !storedWids.has(wid) && !queuedWids.has(wid))
const [duplicates] = await handle.db
  .select({ count: sql<number>`(count(*) - count(DISTINCT ${messages.wid}))::int` })
  .from(messages)
  .where(sql`${messages.wid} LIKE 'wamid.soak.%'`)
const imports = acceptedImports.length
  ? await handle.db
      .select({ id: contactImportJobs.id, status: contactImportJobs.status })
      .from(contactImportJobs)
      .where(
        and(
          eq(contactImportJobs.companyId, fixture.companyId),
          inArray(contactImportJobs.id, acceptedImports),
        ),
      )
  : []
const [imported] = await handle.db
  .select({ count: sql<number>`count(*)::int` })
  .from(contacts)
  .where(and(eq(contacts.companyId, fixture.companyId), sql`${contacts.name} LIKE 'Importado %'`))
await handle.close()

const unfinished = imports.filter((job) => job.status !== 'done')
console.log(
  `seed ${runSeed}: ${KILLS} kills in ${((performance.now() - started) / 1000).toFixed(0)} s; the database opened every time (slowest ${(Math.max(...openTimes) / 1000).toFixed(1)} s)`,
)
console.log(
  `acknowledged webhooks: ${acknowledged.size}, stored as messages ${storedWids.size}, still queued ${wids.length - storedWids.size - lost.length}, lost ${lost.length}, duplicated ${duplicates!.count}`,
)
console.log(
  `accepted imports done: ${imports.length - unfinished.length} of ${acceptedImports.length}; imported contacts ${imported!.count} (${IMPORT_ROWS} per import)`,
)
if (!process.env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true })
const sound =
  lost.length === 0 &&
  duplicates!.count === 0 &&
  unfinished.length === 0 &&
  imported!.count === acceptedImports.length * IMPORT_ROWS
process.exit(sound ? 0 : 1)
