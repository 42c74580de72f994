// Fails when the Drizzle tables and the committed migrations disagree: generating into a copy
// of the migrations must produce nothing new.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { npx } from './lib.mjs'

const copy = mkdtempSync(join(tmpdir(), 'atende-migrations-'))
cpSync('src/server/db/migrations', copy, { recursive: true })
const before = readdirSync(copy).length
try {
  await npx('drizzle-kit', ['generate'], {
    env: { ...process.env, DRIZZLE_OUT: copy },
    stdio: 'pipe',
  })
  const added = readdirSync(copy).length - before
  if (added > 0) {
    console.error(
      'The schema changed without a migration: run `npm run db:generate` and commit the SQL.',
    )
    process.exit(1)
  }
  console.log('migrations match the schema')
} finally {
  rmSync(copy, { recursive: true, force: true })
}
