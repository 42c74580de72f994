import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** The benchmarks' Chromium: Debian's, headless, without background traffic. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export const repositoryRoot = resolve(import.meta.dirname, '../../..')

/** The build a renderer benchmark measures: out/renderer, or BENCH_WEB_ROOT to compare another. */
export const webRoot = process.env.BENCH_WEB_ROOT
  ? resolve(process.env.BENCH_WEB_ROOT)
  : join(repositoryRoot, 'out/renderer')

/** Newest modification time under `path` (a file or a folder). */
const newest = (path: string): number => {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), 0)
}

/**
 * Rebuilds the renderer once when its sources are newer than out/renderer (BENCH_NO_BUILD=1
 * measures the stale build; BENCH_WEB_ROOT is never rebuilt).
 */
export function ensureFreshBuild() {
  if (process.env.BENCH_WEB_ROOT) return
  const built = newest(join(webRoot, 'index.html'))
  const sources = Math.max(
    ...['src/renderer', 'src/shared', 'electron.vite.config.ts', 'precompress-plugin.ts'].map(
      (path) => newest(join(repositoryRoot, path)),
    ),
  )
  if (built >= sources) return
  if (process.env.BENCH_NO_BUILD === '1') {
    console.log('out/renderer is older than its sources; BENCH_NO_BUILD=1, measuring it anyway')
    return
  }
  console.log(built === 0 ? 'building the renderer…' : 'out/renderer is stale: rebuilding…')
  const build = spawnSync('npx', ['--no-install', 'electron-vite', 'build'], {
    cwd: repositoryRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  if (build.status !== 0) {
    console.log(build.stderr)
    if (built === 0) throw new Error('electron-vite build failed and there is no earlier build')
    console.log('the rebuild failed: measuring the previous build of out/renderer')
  }
}
