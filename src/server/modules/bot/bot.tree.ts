import { attachChanges } from './bot.integration'
import { menuSteps } from './bot.menu'
import {
  BACK_WORD,
  EXIT_WORD,
  INVALID_OPTION_TEXT,
  choiceAmong,
  optionsText,
  saysWord,
} from './bot.texts'
import { throttle } from './bot.throttle'
import {
  handledBy,
  passOn,
  type BotDecision,
  type BotInput,
  type BotOption,
  type BotQueue,
  type BotStep,
  type BotTicketChanges,
} from './bot.types'

/** The option `id` anywhere under `options`. */
function findOption(options: readonly BotOption[], id: number): BotOption | null {
  for (const option of options) {
    if (option.id === id) return option
    const inside = findOption(option.options, id)
    if (inside) return inside
  }
  return null
}

/** What picking an option does to the ticket (reference §11.8, by its queueType). */
function effectOf(option: BotOption, queue: BotQueue): BotTicketChanges | null {
  switch (option.queueType) {
    case 'queue':
      return option.optQueueId === null
        ? null
        : { queueId: option.optQueueId, status: 'pending', isBot: false }
    case 'attendent':
      return {
        queueId: option.optQueueId ?? queue.id,
        userId: option.optUserId,
        status: 'pending',
        isBot: false,
      }
    case 'integration':
      return option.optIntegrationId === null
        ? null
        : {
            ...attachChanges({ integrationId: option.optIntegrationId, promptId: null }),
            status: 'pending',
          }
    default:
      return null
  }
}

/**
 * The queue's option tree (reference §11.8, with its corrections): the contact walks it by
 * number, "#" goes back to the connection's menu, "sair" closes with the farewell, and an answer
 * that picks nothing is answered with the same level again (never the first option by default).
 * An option with children and a greeting keeps the contact inside it; any other ends the walk.
 */
export function decideTree(input: BotInput): BotDecision {
  const { ticket } = input
  const queue = input.queues.find((candidate) => candidate.id === ticket.queueId)
  if (!queue || queue.options.length === 0 || ticket.userId !== null || !ticket.isBot)
    return passOn()
  if (input.contact.disableBot) return handledBy({ kind: 'silent', reason: 'botDisabled' })
  if (saysWord(input.text, EXIT_WORD)) return handledBy({ kind: 'close', farewell: true })
  const back: BotTicketChanges = {
    queueId: null,
    userId: null,
    optionId: null,
    isBot: true,
    amountUsedBotQueues: 0,
    chatbotAt: null,
  }
  if (saysWord(input.text, BACK_WORD)) {
    const menu = menuSteps({ ...input, ticket: { ...ticket, ...back } })
    return handledBy({ kind: 'update', changes: back }, ...menu.steps)
  }

  const current = ticket.optionId === null ? null : findOption(queue.options, ticket.optionId)
  const level = current?.options ?? queue.options
  const choice = choiceAmong(input.text, level.length)
  if (choice === null) {
    const allowed = throttle(input)
    if (allowed.silence) return handledBy({ kind: 'silent', reason: allowed.silence })
    return handledBy(
      { kind: 'send', text: INVALID_OPTION_TEXT },
      { kind: 'send', text: optionsText(current?.greetingMessage ?? queue.greetingMessage, level) },
      { kind: 'update', changes: { ...allowed.counted, optionId: current?.id ?? null } },
    )
  }

  const chosen = level[choice - 1]!
  const staysInside = chosen.options.length > 0 && chosen.greetingMessage.trim() !== ''
  const effect = effectOf(chosen, queue)
  const steps: BotStep[] = [
    {
      kind: 'update',
      changes: {
        ...effect,
        optionId: staysInside ? chosen.id : null,
        amountUsedBotQueues: 0,
      },
    },
  ]
  if (effect) steps.push({ kind: 'log', type: 'queue' })
  if (chosen.greetingMessage.trim())
    steps.push({
      kind: 'send',
      text: staysInside
        ? optionsText(chosen.greetingMessage, chosen.options)
        : chosen.greetingMessage,
    })
  if (chosen.queueType === 'file' && chosen.optFileId !== null)
    steps.push({ kind: 'sendFiles', fileListId: chosen.optFileId })
  if (chosen.closeTicket) steps.push({ kind: 'close', farewell: false })
  else if (effect?.useIntegration) steps.push({ kind: 'relay', opening: true })
  return handledBy(...steps)
}
