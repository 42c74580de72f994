import { defaultServiceHours } from '@shared/contracts/service-hours'
import { COMPANY_SETTING_DEFAULTS } from '@shared/contracts/settings'
import { NO_FLOWS } from '@server/modules/bot/bot.input'
import type {
  BotConnection,
  BotContact,
  BotInput,
  BotSettings,
  BotTicket,
} from '@server/modules/bot/bot.types'

export interface BotInputOverrides {
  text?: string
  message?: BotInput['message']
  now?: Date
  windowOpen?: boolean
  ticket?: Partial<BotTicket>
  contact?: Partial<BotContact>
  connection?: Partial<BotConnection>
  settings?: Partial<BotSettings>
  queues?: BotInput['queues']
  flows?: Partial<BotInput['flows']>
}

// Tuesday 2024-03-05 10:00 in São Paulo (UTC-3): within the default 08:00–12:00 shift.
export const TUESDAY_10H = new Date('2024-03-05T13:00:00Z')

/**
 * What the bot decides from, for decision tests: a new pending ticket of a contact writing "oi"
 * in business hours, on a connection with a greeting, a limit of 3 menus and no queues, and the
 * company's default settings.
 */
export function botInput(overrides: BotInputOverrides = {}): BotInput {
  return {
    now: overrides.now ?? TUESDAY_10H,
    timeZone: 'America/Sao_Paulo',
    text: overrides.text ?? 'oi',
    message: overrides.message ?? 'text',
    ticket: {
      status: 'pending',
      queueId: null,
      userId: null,
      isGroup: false,
      isBot: true,
      imported: false,
      amountUsedBotQueues: 0,
      amountUsedBotQueuesNPS: 0,
      isOutOfHour: false,
      lgpdSendMessageAt: null,
      lgpdAcceptedAt: null,
      chatbotAt: null,
      optionId: null,
      vacationNoticeFor: null,
      useIntegration: false,
      integrationId: null,
      promptId: null,
      flowRunId: null,
      ...overrides.ticket,
    },
    contact: {
      disableBot: false,
      lgpdAcceptedAt: null,
      acceptAudioMessage: true,
      ...overrides.contact,
    },
    connection: {
      name: 'Loja',
      greetingMessage: 'Olá {{firstName}}!',
      greetingMediaAttachment: null,
      complationMessage: 'Até logo',
      outOfHoursMessage: 'Estamos fechados',
      ratingMessage: 'Dê uma nota de 0 a 10',
      maxUseBotQueues: 3,
      timeUseBotQueues: 0,
      maxUseBotQueuesNPS: 3,
      groupAsTicket: false,
      collectiveVacationStart: null,
      collectiveVacationEnd: null,
      collectiveVacationMessage: '',
      schedules: [],
      integrationId: null,
      promptId: null,
      ...overrides.connection,
    },
    queues: overrides.queues ?? [],
    settings: {
      scheduleType: COMPANY_SETTING_DEFAULTS.scheduleType,
      enableLGPD: COMPANY_SETTING_DEFAULTS.enableLGPD,
      lgpdMessage: COMPANY_SETTING_DEFAULTS.lgpdMessage,
      lgpdLink: COMPANY_SETTING_DEFAULTS.lgpdLink,
      lgpdConsent: COMPANY_SETTING_DEFAULTS.lgpdConsent,
      sendGreetingMessageOneQueues: COMPANY_SETTING_DEFAULTS.sendGreetingMessageOneQueues,
      sendQueuePosition: COMPANY_SETTING_DEFAULTS.sendQueuePosition,
      sendQueuePositionMessage: COMPANY_SETTING_DEFAULTS.sendQueuePositionMessage,
      userRandom: 'disabled',
      acceptAudioMessageContact: COMPANY_SETTING_DEFAULTS.acceptAudioMessageContact,
      acceptCallWhatsapp: COMPANY_SETTING_DEFAULTS.acceptCallWhatsapp,
      AcceptCallWhatsappMessage: COMPANY_SETTING_DEFAULTS.AcceptCallWhatsappMessage,
      ...overrides.settings,
    },
    companyHours: defaultServiceHours(),
    windowOpen: overrides.windowOpen ?? true,
    flows: { ...NO_FLOWS, ...overrides.flows },
  }
}
