import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A server process a test may kill (`tests/helpers/server-process.ts`). */
export interface ServerProcess {
  url: string
  /** kill -9: no shutdown, no cleanup. */
  crash(): Promise<void>
  stop(): Promise<void>
}

/** Secrets shared by every process of one test, so that tokens minted by the test hold. */
export function processSecrets() {
  return {
    JWT_SECRET: randomBytes(32).toString('hex'),
    JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  }
}

/** Starts a server process on `databaseUrl` and resolves once it listens. */
export async function startServerProcess(
  databaseUrl: string,
  secrets: ReturnType<typeof processSecrets>,
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-process-'))
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'server-process.ts')],
    {
      env: {
        ...process.env,
        ...secrets,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        WEB_ROOT: '',
        LOG_LEVEL: process.env.TEST_LOG ?? 'silent',
        ADMIN_PASSWORD: 'operator-password',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening (\S+)/.exec(output)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)))
  })
  const end = async (signal: NodeJS.Signals) => {
    kill(child, signal)
    await exited
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { url, crash: () => end('SIGKILL'), stop: () => end('SIGTERM') }
}

function kill(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal)
}
