// `npm test`: everything CI runs, in order: type-check, lint, format, migrations vs schema, unit
// tests, route tests on PGlite, the route tests again on PostgreSQL, build, end-to-end in Chromium.
// PostgreSQL: TEST_DATABASE_URL names a server whose user may create databases (.ci/run starts
// one); without it that pass is skipped with a notice, and CI fails instead of skipping.
import { npx, run } from './lib.mjs'

const steps = [
  ['type-check', () => npx('tsc', ['-b', 'tsconfig.json'])],
  ['lint', () => npx('eslint', ['--max-warnings', '0', '.'])],
  ['import graph', () => npx('depcruise', ['src', '--config', '.dependency-cruiser.cjs'])],
  ['format', () => npx('prettier', ['--check', '.'])],
  ['migrations', () => run(process.execPath, ['scripts/check-migrations.mjs'])],
  ['unit tests', () => npx('vitest', ['run', '--project', 'unit'])],
  [
    'route tests (PGlite)',
    () => npx('vitest', ['run', '--project', 'server'], { env: withoutDatabaseUrl() }),
  ],
  ['route tests (PostgreSQL)', postgresPass],
  ['build', () => run('npm', ['run', 'build'])],
  ['end-to-end (Chromium)', () => npx('playwright', ['test'])],
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
  await npx('vitest', ['run', '--project', 'server'], {
    env: { ...process.env, DATABASE_URL: url },
  })
}

const only = process.argv.slice(2)
for (const [name, step] of steps) {
  if (only.length && !only.some((word) => name.includes(word))) continue
  const started = Date.now()
  console.log(`\n▶ ${name}`)
  await step()
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}
