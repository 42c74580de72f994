import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

/**
 * The import aliases of tsconfig.base.json (`@shared/*`, `@server/*`, `@renderer/*`, `@tests/*`)
 * as Vite/Vitest aliases, so that the compiler, the bundlers and the test runner resolve them from
 * one declaration. esbuild and tsx read the tsconfig themselves.
 */
export function pathAliases(): Record<string, string> {
  const config = JSON.parse(
    readFileSync(resolve(import.meta.dirname, 'tsconfig.base.json'), 'utf8'),
  ) as {
    compilerOptions: { paths: Record<string, string[]> }
  }
  return Object.fromEntries(
    Object.entries(config.compilerOptions.paths).map(([alias, [target]]) => [
      alias.replace(/\/\*$/, ''),
      resolve(import.meta.dirname, target!.replace(/\/\*$/, '')),
    ]),
  )
}
