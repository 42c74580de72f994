import type { BotInput, BotSilence } from './bot.types'

const MINUTE_MS = 60_000

/**
 * Whether the bot may send a menu or an out-of-hours answer now (reference §11.7). A round of
 * menus starts at `chatbotAt`; at most `maxUseBotQueues` go out per round (0: no limit). With
 * `timeUseBotQueues` minutes set, a round that reached its limit ends that long after it began
 * and a new one starts; without it the bot stays silent for the rest of the attendance.
 * Answers the silence, or the changes that count one more answer.
 */
export function throttle(
  input: BotInput,
):
  | { silence: BotSilence }
  | { silence: null; counted: { amountUsedBotQueues: number; chatbotAt: Date } } {
  const { ticket, connection, now } = input
  const limit = connection.maxUseBotQueues
  let used = ticket.amountUsedBotQueues
  let roundStart = ticket.chatbotAt
  if (limit > 0 && used >= limit) {
    const rest = connection.timeUseBotQueues * MINUTE_MS
    const rested = rest > 0 && roundStart !== null && now.getTime() >= roundStart.getTime() + rest
    if (!rested) return { silence: rest > 0 ? 'resting' : 'limitReached' }
    used = 0
    roundStart = null
  }
  return {
    silence: null,
    counted: { amountUsedBotQueues: used + 1, chatbotAt: roundStart ?? now },
  }
}
