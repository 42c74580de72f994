import type { RequestContext } from '@server/context'
import type { CoreDeps } from '@server/deps'
import { AppError, validationError } from '@server/lib/app-error'
import type { SimulationBody, SimulationDto } from '@shared/contracts/bot-simulation'
import { renderTemplate } from '../messages/messages.template'
import { chatbotsRepository } from '../queues/chatbots.repository'
import type { SettingsService } from '../settings/settings.service'
import { asksConsent } from '../tickets/tickets.core'
import { ticketsRepository } from '../tickets/tickets.repository'
import { botConnectionOf, NO_FLOWS, queuesWithTrees } from './bot.input'
import { botRepository } from './bot.repository'
import { simulateConversation } from './bot.simulate'
import type { BotConnection, BotTicket } from './bot.types'

/** A contact writing straight into a queue that no connection offers: no greeting, no hours. */
const NO_CONNECTION: BotConnection = {
  name: '',
  greetingMessage: '',
  greetingMediaAttachment: null,
  complationMessage: '',
  outOfHoursMessage: '',
  ratingMessage: '',
  maxUseBotQueues: 0,
  timeUseBotQueues: 0,
  maxUseBotQueuesNPS: 0,
  groupAsTicket: false,
  collectiveVacationStart: null,
  collectiveVacationEnd: null,
  collectiveVacationMessage: '',
  schedules: [],
  integrationId: null,
  promptId: null,
}

/** The simulate panel of the queue dialog (POST /queue/{id}/simulate). */
export function createBotSimulator(deps: CoreDeps, collaborators: { settings: SettingsService }) {
  const { settings } = collaborators

  return {
    async simulate(
      ctx: RequestContext,
      queueId: number,
      body: SimulationBody,
    ): Promise<SimulationDto> {
      const { companyId } = ctx
      const repo = botRepository(deps.db)
      const { queue, names: queueNames } = await repo.queueAndNames(companyId, queueId)
      if (!queue) throw new AppError('ERR_QUEUE_NOT_FOUND')
      const offering = await repo.connectionsOfQueue(companyId, queueId)
      const chosen =
        body.connectionId === undefined
          ? (offering[0] ?? null)
          : offering.find((connection) => connection.id === body.connectionId)
      if (chosen === undefined) throw validationError('connectionId')
      const connection = chosen
        ? await ticketsRepository(deps.db).findConnection(companyId, chosen.id)
        : null
      const { queues, options, queuePrompts, queueFlows } = connection
        ? await repo.queuesOf(companyId, connection.id)
        : {
            queues: [queue],
            options: await chatbotsRepository(deps.db).treesOfQueues(companyId, [queue.id]),
            queuePrompts: new Map<number, number>(),
            queueFlows: new Map<number, number>(),
          }
      const company = await repo.company(companyId)
      const values = await settings.companyValues(companyId)
      const userNames = await repo.userNames(companyId, [
        ...new Set(options.flatMap((option) => (option.optUserId ? [option.optUserId] : []))),
      ])

      const connectionRunsFlow =
        connection?.integrationId != null &&
        (await repo.isFlow(companyId, connection.integrationId))
      const botConnection = connection
        ? botConnectionOf(connection, { connectionRunsFlow })
        : NO_CONNECTION
      // A new contact's new ticket, as the pipeline opens it (tickets.core initialValues).
      const contact = { disableBot: false, lgpdAcceptedAt: null, acceptAudioMessage: true }
      const ticket: BotTicket = {
        status: asksConsent(values, contact) ? 'lgpd' : 'pending',
        queueId: connection ? (queues.length === 1 ? queues[0]!.id : null) : queue.id,
        userId: null,
        isGroup: false,
        isBot:
          queues.length > 0 ||
          botConnection.integrationId !== null ||
          botConnection.promptId !== null,
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
      }
      const timeZone = company?.timezone ?? deps.defaultTimeZone
      const contactName = body.contactName?.trim() || ctx.user.name
      const turns = simulateConversation(
        {
          timeZone,
          ticket,
          contact,
          connection: botConnection,
          queues: queuesWithTrees(queues, options, { queuePrompts, queueFlows }),
          settings: values,
          companyHours: company?.schedules ?? [],
          windowOpen: true,
          // The queue simulator runs the queue's menus; flows are tried in their own editor.
          flows: NO_FLOWS,
        },
        body.messages,
        new Date(),
        {
          queueName: (id) => queueNames.get(id) ?? '',
          userName: (id) => userNames.get(id) ?? '',
          render: (text, at, now) =>
            renderTemplate(
              text,
              {
                contactName,
                ticketId: 0,
                userName: at.userId === null ? '' : (userNames.get(at.userId) ?? ''),
                queueName: at.queueId === null ? '' : (queueNames.get(at.queueId) ?? ''),
                connectionName: botConnection.name,
                companyName: company?.name ?? '',
              },
              { now, timeZone },
            ),
        },
      )
      return {
        connection: chosen ? { id: chosen.id, name: chosen.name } : null,
        connections: offering,
        turns,
      }
    },
  }
}

export type BotSimulator = ReturnType<typeof createBotSimulator>
