import type { ServiceHours } from '@shared/contracts/service-hours'
import type { CompanySettingValues } from '@shared/contracts/settings'
import type { ConnectionRow } from '../connections/connections.table'
import type { ContactRow } from '../contacts/contacts.table'
import type { TreeRow } from '../queues/chatbots.repository'
import type { TrackingRow } from '../tickets/tickets.repository'
import type { QueueRow } from '../queues/queues.table'
import type { TicketRow } from '../tickets/tickets.table'
import { refusesAudio, refusesCalls } from './bot.refusals'
import type {
  BotConnection,
  BotFlows,
  BotInput,
  BotMessageKind,
  BotOption,
  BotQueue,
  BotTicketChanges,
} from './bot.types'

/** Meta's customer-service window: free-form texts only within a day of the contact's last. */
const WINDOW_MS = 24 * 60 * 60 * 1000

/** Everything the bot reads about one ticket, loaded once for all its pending messages. */
export interface BotContext {
  ticket: TicketRow
  /** The open attendance (its chatbotAt starts the bot's rounds; the rating goes to its user). */
  tracking: TrackingRow
  contact: ContactRow
  connection: ConnectionRow
  company: { name: string; timezone: string; schedules: ServiceHours }
  queues: QueueRow[]
  options: TreeRow[]
  settings: CompanySettingValues
  automation: BotAutomation
  flows: BotFlows
}

/** No flow may start: a connection without phrases and default flows (the queue simulator). */
export const NO_FLOWS: BotFlows = {
  phrases: [],
  welcomeFlowId: null,
  notPhraseFlowId: null,
  knownContact: false,
  defaultFlowTried: false,
}

/** What the connection's bots are, beyond its and its queues' rows. */
export interface BotAutomation {
  /** The AI prompt of each queue: the prompt whose queue it is. */
  queuePrompts: ReadonlyMap<number, number>
  /** The flow each queue whose integration is a flow runs. */
  queueFlows: ReadonlyMap<number, number>
  /** The connection's integration is a flow, which runs apart from the bot. */
  connectionRunsFlow: boolean
}

/** The queues' trees as the decisions read them: each option with its children, in order. */
export function queuesWithTrees(
  queues: QueueRow[],
  options: TreeRow[],
  automation: Pick<BotAutomation, 'queuePrompts' | 'queueFlows'>,
): BotQueue[] {
  const { queuePrompts, queueFlows } = automation
  const childrenOf = (parent: (row: TreeRow) => boolean): BotOption[] =>
    options.filter(parent).map((row) => ({
      id: row.id,
      name: row.name,
      greetingMessage: row.greetingMessage,
      queueType: row.queueType,
      optQueueId: row.optQueueId,
      optUserId: row.optUserId,
      optIntegrationId: row.optIntegrationId,
      optFileId: row.optFileId,
      closeTicket: row.closeTicket,
      options: childrenOf((child) => child.chatbotId === row.id),
    }))
  return queues.map((queue) => ({
    id: queue.id,
    name: queue.name,
    greetingMessage: queue.greetingMessage,
    outOfHoursMessage: queue.outOfHoursMessage,
    closeTicket: queue.closeTicket,
    schedules: queue.schedules,
    options: childrenOf((row) => row.queueId === queue.id && row.chatbotId === null),
    // A flow integration is no bot to converse with: its flow runs instead.
    integrationId: queueFlows.has(queue.id) ? null : queue.integrationId,
    promptId: queuePrompts.get(queue.id) ?? null,
    flowId: queueFlows.get(queue.id) ?? null,
    fileListId: queue.fileListId,
  }))
}

/** A connection as the decisions read it. */
export function botConnectionOf(
  connection: ConnectionRow,
  automation: Pick<BotAutomation, 'connectionRunsFlow'>,
): BotConnection {
  return {
    name: connection.name,
    greetingMessage: connection.greetingMessage,
    greetingMediaAttachment: connection.greetingMediaAttachment,
    complationMessage: connection.complationMessage,
    outOfHoursMessage: connection.outOfHoursMessage,
    ratingMessage: connection.ratingMessage,
    maxUseBotQueues: connection.maxUseBotQueues,
    timeUseBotQueues: connection.timeUseBotQueues,
    maxUseBotQueuesNPS: connection.maxUseBotQueuesNPS,
    groupAsTicket: connection.groupAsTicket === 'enabled',
    collectiveVacationStart: connection.collectiveVacationStart,
    collectiveVacationEnd: connection.collectiveVacationEnd,
    collectiveVacationMessage: connection.collectiveVacationMessage,
    schedules: connection.schedules as ServiceHours,
    integrationId: automation.connectionRunsFlow ? null : connection.integrationId,
    promptId: connection.promptId,
  }
}

/** What the bot reads a stored message as: a call notice, an audio, or words. */
export const botMessageKindOf = (mediaType: string): BotMessageKind =>
  mediaType === 'call_log' ? 'call' : mediaType === 'audio' ? 'audio' : 'text'

/** The decisions' input for one message of the context's ticket. */
export function botInputOf(
  context: BotContext,
  queues: BotQueue[],
  message: { body: string; mediaType: string },
  now: Date,
): BotInput {
  const { ticket, contact, connection, settings } = context
  const lastInbound = ticket.lastInboundAt?.getTime() ?? now.getTime()
  return {
    now,
    timeZone: context.company.timezone,
    text: message.body,
    message: botMessageKindOf(message.mediaType),
    ticket: {
      status: ticket.status,
      queueId: ticket.queueId,
      userId: ticket.userId,
      isGroup: ticket.isGroup,
      isBot: ticket.isBot,
      imported: ticket.imported !== null,
      amountUsedBotQueues: ticket.amountUsedBotQueues,
      amountUsedBotQueuesNPS: ticket.amountUsedBotQueuesNPS,
      isOutOfHour: ticket.isOutOfHour,
      lgpdSendMessageAt: ticket.lgpdSendMessageAt,
      lgpdAcceptedAt: ticket.lgpdAcceptedAt,
      chatbotAt: context.tracking.chatbotAt,
      optionId: ticket.botOptionId,
      vacationNoticeFor: ticket.botVacationNotice,
      useIntegration: ticket.useIntegration,
      integrationId: ticket.integrationId,
      promptId: ticket.promptId,
      flowRunId: ticket.flowRunId,
    },
    contact: {
      disableBot: contact.disableBot,
      lgpdAcceptedAt: contact.lgpdAcceptedAt,
      acceptAudioMessage: contact.acceptAudioMessage,
    },
    connection: botConnectionOf(connection, context.automation),
    queues,
    settings,
    companyHours: context.company.schedules,
    flows: context.flows,
    windowOpen: connection.channel === 'whatsapp' || now.getTime() - lastInbound < WINDOW_MS,
  }
}

/** The ticket's columns for the bot's changes (the tree position and vacation have their own). */
export function ticketValuesOf(changes: BotTicketChanges): Partial<TicketRow> {
  const { optionId, vacationNoticeFor, chatbotAt: _tracked, ...columns } = changes
  return {
    ...columns,
    ...(optionId !== undefined ? { botOptionId: optionId } : {}),
    ...(vacationNoticeFor !== undefined ? { botVacationNotice: vacationNoticeFor } : {}),
  }
}

/**
 * Whether the bot may have something to say to a contact's new message on this ticket: a rating
 * or consent it waits for, or, for a ticket still waiting unassigned, an integration, prompt or
 * flow to relay it to, a flow it may start, a menu, hours or a vacation to tell of. Only such messages are stored for the bot to read.
 */
export function botListens(
  ticket: TicketRow,
  connection: ConnectionRow,
  settings: Pick<CompanySettingValues, 'scheduleType'>,
  connectionHasQueues: boolean,
  /** The connection has default flows or phrases: any message may start a flow. */
  connectionHasFlows: boolean,
): boolean {
  if (ticket.imported !== null) return false
  if (ticket.status === 'nps' || ticket.status === 'lgpd') return true
  if (ticket.status !== 'pending' || ticket.userId !== null) return false
  if (ticket.flowRunId !== null) return true
  if (ticket.isGroup && connection.groupAsTicket !== 'enabled') return false
  // A bot converses with the ticket, or the connection's bot takes its new tickets first.
  if (ticket.useIntegration) return true
  if (ticket.isBot && (connection.integrationId !== null || connection.promptId !== null))
    return true
  return (
    connectionHasQueues ||
    connectionHasFlows ||
    settings.scheduleType === 'company' ||
    settings.scheduleType === 'connection' ||
    (connection.collectiveVacationMessage.trim() !== '' &&
      connection.collectiveVacationStart !== null)
  )
}

/**
 * Whether the bot reads this new message of the contact: a call or an audio it refuses, on any
 * ticket; anything else only on a ticket it listens to (`botListens`).
 */
export function botHears(
  listens: boolean,
  ticket: TicketRow,
  mediaType: string,
  sender: { acceptAudioMessage: boolean },
  settings: Pick<CompanySettingValues, 'acceptAudioMessageContact' | 'acceptCallWhatsapp'>,
): boolean {
  if (ticket.imported !== null) return false
  const kind = botMessageKindOf(mediaType)
  if (kind === 'call') return refusesCalls(settings)
  return listens || (kind === 'audio' && refusesAudio(ticket.isGroup, sender, settings))
}
