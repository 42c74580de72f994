import { describe, expect, test } from 'vitest'
import { PREPARING_MS, preparingLeftMs, sessionButtons } from './session-actions'

const now = 1_760_000_000_000
const whatsapp = { channel: 'whatsapp' as const, statusImportMessages: null }

describe('sessionButtons (001 §4)', () => {
  test.each([
    ['qrcode', ['showQr']],
    ['DISCONNECTED', ['retry', 'newQr']],
    ['CONNECTED', ['disconnect']],
    ['PAIRING', ['disconnect']],
    ['TIMEOUT', ['disconnect']],
    ['OPENING', ['connecting']],
  ] as const)('%s → %j', (status, buttons) => {
    expect(sessionButtons({ ...whatsapp, status }, now)).toEqual(buttons)
  })

  test('close imported tickets when the import asks for it', () => {
    expect(
      sessionButtons(
        { ...whatsapp, status: 'CONNECTED', statusImportMessages: 'renderButtonCloseTickets' },
        now,
      ),
    ).toEqual(['disconnect', 'closeImported'])
  })

  test('preparing for 35 seconds after a numeric import timestamp', () => {
    const started = { ...whatsapp, status: 'CONNECTED' as const, statusImportMessages: String(now) }
    expect(sessionButtons(started, now + 1_000)).toEqual(['disconnect', 'preparing'])
    expect(sessionButtons(started, now + PREPARING_MS)).toEqual(['disconnect'])
    expect(sessionButtons({ ...started, statusImportMessages: 'Running' }, now)).toEqual([
      'disconnect',
    ])
    expect(preparingLeftMs(String(now), now + 5_000)).toBe(PREPARING_MS - 5_000)
    expect(preparingLeftMs('Running', now)).toBeNull()
  })

  test('channels without a session show no session buttons', () => {
    for (const channel of ['whatsappapi', 'facebook', 'instagram'] as const)
      expect(
        sessionButtons({ channel, status: 'CONNECTED', statusImportMessages: null }, now),
      ).toEqual([])
  })
})
