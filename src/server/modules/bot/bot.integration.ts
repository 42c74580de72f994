import {
  handledBy,
  passOn,
  type BotDecision,
  type BotInput,
  type BotTicketChanges,
} from './bot.types'

/** What attaching a bot to the ticket changes: it converses until it hands off. */
export function attachChanges(bot: {
  integrationId: number | null
  promptId: number | null
}): BotTicketChanges {
  return {
    useIntegration: true,
    integrationId: bot.integrationId,
    promptId: bot.integrationId === null ? bot.promptId : null,
    // The menus are done: after a hand-off, humans answer.
    isBot: false,
  }
}

/**
 * Reference §6 "one continuation rule": a ticket an integration or an AI prompt converses with,
 * and no attendant holds, sends every message to it until the hand-off, wherever it was
 * attached. A new ticket of a connection with an integration or a prompt is attached to it
 * first ("bot before human"), before hours and menus: a bot answers around the clock.
 */
export function decideIntegration(input: BotInput): BotDecision {
  const { ticket, connection, contact } = input
  if (ticket.userId !== null || contact.disableBot) return passOn()
  if (ticket.useIntegration && (ticket.integrationId !== null || ticket.promptId !== null))
    return handledBy({ kind: 'relay', opening: false })
  if (!ticket.isBot || ticket.isGroup || ticket.useIntegration) return passOn()
  if (connection.integrationId === null && connection.promptId === null) return passOn()
  return handledBy(
    { kind: 'update', changes: attachChanges(connection) },
    { kind: 'log', type: 'chatBot' },
    { kind: 'relay', opening: false },
  )
}
