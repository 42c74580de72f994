// `npm test`: everything CI runs, in order: type-check, lint, format, migrations vs schema, unit
// tests, route tests on PGlite, the route tests again on PostgreSQL, build, end-to-end in Chromium,
// then two server instances behind nginx on one PostgreSQL, in Chromium.
// PostgreSQL: TEST_DATABASE_URL names a server whose user may create databases (.ci/run starts
// one); without it that pass is skipped with a notice, and CI fails instead of skipping.
import { capture, captureNpx, npx, run } from './lib.mjs'

/**
 * The checks that read the code without running it. Each is one process on one core: they run
 * side by side (CI has two cores; lint, the longest, sets the pace), each output printed whole
 * when it ends.
 */
const staticChecks = [
  ['type-check', () => captureNpx('tsc', ['-b', 'tsconfig.json'])],
  ['lint', () => captureNpx('eslint', ['--max-warnings', '0', '.'])],
  ['import graph', () => captureNpx('depcruise', ['src', '--config', '.dependency-cruiser.cjs'])],
  ['format', () => captureNpx('prettier', ['--check', '.'])],
  ['migrations', () => capture(process.execPath, ['scripts/check-migrations.mjs'])],
]

async function runStaticChecks() {
  const failed = []
  await Promise.all(
    staticChecks.map(async ([name, check]) => {
      const { code, output, ms } = await check()
      const mark = code === 0 ? '✔' : '✘'
      console.log(`\n${mark} ${name} (${seconds(ms)})\n${output.trimEnd()}`)
      if (code !== 0) failed.push(name)
    }),
  )
  if (failed.length > 0) throw new Error(`failed: ${failed.join(', ')}`)
}

/**
 * The route tests, each worker reusing its loaded modules from file to file: every file builds
 * its own app and database, and importing the whole server again per file cost about half the
 * stage. (Set on the command line: vitest reads `isolate` from the root config only, and the
 * renderer's tests need their isolation.)
 */
const SERVER_TESTS = ['run', '--project', 'server', '--isolate=false']

const steps = [
  ['static checks (types, lint, imports, format, migrations)', runStaticChecks],
  ['unit tests', () => npx('vitest', ['run', '--project', 'unit'])],
  ['route tests (PGlite)', () => npx('vitest', SERVER_TESTS, { env: withoutDatabaseUrl() })],
  ['route tests (PostgreSQL)', postgresPass],
  ['build', () => run('npm', ['run', 'build'])],
  ['end-to-end (Chromium)', () => npx('playwright', ['test'])],
  ['two instances behind nginx (Chromium)', clusterPass],
]

function withoutDatabaseUrl() {
  const env = { ...process.env }
  delete env.DATABASE_URL
  return env
}

async function postgresPass() {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    if (process.env.CI) throw new Error('TEST_DATABASE_URL is required in CI')
    console.log(
      'skipped: set TEST_DATABASE_URL to a PostgreSQL server to run the route tests on it',
    )
    return
  }
  await npx('vitest', SERVER_TESTS, {
    env: { ...process.env, DATABASE_URL: url },
  })
}

/** Needs PostgreSQL (several instances share one only there) and nginx (.ci/run installs it). */
async function clusterPass() {
  if (!process.env.TEST_DATABASE_URL) {
    if (process.env.CI) throw new Error('TEST_DATABASE_URL is required in CI')
    console.log('skipped: set TEST_DATABASE_URL to a PostgreSQL server to run two instances')
    return
  }
  await npx('playwright', ['test', '-c', 'playwright.cluster.config.ts'])
}

/** Each stage's time, printed at the end: CI's budget is 40 minutes (docs/benchmarks.md, CI). */
const durations = []
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`
function printDurations(outcome) {
  const total = durations.reduce((sum, [, ms]) => sum + ms, 0)
  const width = Math.max(...durations.map(([name]) => name.length), 'total'.length)
  console.log(`\nStage durations (${outcome}):`)
  for (const [name, ms] of durations) console.log(`  ${name.padEnd(width)}  ${seconds(ms)}`)
  console.log(`  ${'total'.padEnd(width)}  ${seconds(total)}`)
}

const only = process.argv.slice(2)
for (const [name, step] of steps) {
  if (only.length && !only.some((word) => name.includes(word))) continue
  const started = Date.now()
  console.log(`\n▶ ${name}`)
  try {
    await step()
  } catch (error) {
    durations.push([`${name} (failed)`, Date.now() - started])
    printDurations('failed')
    throw error
  }
  durations.push([name, Date.now() - started])
  console.log(`✔ ${name} (${seconds(Date.now() - started)})`)
}
printDurations('passed')
