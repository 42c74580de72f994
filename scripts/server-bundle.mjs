// The server as it ships: one esbuild bundle per entry (dependencies stay in node_modules) with
// the committed migrations beside it, where the database client looks for them. Used by
// build-server.mjs and by the benches, which measure the server as production runs it.
import { cpSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'

export async function bundleServer({ entryPoints, outdir, sourcemap = true }) {
  rmSync(outdir, { recursive: true, force: true })
  await build({
    entryPoints,
    outdir,
    bundle: true,
    // The import aliases (@shared, @server, @tests) come from the server's tsconfig.
    tsconfig: 'tsconfig.server.json',
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap,
    logLevel: 'warning',
  })
  cpSync('src/server/db/migrations', join(outdir, 'migrations'), { recursive: true })
}
