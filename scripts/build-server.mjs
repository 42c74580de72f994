// Bundles the server into out/server/index.js (dependencies stay in node_modules) and copies the
// committed migrations beside it, where the database client looks for them. A worker thread's
// module is an entry of its own, beside index.js, where lib/thread-task.ts looks for it.
import { bundleServer } from './server-bundle.mjs'

await bundleServer({
  entryPoints: {
    index: 'src/server/cli.ts',
    'contacts.sheet.worker': 'src/server/modules/contacts/contacts.sheet.worker.ts',
  },
  outdir: 'out/server',
})
console.log('server built: out/server/index.js')
