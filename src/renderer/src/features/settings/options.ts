import {
  SETTING_MESSAGE_RULES,
  type CompanySettingKey,
  type CompanySettingValues,
} from '@shared/contracts/settings'

/** How the options tab shows a company setting. */
export type OptionControl =
  | { key: CompanySettingKey; kind: 'switch' }
  | { key: CompanySettingKey; kind: 'boolean' }
  | { key: CompanySettingKey; kind: 'select'; choices: readonly string[] }
  | { key: CompanySettingKey; kind: 'text'; multiline: boolean }

/** The behaviour switches of 001 §3, in the order the tab shows them. */
export const GENERAL_OPTIONS: readonly OptionControl[] = [
  { key: 'userRating', kind: 'switch' },
  { key: 'scheduleType', kind: 'select', choices: ['disabled', 'queue', 'company', 'connection'] },
  { key: 'chatBotType', kind: 'select', choices: ['text'] },
  { key: 'acceptCallWhatsapp', kind: 'switch' },
  { key: 'userRandom', kind: 'switch' },
  { key: 'sendGreetingMessageOneQueues', kind: 'switch' },
  { key: 'sendSignMessage', kind: 'switch' },
  { key: 'sendFarewellWaitingTicket', kind: 'switch' },
  { key: 'sendGreetingAccepted', kind: 'switch' },
  { key: 'sendQueuePosition', kind: 'switch' },
  { key: 'acceptAudioMessageContact', kind: 'switch' },
  { key: 'requiredTag', kind: 'switch' },
  { key: 'sendMsgTransfTicket', kind: 'switch' },
  { key: 'DirectTicketsToWallets', kind: 'boolean' },
  { key: 'closeTicketOnTransfer', kind: 'boolean' },
  { key: 'showNotificationPending', kind: 'boolean' },
]

/** The privacy (LGPD) block. */
export const LGPD_OPTIONS: readonly OptionControl[] = [
  { key: 'enableLGPD', kind: 'switch' },
  { key: 'lgpdMessage', kind: 'text', multiline: true },
  { key: 'lgpdLink', kind: 'text', multiline: false },
  { key: 'lgpdDeleteMessage', kind: 'switch' },
  { key: 'lgpdHideNumber', kind: 'switch' },
  { key: 'lgpdConsent', kind: 'switch' },
]

/** The custom messages block. */
export const MESSAGE_OPTIONS: readonly OptionControl[] = [
  { key: 'transferMessage', kind: 'text', multiline: true },
  { key: 'greetingAcceptedMessage', kind: 'text', multiline: true },
  { key: 'AcceptCallWhatsappMessage', kind: 'text', multiline: true },
  { key: 'sendQueuePositionMessage', kind: 'text', multiline: true },
]

/** The download limit choices in MB (001 §5), for the super user. */
export const DOWNLOAD_LIMITS = ['32', '64', '128', '256', '512', '1024', '2048'] as const

/**
 * The message a change would leave empty while its switch requires it (001 §5), or null. The
 * server refuses the same change; checking first lets the tab point at the field instead.
 */
export const missingRequiredMessage = (
  values: CompanySettingValues,
  key: CompanySettingKey,
  value: unknown,
): CompanySettingKey | null => {
  const next = { ...values, [key]: value }
  for (const rule of SETTING_MESSAGE_RULES) {
    if (key !== rule.switch && key !== rule.message) continue
    if (next[rule.switch] === rule.whenOn && String(next[rule.message]).trim() === '')
      return rule.message
  }
  return null
}
