import { createCloudApiDriver } from './channels/cloud-api/driver'
import { graphClientFor } from './channels/graph/client'
import { createMessengerDriver } from './channels/messenger/driver'
import { createChannelRegistry } from './channels/registry'
import type { InboundIntake } from './channels/types'
import {
  createBaileysDriver,
  createWhatsappSessionManager,
  type HistoryIntake,
} from './channels/whatsapp'
import type { MakeSocket } from './channels/whatsapp/socket'
import type { CoreDeps } from './deps'
import { createAuthService } from './modules/auth/auth.service'
import { createCompanyPlatformService } from './modules/companies/companies.platform'
import { createCompaniesService } from './modules/companies/companies.service'
import { createConnectionEvents } from './modules/connections/connections.events'
import { createConnectionsAdminService } from './modules/connections/connections.admin.service'
import { createConnectionsService } from './modules/connections/connections.service'
import { createContactImportService } from './modules/contacts/contacts.import'
import { createContactsService } from './modules/contacts/contacts.service'
import { createDashboardService } from './modules/dashboard/dashboard.service'
import { createHelpsService } from './modules/helps/helps.service'
import { createReportsService } from './modules/reports/reports.service'
import { createIntegrationsService } from './modules/integrations/integrations.service'
import { createPromptsService } from './modules/prompts/prompts.service'
import { createQuickMessagesService } from './modules/quick-messages/quick-messages.service'
import { createContactListChecker } from './modules/contact-lists/contact-lists.check'
import { createCampaignEngine } from './modules/campaigns/campaigns.engine'
import { createCampaignSettingsService } from './modules/campaigns/campaign-settings.service'
import { createCampaignsService } from './modules/campaigns/campaigns.service'
import { createWhatsappTemplates } from './modules/campaigns/campaigns.templates'
import { createScheduleEngine } from './modules/schedules/schedules.engine'
import { createSchedulesService } from './modules/schedules/schedules.service'
import { createContactListItemsService } from './modules/contact-lists/contact-list-items.service'
import { createContactListsService } from './modules/contact-lists/contact-lists.service'
import { createFileListsService } from './modules/file-lists/file-lists.service'
import { createFlowCampaignsService } from './modules/flow-campaigns/flow-campaigns.service'
import { createFlowMediaService } from './modules/flows/flows.media'
import { createFlowsService } from './modules/flows/flows.service'
import { createMediaService } from './modules/media/media.service'
import { createPlansService } from './modules/plans/plans.service'
import { createChatbotsService } from './modules/queues/chatbots.service'
import { createQueuesService } from './modules/queues/queues.service'
import { createSettingsService } from './modules/settings/settings.service'
import { createTagsService } from './modules/tags/tags.service'
import { createTicketNotesService } from './modules/ticket-notes/ticket-notes.service'
import { createBotService } from './modules/bot/bot.service'
import { createBotConversations } from './modules/bot/bot.conversations.service'
import { createFlowRuntime } from './modules/bot/bot.flows.service'
import { createFlowTimers } from './modules/bot/bot.flows.timers'
import { DEFAULT_BOTS, DEFAULT_OPENAI_API_URL } from './config'
import { createBotSimulator } from './modules/bot/bot.simulation.service'
import { createBotTimers } from './modules/bot/bot.timers.service'
import { createInboundService } from './modules/inbound/inbound.service'
import { createMessageImportService } from './modules/message-import/message-import.service'
import { createMessagesService } from './modules/messages/messages.service'
import { createTicketCore } from './modules/tickets/tickets.core'
import { createTicketsService } from './modules/tickets/tickets.service'
import { createUsersService } from './modules/users/users.service'
import { createWebhooksService } from './modules/webhooks/webhooks.service'

/** Every domain service, wired once per app. */
export function createServices(deps: CoreDeps, options: { makeSocket?: MakeSocket } = {}) {
  const graph = graphClientFor(deps.config)
  const messenger = createMessengerDriver({ graph })
  const channels = createChannelRegistry(deps.config.encryptionKey, {
    whatsappapi: createCloudApiDriver({ graph }),
    facebook: messenger,
    instagram: messenger,
  })
  // Baileys sockets hand their events to the inbound pipeline, which exists further down.
  const intake: InboundIntake = { receive: (...args) => inbound.receive(...args) }
  const history: HistoryIntake = {
    stage: (...args) => messageImport.history.stage(...args),
    complete: (...args) => messageImport.history.complete(...args),
  }
  const sessions = createWhatsappSessionManager(deps, {
    intake,
    history,
    // A session's status changes are told the way the connections module tells every change.
    events: createConnectionEvents(deps),
    refusesCalls: async (companyId) =>
      (await settings.companyValues(companyId)).acceptCallWhatsapp === 'disabled',
    ...(options.makeSocket ? { makeSocket: options.makeSocket } : {}),
  })
  channels.register('whatsapp', createBaileysDriver({ sockets: sessions, log: deps.log }))
  const plans = createPlansService(deps)
  const media = createMediaService(deps)
  const flows = createFlowsService(deps, {
    signedUrl: (companyId, path) => media.signedUrl(companyId, path),
    // The queues service is built after; the closure runs only once it is.
    queueIds: (companyId, ids) => queues.existing(companyId, ids),
  })
  const flowMedia = createFlowMediaService(deps, { media })
  const integrations = createIntegrationsService(deps, { media, flows })
  const fileLists = createFileListsService(deps, {
    media,
    fileShown: (companyId, path) => messages.fileShown(companyId, path),
  })
  const companies = createCompaniesService(deps, { media })
  const settings = createSettingsService(deps, { companyIds: () => companies.ids() })
  const helps = createHelpsService(deps)
  const dashboard = createDashboardService(deps)
  const reports = createReportsService(deps)
  // Options may assign an attendant; the users service is built after the queues it needs.
  const chatbots = createChatbotsService(deps, {
    userIds: (companyId, ids) => users.existing(companyId, ids),
    integrations,
    fileLists,
  })
  const queues = createQueuesService(deps, { companies, chatbots, integrations, fileLists })
  const prompts = createPromptsService(deps, { queues })
  const connectionCollaborators = {
    channels,
    companies,
    queues,
    graph,
    media,
    integrations,
    prompts,
    flows,
    sessions,
    // The messages service is built after the connections; the closure runs only once it is.
    fileShown: (companyId: number, path: string) => messages.fileShown(companyId, path),
  }
  const connections = createConnectionsService(deps, connectionCollaborators)
  const connectionsAdmin = createConnectionsAdminService(deps, connectionCollaborators)
  const ticketCore = createTicketCore(deps, { settings, media })
  // Users and auth need each other: users end sessions, auth loads users. The closure below
  // runs only once `auth` exists.
  const users = createUsersService(deps, {
    companies,
    queues,
    connections,
    media,
    revokeSessions: (companyId, userId, reason, keepSessionId) =>
      auth.revokeOtherSessions(companyId, userId, reason, keepSessionId),
  })
  const auth = createAuthService(deps, { users, companies, settings, plans })
  const messages = createMessagesService(deps, {
    channels,
    settings,
    media,
    ticketCore,
    companies,
  })
  const botConversations = createBotConversations(deps, {
    messages,
    media,
    botOf: (companyId, ticket) =>
      ticket.integrationId !== null
        ? integrations.attached(companyId, ticket.integrationId)
        : ticket.promptId !== null
          ? prompts.attached(companyId, ticket.promptId, {
              recent: (company, ticketId, limit) =>
                messages.recentOfTicket(company, ticketId, limit),
              readFile: (company, path) => media.readFile(company, path),
              openaiUrl: deps.config.openai?.apiUrl ?? DEFAULT_OPENAI_API_URL,
              defaultModel: deps.config.bots?.openaiModel ?? DEFAULT_BOTS.openaiModel,
              speechUrl: deps.config.bots?.speechUrl ?? DEFAULT_BOTS.speechUrl,
            })
          : Promise.resolve(null),
    async ownQueueAndUser(companyId, named) {
      const queueOk =
        named.queueId !== null && (await queues.existing(companyId, [named.queueId])).length > 0
      const userOk =
        named.userId !== null && (await users.existing(companyId, [named.userId])).length > 0
      return { queueId: queueOk ? named.queueId : null, userId: userOk ? named.userId : null }
    },
  })
  const flowRuntime = createFlowRuntime(deps, { messages })
  const flowTimers = createFlowTimers(deps, { runtime: flowRuntime, messages })
  const bot = createBotService(deps, {
    settings,
    messages,
    fileLists,
    conversations: botConversations.relay,
    flows: flowRuntime,
  })
  const botTimers = createBotTimers(deps, { settings, messages })
  const botSimulator = createBotSimulator(deps, { settings })
  const inbound = createInboundService(deps, {
    channels,
    ticketCore,
    settings,
    companies,
    media,
    messageEvents: messages,
    bot,
    // The campaign engine is built after; the closure runs only once it is.
    replies: {
      heard: async (tx, connection, numbers, at) => {
        await campaignEngine.confirmReplies(tx, connection.companyId, connection.id, numbers, at)
      },
    },
  })
  const webhooks = createWebhooksService(deps, { connections, channels, inbound })
  const tickets = createTicketsService(deps, {
    core: ticketCore,
    settings,
    queues,
    users,
    automaticMessages: messages,
    markReadOnView: (ctx, ticket) => messages.markReadOnView(ctx, ticket),
  })
  const tags = createTagsService(deps, { tickets, ticketCore })
  const contacts = createContactsService(deps, {
    settings,
    media,
    connections,
    channels,
    tags,
    tickets,
    ticketCore,
  })
  const contactImports = createContactImportService(deps, {
    contacts,
    tags,
    settings,
    connections,
    channels,
  })
  const ticketNotes = createTicketNotesService(deps, { tickets })
  const companyPlatform = createCompanyPlatformService(deps, {
    companies,
    plans,
    settings,
    users,
    media,
    whatsappConnectionIds: async (ctx) =>
      (await connections.list(ctx, 'whatsapp')).map((connection) => connection.id),
    logoutSession: (companyId, connectionId) => sessions.logout(companyId, connectionId),
  })
  const messageImport = createMessageImportService(deps, {
    pipeline: inbound,
    tickets,
    announce: (companyId, connectionId) => sessions.announce(companyId, connectionId),
  })
  const campaignSettings = createCampaignSettingsService(deps)
  const campaignEngine = createCampaignEngine(deps, {
    campaignSettings,
    companies,
    settings,
    ticketCore,
    connections,
    contacts,
    messages,
    changed: (companyId, campaignId) => campaigns.changed(companyId, campaignId),
  })
  const campaigns = createCampaignsService(deps, {
    engine: campaignEngine,
    lists: { counts: (companyId, ids) => contactLists.counts(companyId, ids) },
    media,
    fileShown: (companyId, path) => messages.fileShown(companyId, path),
    references: {
      connectionChannel: async (companyId, id) =>
        (await connections.findRow(companyId, id))?.channel ?? null,
      templates: createWhatsappTemplates({ graph, channels, connections }),
      contactListExists: (companyId, id) => contactLists.exists(companyId, id),
      tagExists: async (companyId, id) => (await tags.existing(companyId, [id])).length > 0,
      userExists: async (companyId, id) => (await users.existing(companyId, [id])).length > 0,
      queueExists: async (companyId, id) => (await queues.existing(companyId, [id])).length > 0,
    },
  })
  const scheduleEngine = createScheduleEngine(deps, {
    companies,
    connections,
    ticketCore,
    messages,
    changed: (companyId, ids) => schedules.announce(companyId, ids),
  })
  messages.onMessagesUpdated((companyId, rows) => {
    campaigns.messagesMoved(companyId, rows)
    scheduleEngine.messagesMoved(companyId, rows)
  })
  const schedules = createSchedulesService(deps, {
    engine: scheduleEngine,
    media,
    fileShown: (companyId, path) => messages.fileShown(companyId, path),
    references: {
      connectionExists: (companyId, id) => connections.exists(companyId, id),
      defaultConnectionId: async (companyId) =>
        (await connections.defaultRow(companyId))?.id ?? null,
      userExists: async (companyId, id) => (await users.existing(companyId, [id])).length > 0,
      queueExists: async (companyId, id) => (await queues.existing(companyId, [id])).length > 0,
    },
  })
  const contactListChecker = createContactListChecker(deps, { connections, channels })
  const contactLists = createContactListsService(deps, { checker: contactListChecker })
  const contactListItems = createContactListItemsService(deps, {
    lists: contactLists,
    checker: contactListChecker,
  })

  return {
    version: deps.config.version,
    channels,
    plans,
    companies,
    companyPlatform,
    settings,
    helps,
    dashboard,
    reports,
    integrations,
    prompts,
    fileLists,
    flows,
    flowMedia,
    flowCampaigns: createFlowCampaignsService(deps, {
      flows,
      connectionExists: (companyId, id) => connections.exists(companyId, id),
    }),
    quickMessages: createQuickMessagesService(deps, { media }),
    contactLists,
    contactListItems,
    contactListChecker,
    campaignSettings,
    campaignEngine,
    campaigns,
    scheduleEngine,
    schedules,
    queues,
    chatbots,
    connections,
    connectionsAdmin,
    media,
    ticketCore,
    tickets,
    messages,
    inbound,
    bot,
    botConversations,
    flowTimers,
    botTimers,
    botSimulator,
    sessions,
    webhooks,
    users,
    auth,
    tags,
    contacts,
    contactImports,
    ticketNotes,
    messageImport,
  }
}

export type Services = ReturnType<typeof createServices>
