import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** A file of `tests/fixtures` (recorded media, sample sheets), as bytes. */
export const fixture = (...path: string[]): Buffer =>
  readFileSync(join(import.meta.dirname, '..', 'fixtures', ...path))
