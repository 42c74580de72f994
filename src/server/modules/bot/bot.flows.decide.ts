import { phraseKey } from '@shared/contracts/flow-campaigns-rules'
import { handledBy, passOn, type BotDecision, type BotInput } from './bot.types'

/**
 * Reference §5 "Entry", in order: a ticket in a flow gives it every message; a contact's message
 * that is one of the connection's phrases starts its flow; otherwise, once per ticket and while
 * the ticket has no queue, the welcome flow for a contact new to the connection or the
 * not-phrase flow for a known one. Only for tickets waiting without an attendant, not groups,
 * and contacts whose bot is on.
 */
export function decideFlow(input: BotInput): BotDecision {
  const { ticket, contact, flows } = input
  if (ticket.flowRunId !== null) return handledBy({ kind: 'flowInput' })
  if (
    ticket.status !== 'pending' ||
    ticket.userId !== null ||
    ticket.isGroup ||
    ticket.imported ||
    contact.disableBot
  )
    return passOn()
  const key = phraseKey(input.text)
  const phrase = key === '' ? undefined : flows.phrases.find((candidate) => candidate.key === key)
  if (phrase) return handledBy({ kind: 'flowStart', flowId: phrase.flowId, origin: 'phrase' })
  if (ticket.queueId !== null || flows.defaultFlowTried) return passOn()
  const [flowId, origin] = flows.knownContact
    ? ([flows.notPhraseFlowId, 'notPhrase'] as const)
    : ([flows.welcomeFlowId, 'welcome'] as const)
  return flowId === null ? passOn() : handledBy({ kind: 'flowStart', flowId, origin })
}
