import type { ChatbotType } from '@shared/contracts/queues'
import type { ServiceHours } from '@shared/contracts/service-hours'
import type { CompanySettingValues } from '@shared/contracts/settings'
import type { TicketStatus } from '@shared/contracts/tickets'

/**
 * What the bot decides from (reference §11.3–§11.8): one inbound message of a ticket and
 * everything that shapes the answer, read by the pipeline before it asks. The decision functions
 * are pure: the same input always gives the same steps, so the simulate panel runs them too.
 */
export interface BotInput {
  now: Date
  /** The company's time zone: service hours and vacations are read on its clock. */
  timeZone: string
  /** The message's text, as typed (a button or list answer's id for interactive replies). */
  text: string
  /** What the contact sent: words (any kind but these two), an audio, or a call. */
  message: BotMessageKind
  ticket: BotTicket
  contact: BotContact
  connection: BotConnection
  /** The connection's queues in menu order (orderQueue, then name). */
  queues: BotQueue[]
  settings: BotSettings
  /** The company's service hours (scheduleType company). */
  companyHours: ServiceHours
  /** What may start a flow on this ticket (reference §5 "Entry"). */
  flows: BotFlows
  /**
   * Whether a free-form text may reach the contact now: always on WhatsApp (Baileys); within 24
   * hours of the contact's last message on the Cloud API and Messenger.
   */
  windowOpen: boolean
}

export type BotMessageKind = 'text' | 'audio' | 'call'

export interface BotTicket {
  status: TicketStatus
  queueId: number | null
  userId: number | null
  isGroup: boolean
  /** Menus and the tree apply only while the bot holds the ticket. */
  isBot: boolean
  /** Imported history never triggers the bot. */
  imported: boolean
  /** Menus (and out-of-hours answers) sent since the counter was last reset. */
  amountUsedBotQueues: number
  /** Invalid rating answers re-asked so far. */
  amountUsedBotQueuesNPS: number
  isOutOfHour: boolean
  lgpdSendMessageAt: Date | null
  lgpdAcceptedAt: Date | null
  /** When the bot first ran in this attendance (the tracking's chatbotAt), for the throttle. */
  chatbotAt: Date | null
  /** The option of the queue's tree the contact is inside, or null at the queue's top. */
  optionId: number | null
  /** The vacation (its first day, YYYY-MM-DD) this ticket was already told about. */
  vacationNoticeFor: string | null
  /** An integration or an AI prompt converses with the contact until it hands off (§6). */
  useIntegration: boolean
  integrationId: number | null
  promptId: number | null
  /** The flow run conversing with the contact; it takes every message until it ends. */
  flowRunId: number | null
}

/** The flows a message may start: the connection's phrases and its default flows. */
export interface BotFlows {
  /** The connection's active phrases, as compared (`phraseKey`), and the flow each starts. */
  phrases: { key: string; flowId: number }[]
  /**
   * The connection's default flows, null when none is set or another bot of the connection
   * takes its new tickets (reference §5: an integration that is not a flow goes first).
   */
  welcomeFlowId: number | null
  notPhraseFlowId: number | null
  /** The contact had an earlier ticket on this connection (the welcome flow is for new ones). */
  knownContact: boolean
  /** A default flow already ran on this ticket: they run once per ticket. */
  defaultFlowTried: boolean
}

export interface BotContact {
  /** Menus, the option tree, flows and integrations are off for this contact. */
  disableBot: boolean
  /** When the contact accepted the privacy terms, if ever. */
  lgpdAcceptedAt: Date | null
  /** The contact's audio is taken (its own switch, beside the company's). */
  acceptAudioMessage: boolean
}

export interface BotConnection {
  name: string
  greetingMessage: string
  /** Sent as media with the greeting as caption when set. */
  greetingMediaAttachment: string | null
  complationMessage: string
  outOfHoursMessage: string
  ratingMessage: string
  /** Menus sent at most this many times (0: no limit). */
  maxUseBotQueues: number
  /** Minutes the bot stays quiet after its limit of menus, then starts again (0: never). */
  timeUseBotQueues: number
  maxUseBotQueuesNPS: number
  groupAsTicket: boolean
  /** Whole days, YYYY-MM-DD, in the company time zone; both and the message needed. */
  collectiveVacationStart: string | null
  collectiveVacationEnd: string | null
  collectiveVacationMessage: string
  schedules: ServiceHours
  /** The bot that answers the connection's new tickets first (never a flow: flows run apart). */
  integrationId: number | null
  /** The AI prompt that answers the connection's new tickets first. */
  promptId: number | null
}

export interface BotQueue {
  id: number
  name: string
  greetingMessage: string
  outOfHoursMessage: string
  closeTicket: boolean
  schedules: ServiceHours
  /** Level-1 options of the queue's tree, in order, each with its children. */
  options: BotOption[]
  /** The integration that converses with the queue's contacts once they enter it. */
  integrationId: number | null
  /** The AI prompt that answers the queue's contacts (the prompt whose queue it is). */
  promptId: number | null
  /** Files sent to a contact entering the queue. */
  fileListId: number | null
  /** The flow the queue's flow integration runs for a contact entering it. */
  flowId: number | null
}

export interface BotOption {
  id: number
  name: string
  greetingMessage: string
  queueType: ChatbotType
  optQueueId: number | null
  optUserId: number | null
  optIntegrationId: number | null
  optFileId: number | null
  closeTicket: boolean
  options: BotOption[]
}

export type BotSettings = Pick<
  CompanySettingValues,
  | 'scheduleType'
  | 'enableLGPD'
  | 'lgpdMessage'
  | 'lgpdLink'
  | 'lgpdConsent'
  | 'sendGreetingMessageOneQueues'
  | 'sendQueuePosition'
  | 'sendQueuePositionMessage'
  | 'userRandom'
  | 'acceptAudioMessageContact'
  | 'acceptCallWhatsapp'
  | 'AcceptCallWhatsappMessage'
>

/** What the bot changes on the ticket; only the fields named change. */
export interface BotTicketChanges {
  status?: TicketStatus
  queueId?: number | null
  userId?: number | null
  isBot?: boolean
  amountUsedBotQueues?: number
  amountUsedBotQueuesNPS?: number
  isOutOfHour?: boolean
  lgpdSendMessageAt?: Date
  lgpdAcceptedAt?: Date
  chatbotAt?: Date | null
  optionId?: number | null
  vacationNoticeFor?: string
  useIntegration?: boolean
  integrationId?: number | null
  promptId?: number | null
}

/**
 * One thing the bot does, applied in order by the pipeline. Texts are templates (reference
 * §9.7): the pipeline renders them for the ticket before they are stored and sent.
 */
export type BotStep =
  | {
      kind: 'send'
      text: string
      /** The connection's greeting attachment goes with the text as its caption. */
      withGreetingMedia?: boolean
      /** The answer quotes the contact's message it answers. */
      quoteMessage?: boolean
    }
  | { kind: 'update'; changes: BotTicketChanges }
  /** The contact accepted the privacy terms now. */
  | { kind: 'consent' }
  /** Store the contact's rating of the attendance, then close with the farewell. */
  | { kind: 'rate'; rate: number }
  | { kind: 'close'; farewell: boolean }
  /** Tell the contact its place in the queue's line ("{message} *{n}*"). */
  | { kind: 'queuePosition'; queueId: number }
  /** Pre-assign a random online attendant of the queue (userRandom); the ticket stays pending. */
  | { kind: 'assignRandom'; queueId: number }
  | { kind: 'log'; type: 'chatBot' | 'queue' | 'lgpd' }
  /**
   * The message goes to the integration or prompt the ticket converses with, which answers in a
   * job of its own. `opening`: the bot was just attached; the message was a choice for the menu,
   * not words for the bot, so only a bot that greets (Typebot) speaks.
   */
  | { kind: 'relay'; opening: boolean }
  /** The file list's message, then its files. */
  | { kind: 'sendFiles'; fileListId: number }
  /** Start the flow on the ticket with this message (a phrase, or a default flow). */
  | { kind: 'flowStart'; flowId: number; origin: 'phrase' | 'welcome' | 'notPhrase' | 'queue' }
  /** The message goes to the ticket's running flow (a menu's answer moves it on). */
  | { kind: 'flowInput' }
  /** Nothing is sent: why, for the ticket log and the simulate panel. */
  | { kind: 'silent'; reason: BotSilence }

export type BotSilence =
  /** The contact wrote outside the 24-hour window of a Meta channel. */
  | 'windowClosed'
  /** The menu reached maxUseBotQueues. */
  | 'limitReached'
  /** Within timeUseBotQueues of the last menu. */
  | 'resting'
  /** The contact has the bot disabled. */
  | 'botDisabled'
  /** An attendant holds the ticket, or it is a group, imported or closed. */
  | 'notTheBots'

/** What a decision function answers: its steps, and whether the message was fully handled. */
export interface BotDecision {
  steps: BotStep[]
  /** Later stages of §11.3 do not run. */
  handled: boolean
}

export const passOn = (): BotDecision => ({ steps: [], handled: false })
export const handledBy = (...steps: BotStep[]): BotDecision => ({ steps, handled: true })
