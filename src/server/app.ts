import cookie from '@fastify/cookie'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyInstance } from 'fastify'
import { DEFAULT_SHUTDOWN_GRACE_MS, type ServerConfig } from './config'
import { openSessionLocks, rawSqlOf, sharedPoolOf, type Database } from './db/client'
import type { CoreDeps } from './deps'
import { createJobEngine, DEFAULT_JOB_SETTINGS } from './jobs/engine'
import { registerJobHandlers } from './jobs/handlers'
import { createMailer, type Mailer } from './lib/mailer'
import { createTokenService } from './lib/tokens'
import { authRoutes } from './modules/auth/auth.routes'
import { botRoutes } from './modules/bot/bot.routes'
import { companiesRoutes } from './modules/companies/companies.routes'
import { connectionsRoutes } from './modules/connections/connections.routes'
import { contactsRoutes } from './modules/contacts/contacts.routes'
import { healthRoutes } from './modules/health/health.routes'
import { createHealthService } from './modules/health/health.service'
import { createShutdown, type Shutdown } from './modules/health/health.shutdown'
import { dashboardRoutes } from './modules/dashboard/dashboard.routes'
import { helpsRoutes } from './modules/helps/helps.routes'
import { reportsRoutes } from './modules/reports/reports.routes'
import { integrationsRoutes } from './modules/integrations/integrations.routes'
import { promptsRoutes } from './modules/prompts/prompts.routes'
import { fileListsRoutes } from './modules/file-lists/file-lists.routes'
import { flowCampaignsRoutes } from './modules/flow-campaigns/flow-campaigns.routes'
import { quickMessagesRoutes } from './modules/quick-messages/quick-messages.routes'
import { contactListsRoutes } from './modules/contact-lists/contact-lists.routes'
import { campaignsRoutes } from './modules/campaigns/campaigns.routes'
import { schedulesRoutes } from './modules/schedules/schedules.routes'
import { flowsRoutes } from './modules/flows/flows.routes'
import { mediaRoutes } from './modules/media/media.routes'
import { messageImportRoutes } from './modules/message-import/message-import.routes'
import { messagesRoutes } from './modules/messages/messages.routes'
import { plansRoutes } from './modules/plans/plans.routes'
import { chatbotsRoutes } from './modules/queues/chatbots.routes'
import { queuesRoutes } from './modules/queues/queues.routes'
import { settingsRoutes } from './modules/settings/settings.routes'
import { tagsRoutes } from './modules/tags/tags.routes'
import { ticketNotesRoutes } from './modules/ticket-notes/ticket-notes.routes'
import { ticketsRoutes } from './modules/tickets/tickets.routes'
import { usersRoutes } from './modules/users/users.routes'
import { webhooksRoutes } from './modules/webhooks/webhooks.routes'
import { registerAuthGuard } from './plugins/auth'
import { registerErrorHandling } from './plugins/errors'
import { allowedOrigins, registerSecurity } from './plugins/security'
import { registerStorableTextGuard } from './plugins/storable-text'
import { registerWebClient } from './plugins/web-client'
import { createRealtimeHub } from './realtime/hub'
import { createClusterAdapter } from './realtime/cluster-adapter'
import { createSocketServer, RECOVERY_WINDOW_MS, recoveredIdentity } from './realtime/socket-server'
import type { MakeSocket } from './channels/whatsapp/socket'
import { createServices, type Services } from './services'
import { sharedSchemaCompilers } from './lib/schema-compilers'
import { DEFAULT_TIME_ZONE } from '@shared/constants'

export interface BuildAppOptions {
  config: ServerConfig
  db: Database
  mailer?: Mailer
  logger?: boolean | { level: string }
  /** Builds WhatsApp (Baileys) sockets; tests pass a fake one. */
  makeSocket?: MakeSocket
}

export interface App {
  app: FastifyInstance
  services: Services
  /** What the services were built from (tests build extra services on the same deps). */
  deps: CoreDeps
  /** Begun by `server.ts` before it closes the app: readiness answers 503 from then on. */
  shutdown: Shutdown
}

/**
 * The whole API as a Fastify instance that does not listen: plugins first, then every module.
 * `server.ts` listens; tests call `app.inject`.
 */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config } = options
  const { trustProxy } = config
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // Fastify takes a hop count only as a function (a bare number now trusts no hop).
    trustProxy:
      typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy,
    // The spec's client calls some lists both as `/whatsapp/` and `/whatsapp`.
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // 'all': a key no schema declares never reaches a service (the spec's client sends extras).
    ajv: { customOptions: { removeAdditional: 'all', coerceTypes: 'array', useDefaults: true } },
    schemaController: { compilersFactory: sharedSchemaCompilers },
  }).withTypeProvider<TypeBoxTypeProvider>()

  const realtime = createRealtimeHub()
  const sessionLocks = openSessionLocks(options.db)
  const deps: CoreDeps = {
    config,
    db: options.db,
    tokens: createTokenService(config.jwtSecret, config.refreshSecret),
    mailer: options.mailer ?? createMailer(config.smtp),
    realtime,
    jobs: createJobEngine(rawSqlOf(options.db), app.log, config.jobs ?? DEFAULT_JOB_SETTINGS),
    log: app.log,
    sessionLocks,
    defaultTimeZone: DEFAULT_TIME_ZONE,
  }
  const services = createServices(deps, { makeSocket: options.makeSocket })
  registerJobHandlers(deps.jobs, services)
  const shutdown = createShutdown(config.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS, app.log)

  registerErrorHandling(app)
  // Headers and CORS first, so that refusals by the guard carry them too.
  await registerSecurity(app, config)
  registerAuthGuard(app, services.auth)
  registerStorableTextGuard(app)
  await app.register(cookie)
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } })
  await app.register(fastifyStatic, { root: config.webRoot ?? config.mediaDir, serve: false })

  const secureCookies = config.publicUrl.startsWith('https://')
  await app.register(healthRoutes, { health: createHealthService(deps, shutdown) })
  await app.register(authRoutes, { services, secureCookies })
  await app.register(usersRoutes, { services })
  await app.register(settingsRoutes, { services })
  await app.register(plansRoutes, { services })
  await app.register(companiesRoutes, { services })
  await app.register(helpsRoutes, { services })
  await app.register(dashboardRoutes, { services })
  await app.register(reportsRoutes, { services })
  await app.register(integrationsRoutes, { services })
  await app.register(promptsRoutes, { services })
  await app.register(fileListsRoutes, { services })
  await app.register(flowsRoutes, { services })
  await app.register(flowCampaignsRoutes, { services })
  await app.register(quickMessagesRoutes, { services })
  await app.register(contactListsRoutes, { services })
  await app.register(campaignsRoutes, { services })
  await app.register(schedulesRoutes, { services })
  await app.register(queuesRoutes, { services })
  await app.register(botRoutes, { services })
  await app.register(chatbotsRoutes, { services })
  await app.register(connectionsRoutes, { services })
  await app.register(mediaRoutes, { services })
  await app.register(webhooksRoutes, { services })
  await app.register(ticketsRoutes, { services })
  await app.register(messagesRoutes, { services })
  await app.register(contactsRoutes, { services })
  await app.register(tagsRoutes, { services })
  await app.register(ticketNotesRoutes, { services })
  await app.register(messageImportRoutes, { services })
  registerWebClient(app, config.webRoot)

  // On a PostgreSQL server that other instances may share, events reach their sockets too.
  const sharedPool = sharedPoolOf(options.db)
  const cluster = sharedPool
    ? createClusterAdapter(sharedPool, options.db, {
        maxDisconnectionMs: RECOVERY_WINDOW_MS,
        sessionData: recoveredIdentity,
        log: app.log,
      })
    : null
  const io = createSocketServer(app.server, {
    services,
    hub: realtime,
    corsOrigins: allowedOrigins(config),
    log: app.log,
    cluster,
  })
  // Open websockets would keep the HTTP server from closing: end them first. Their clients
  // reconnect (to another instance) and recover what they missed.
  app.addHook('preClose', async () => {
    io.engine.close()
    await cluster?.close()
  })
  // Once a shutdown began every answer ends its connection: an idle keep-alive connection would
  // hold the closing server open until the grace runs out.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (shutdown.began()) void reply.header('connection', 'close')
    done(null, payload)
  })
  // Fastify runs this once the HTTP server closed (requests in flight answered). Background work
  // ends before the database closes: running jobs get what is left of the grace, then sessions
  // release their owner locks so that a surviving instance adopts them.
  app.addHook('onClose', async () => {
    shutdown.begin()
    await shutdown.step('jobs stopped', () => deps.jobs.stop(shutdown.remainingMs()))
    await shutdown.step('background work stopped', async () => {
      await services.sessions.stopAll()
      await services.messageImport.stop()
      await services.messages.sender.stop()
      await services.inbound.stop()
      await sessionLocks.close()
    })
  })
  // Jobs start with the app (`ready`, or the first `listen`): tests register stand-in
  // drivers before any job can run.
  app.addHook('onReady', () => deps.jobs.start())

  return { app, services, deps, shutdown }
}
