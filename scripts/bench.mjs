// `npm run bench`: every scenario under tests/bench, on PGlite or on DATABASE_URL. Figures only.
import { readdirSync } from 'node:fs'
import { npx } from './lib.mjs'

for (const file of readdirSync('tests/bench').filter((name) => name.endsWith('.bench.ts'))) {
  console.log(`\n▶ ${file}`)
  await npx('tsx', [`tests/bench/${file}`])
}
