import { handledBy, passOn, type BotDecision, type BotInput, type BotStep } from './bot.types'

/** The question closing the privacy prompt; re-sent after an answer that is neither yes nor no. */
export const LGPD_CONSENT_QUESTION =
  'Estou ciente sobre o tratamento dos meus dados pessoais.\n\n*[1]* Sim\n*[2]* Não'

/** Sent before the question again when the answer is neither yes nor no. */
export const LGPD_CONSENT_REQUIRED = 'Para continuar o atendimento é necessário aceitar os termos.'

const ACCEPT_ANSWERS = new Set(['1', 'sim'])
const REFUSE_ANSWERS = new Set(['2', 'não', 'nao'])

const isBlank = (text: string): boolean => text.trim() === ''

/** Trimmed, lower-cased and composed, so "  SIM " and a decomposed "não" read as the options. */
const normalizeAnswer = (text: string): string => text.trim().normalize('NFC').toLowerCase()

/**
 * LGPD consent (reference §11.5, with our corrections): while the ticket is in `lgpd`, ask the
 * contact to accept the privacy terms and read the answer. `contact.disableBot` does not stop it:
 * these are informational texts, not the bot's menus.
 */
export const decideConsent = (input: BotInput): BotDecision => {
  const { ticket, contact, connection, settings, now } = input
  if (ticket.status !== 'lgpd') return passOn()

  // A group never enters lgpd; one that got there is released to the queue.
  if (ticket.isGroup) return handledBy({ kind: 'update', changes: { status: 'pending' } })

  // Consent asked once: an earlier acceptance holds, and the menu still reads this message.
  if (contact.lgpdAcceptedAt !== null && settings.lgpdConsent === 'disabled') {
    return {
      steps: [{ kind: 'update', changes: { status: 'pending', lgpdAcceptedAt: now } }],
      handled: false,
    }
  }

  if (ticket.lgpdSendMessageAt === null) {
    // Not marked as sent, so the prompt goes out on the next message once the window opens.
    if (!input.windowOpen) return handledBy({ kind: 'silent', reason: 'windowClosed' })
    const texts = [settings.lgpdMessage, settings.lgpdLink, LGPD_CONSENT_QUESTION]
    return handledBy(
      ...texts.filter((text) => !isBlank(text)).map((text): BotStep => ({ kind: 'send', text })),
      {
        kind: 'update',
        changes: { lgpdSendMessageAt: now, amountUsedBotQueues: ticket.amountUsedBotQueues + 1 },
      },
      { kind: 'log', type: 'lgpd' },
    )
  }

  const answer = normalizeAnswer(input.text)

  // Handled: the accepting "1" must not be read as a menu choice; the menu runs on the next one.
  if (ACCEPT_ANSWERS.has(answer)) {
    return handledBy(
      { kind: 'consent' },
      {
        kind: 'update',
        changes: { lgpdAcceptedAt: now, amountUsedBotQueues: 0, status: 'pending' },
      },
    )
  }

  // The completion message is the farewell here, so the close adds none.
  if (REFUSE_ANSWERS.has(answer)) {
    return handledBy(...sendIfAllowed(input, connection.complationMessage), {
      kind: 'close',
      farewell: false,
    })
  }

  const limitReached =
    connection.maxUseBotQueues > 0 && ticket.amountUsedBotQueues >= connection.maxUseBotQueues
  if (limitReached) {
    return handledBy(...sendIfAllowed(input, LGPD_CONSENT_REQUIRED), {
      kind: 'close',
      farewell: false,
    })
  }
  // Nothing re-asked, so nothing counted.
  if (!input.windowOpen) return handledBy({ kind: 'silent', reason: 'windowClosed' })
  return handledBy(
    { kind: 'send', text: LGPD_CONSENT_REQUIRED },
    { kind: 'send', text: LGPD_CONSENT_QUESTION },
    { kind: 'update', changes: { amountUsedBotQueues: ticket.amountUsedBotQueues + 1 } },
  )
}

/** A text to send before closing: none when blank or outside the channel's window. */
const sendIfAllowed = (input: BotInput, text: string): BotStep[] =>
  input.windowOpen && !isBlank(text) ? [{ kind: 'send', text }] : []
