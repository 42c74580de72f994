import { handledBy, passOn, type BotDecision, type BotInput, type BotStep } from './bot.types'

/** Sent before the rating question again when the answer is not a rating. */
export const RATING_INVALID_OPTION = 'Opção inválida, tente novamente.'

/** A whole rating from 0 to 10, nothing else ("7.5", "-1", "11" and "05" are not ratings). */
const RATING_PATTERN = /^(10|[0-9])$/

/**
 * The rating (NPS) answer (reference §11.6, with our corrections): while the ticket is in `nps`
 * it waits only for its rating, so every message is handled here.
 */
export const decideRating = (input: BotInput): BotDecision => {
  const { ticket, connection } = input
  if (ticket.status !== 'nps') return passOn()

  const answer = input.text.trim()
  // Stored even outside the window: a rating sends nothing by itself (the farewell is the
  // pipeline's concern).
  if (RATING_PATTERN.test(answer)) return handledBy({ kind: 'rate', rate: Number(answer) })

  if (ticket.amountUsedBotQueuesNPS >= connection.maxUseBotQueuesNPS) {
    return handledBy({ kind: 'silent', reason: 'limitReached' })
  }
  // Nothing re-asked, so nothing counted.
  if (!input.windowOpen) return handledBy({ kind: 'silent', reason: 'windowClosed' })
  const question: BotStep[] =
    connection.ratingMessage.trim() === '' ? [] : [{ kind: 'send', text: connection.ratingMessage }]
  return handledBy({ kind: 'send', text: RATING_INVALID_OPTION }, ...question, {
    kind: 'update',
    changes: { amountUsedBotQueuesNPS: ticket.amountUsedBotQueuesNPS + 1 },
  })
}
