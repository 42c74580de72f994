import type { CompanySettingValues } from '@shared/contracts/settings'
import type { BotInput, BotStep } from './bot.types'

/** The fixed answer to an audio the company does not take (reference §11.3 E). */
export const AUDIO_REFUSAL_TEXT =
  '*Assistente Virtual*:\nInfelizmente não conseguimos ouvir nem enviar áudios por este canal. ' +
  'Por favor, envie uma mensagem de *texto*.'

/**
 * Whether an audio from this contact is answered with the refusal: the company takes no audio
 * (acceptAudioMessageContact), or this contact's audio is refused. Never in a group.
 */
export function refusesAudio(
  isGroup: boolean,
  contact: { acceptAudioMessage: boolean },
  settings: Pick<CompanySettingValues, 'acceptAudioMessageContact'>,
): boolean {
  if (isGroup) return false
  return !contact.acceptAudioMessage || settings.acceptAudioMessageContact === 'disabled'
}

/** Whether the company refuses calls on WhatsApp (001 §3: acceptCallWhatsapp disabled). */
export const refusesCalls = (settings: Pick<CompanySettingValues, 'acceptCallWhatsapp'>) =>
  settings.acceptCallWhatsapp === 'disabled'

/** A refused call is told the company's message; a taken one only leaves its notice. */
export function decideCall(input: BotInput): BotStep[] {
  if (!refusesCalls(input.settings)) return []
  return [{ kind: 'send', text: input.settings.AcceptCallWhatsappMessage }]
}

/** An audio the company does not take: the refusal, quoting it, whoever holds the ticket. */
export function decideAudio(input: BotInput): BotStep[] {
  if (input.message !== 'audio') return []
  if (!refusesAudio(input.ticket.isGroup, input.contact, input.settings)) return []
  return [{ kind: 'send', text: AUDIO_REFUSAL_TEXT, quoteMessage: true }]
}
