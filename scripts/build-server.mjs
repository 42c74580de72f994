// Bundles the server into out/server/index.js (dependencies stay in node_modules) and copies the
// committed migrations beside it, where the database client looks for them. A worker thread's
// module is an entry of its own, beside index.js, where lib/thread-task.ts looks for it.
import { cpSync, rmSync } from 'node:fs'
import { build } from 'esbuild'

rmSync('out/server', { recursive: true, force: true })
await build({
  entryPoints: {
    index: 'src/server/cli.ts',
    'contacts.sheet.worker': 'src/server/modules/contacts/contacts.sheet.worker.ts',
  },
  outdir: 'out/server',
  bundle: true,
  // The import aliases (@shared, @server) come from the server's tsconfig.
  tsconfig: 'tsconfig.server.json',
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
cpSync('src/server/db/migrations', 'out/server/migrations', { recursive: true })
console.log('server built: out/server/index.js')
