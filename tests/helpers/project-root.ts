import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * The repository's root: the nearest folder up from here with a package.json. Found rather than
 * counted, because a bench bundles these helpers into out/ and runs them from there.
 */
export function projectRoot(from = import.meta.dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`)
  }
}
