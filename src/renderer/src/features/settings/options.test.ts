import { describe, expect, test } from 'vitest'
import { COMPANY_SETTING_DEFAULTS, COMPANY_SETTING_KEYS } from '@shared/contracts/settings'
import { GENERAL_OPTIONS, LGPD_OPTIONS, MESSAGE_OPTIONS, missingRequiredMessage } from './options'

describe('options tab', () => {
  test('every company setting of 001 §3 has a control', () => {
    const shown = [...GENERAL_OPTIONS, ...LGPD_OPTIONS, ...MESSAGE_OPTIONS].map((o) => o.key)
    expect([...shown].sort()).toEqual([...COMPANY_SETTING_KEYS].sort())
  })

  test('a switch that needs its message cannot go on while the message is empty (001 §5)', () => {
    const values = { ...COMPANY_SETTING_DEFAULTS }
    expect(missingRequiredMessage(values, 'sendMsgTransfTicket', 'enabled')).toBe('transferMessage')
    expect(missingRequiredMessage(values, 'sendGreetingAccepted', 'enabled')).toBe(
      'greetingAcceptedMessage',
    )
    expect(missingRequiredMessage(values, 'sendQueuePosition', 'enabled')).toBe(
      'sendQueuePositionMessage',
    )
    // Accepting calls off means rejecting them with the message.
    expect(missingRequiredMessage(values, 'acceptCallWhatsapp', 'disabled')).toBe(
      'AcceptCallWhatsappMessage',
    )
    expect(missingRequiredMessage(values, 'acceptCallWhatsapp', 'enabled')).toBeNull()
    expect(
      missingRequiredMessage(
        { ...values, transferMessage: 'Transferido' },
        'sendMsgTransfTicket',
        'enabled',
      ),
    ).toBeNull()
  })

  test('emptying the message of a switch that is on is refused; other keys pass', () => {
    const values = { ...COMPANY_SETTING_DEFAULTS, sendMsgTransfTicket: 'enabled' as const }
    expect(missingRequiredMessage(values, 'transferMessage', '  ')).toBe('transferMessage')
    expect(missingRequiredMessage(values, 'requiredTag', 'enabled')).toBeNull()
  })
})
