/**
 * Import rules the compiler cannot see, run by `npm run lint` (ARCHITECTURE.md, processes and
 * boundaries). Type-only imports count: a type cycle becomes a runtime cycle with the first value
 * import along it.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Files must not import each other, directly or in a circle, types included.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'another-modules-repository',
      severity: 'error',
      comment:
        "A server module uses another module's service, never its repository. The inbound " +
        'pipeline and its bot are the exception (src/server/modules/README.md): they write ' +
        'contacts, tickets and messages in one transaction per batch or per ticket, through ' +
        'their repositories.',
      from: {
        path: '^src/server/modules/([^/]+)/',
        pathNot: ['^src/server/modules/inbound/', '^src/server/modules/bot/', '\\.test\\.ts$'],
      },
      to: {
        path: '^src/server/modules/[^/]+/[^/]+\\.repository\\.ts$',
        pathNot: '^src/server/modules/$1/',
      },
    },
    {
      name: 'modules-repository-from-a-channel',
      severity: 'error',
      comment:
        'Channel drivers and the WhatsApp session manager reach modules through collaborators ' +
        'wired in src/server/services.ts (intake, history, session events), never through a ' +
        "module's repository.",
      from: { path: '^src/server/channels/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/modules/[^/]+/[^/]+\\.repository\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^src/server/db/migrations/' },
  },
}
