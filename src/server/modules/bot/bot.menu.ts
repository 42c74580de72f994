import { isOpen } from '@server/lib/service-hours'
import {
  EXIT_WORD,
  INVALID_OPTION_TEXT,
  choiceAmong,
  optionsText,
  queueMenuText,
  saysWord,
} from './bot.texts'
import { attachChanges } from './bot.integration'
import { throttle } from './bot.throttle'
import {
  handledBy,
  passOn,
  type BotDecision,
  type BotInput,
  type BotQueue,
  type BotStep,
} from './bot.types'

/** The ticket waits for a queue: no queue, no attendant, still the bot's (reference §11.3 C). */
export const choosingQueue = (input: BotInput) =>
  input.ticket.queueId === null &&
  input.ticket.userId === null &&
  input.ticket.isBot &&
  input.queues.length > 0

/** The connection's menu, counted: the invalid-option text first when one was already sent. */
export function menuSteps(input: BotInput): BotDecision {
  const allowed = throttle(input)
  if (allowed.silence) return handledBy({ kind: 'silent', reason: allowed.silence })
  const steps: BotStep[] = []
  if (allowed.counted.amountUsedBotQueues > 1)
    steps.push({ kind: 'send', text: INVALID_OPTION_TEXT })
  steps.push(
    {
      kind: 'send',
      text: queueMenuText(input.connection.greetingMessage, input.queues),
      withGreetingMedia: true,
    },
    { kind: 'update', changes: allowed.counted },
    { kind: 'log', type: 'chatBot' },
  )
  return handledBy(...steps)
}

/** What entering a queue says: its greeting and, when it has a tree, the tree's first level. */
export function queueEntryText(queue: BotQueue): string {
  return queue.options.length > 0
    ? optionsText(queue.greetingMessage, queue.options)
    : queue.greetingMessage
}

/**
 * The contact lands in `queue`: outside the queue's hours (scheduleType queue) it is told so and
 * waits there; otherwise the queue greets it and sends its files, the bot keeps the ticket while
 * the queue has a tree to walk, and a closing queue closes the ticket. A queue without a tree
 * but with an integration or a prompt hands the conversation to it.
 */
export function enterQueue(input: BotInput, queue: BotQueue): BotDecision {
  const { settings, now, timeZone } = input
  const steps: BotStep[] = []
  if (
    settings.scheduleType === 'queue' &&
    !isOpen(queue.schedules, now, timeZone, { missingDay: 'closed' })
  ) {
    const allowed = throttle(input)
    if (allowed.silence) return handledBy({ kind: 'silent', reason: allowed.silence })
    return handledBy(
      { kind: 'send', text: queue.outOfHoursMessage || input.connection.outOfHoursMessage },
      {
        kind: 'update',
        changes: { ...allowed.counted, queueId: queue.id, isOutOfHour: true, isBot: false },
      },
      { kind: 'log', type: 'queue' },
    )
  }
  const walksTree = queue.options.length > 0
  steps.push(
    {
      kind: 'update',
      changes: {
        queueId: queue.id,
        isBot: walksTree,
        isOutOfHour: false,
        amountUsedBotQueues: 0,
        // The bot has greeted this attendance: a round of its answers starts now.
        chatbotAt: input.now,
        optionId: null,
      },
    },
    { kind: 'log', type: 'queue' },
  )
  const greeting = queueEntryText(queue)
  if (greeting.trim()) steps.push({ kind: 'send', text: greeting })
  if (queue.fileListId !== null) steps.push({ kind: 'sendFiles', fileListId: queue.fileListId })
  if (queue.closeTicket) {
    steps.push({ kind: 'close', farewell: true })
    return handledBy(...steps)
  }
  if (!walksTree && queue.flowId !== null) {
    steps.push({ kind: 'flowStart', flowId: queue.flowId, origin: 'queue' })
    return handledBy(...steps)
  }
  if (!walksTree && (queue.integrationId !== null || queue.promptId !== null)) {
    steps.push({ kind: 'update', changes: attachChanges(queue) }, { kind: 'relay', opening: true })
    return handledBy(...steps)
  }
  if (!walksTree) {
    if (settings.userRandom === 'enabled') steps.push({ kind: 'assignRandom', queueId: queue.id })
    if (settings.sendQueuePosition === 'enabled')
      steps.push({ kind: 'queuePosition', queueId: queue.id })
  }
  return handledBy(...steps)
}

/**
 * Greeting and queue menu (reference §11.4, with its corrections): one queue takes the contact
 * straight in, greeted by the connection when `sendGreetingMessageOneQueues` is on; several
 * queues are a numbered menu read 1-based, "sair" closes with the farewell, and anything else is
 * answered with the menu again, up to the throttle's limit.
 */
export function decideMenu(input: BotInput): BotDecision {
  const { queues, connection, settings, ticket } = input
  // A connection's only queue is given to its tickets when they open: the first message of the
  // attendance is still greeted as if the contact had just chosen it.
  const greetingSoleQueue =
    queues.length === 1 &&
    ticket.queueId === queues[0]!.id &&
    ticket.userId === null &&
    ticket.isBot &&
    ticket.chatbotAt === null
  if (!choosingQueue(input) && !greetingSoleQueue) return passOn()
  if (input.contact.disableBot) return handledBy({ kind: 'silent', reason: 'botDisabled' })
  if (queues.length === 1) {
    const entered = enterQueue(input, queues[0]!)
    const greeting = connection.greetingMessage.trim()
    if (settings.sendGreetingMessageOneQueues !== 'enabled' || greeting.length <= 1) return entered
    return handledBy(
      { kind: 'send', text: connection.greetingMessage, withGreetingMedia: true },
      ...entered.steps,
    )
  }
  if (saysWord(input.text, EXIT_WORD)) return handledBy({ kind: 'close', farewell: true })
  const choice = choiceAmong(input.text, queues.length)
  if (choice !== null) return enterQueue(input, queues[choice - 1]!)
  return menuSteps(input)
}
