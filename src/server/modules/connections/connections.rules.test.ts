import { describe, expect, test } from 'vitest'
import { AppError } from '@server/lib/app-error'
import {
  assertCredentialsPresent,
  assertRules,
  credentialsFrom,
  generateConnectionToken,
  rethrowConflict,
  sealed,
  valuesFrom,
} from './connections.rules'

/** The code and field a rule answered with, or "ok". */
function answerOf(run: () => void): string {
  try {
    run()
    return 'ok'
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return [error.code, error.details.field].filter(Boolean).join(' ')
  }
}

const time = { timeZone: 'America/Sao_Paulo', now: new Date('2026-11-22T15:00:00Z') }

describe('valuesFrom', () => {
  test('copies the plain fields sent, turns import dates into instants and ignores the rest', () => {
    expect(
      valuesFrom({
        name: 'Central',
        greetingMessage: 'Olá',
        importOldMessages: '2026-11-01T12:00:00.000Z',
        importRecentMessages: null,
      }),
    ).toEqual({
      greetingMessage: 'Olá',
      importOldMessages: new Date('2026-11-01T12:00:00.000Z'),
      importRecentMessages: null,
    })
  })

  test('refuses broken service hours', () => {
    const halfShift = {
      weekday: 'Segunda-feira',
      weekdayEn: 'monday',
      startTimeA: '08:00',
      endTimeA: '',
      startTimeB: '',
      endTimeB: '',
    }
    expect(answerOf(() => valuesFrom({ name: 'x', schedules: [halfShift] }))).toBe(
      'ERR_VALIDATION schedules',
    )
  })
})

describe('credentials', () => {
  test('a channel keeps its own credentials, trimmed; an empty secret keeps the stored one', () => {
    const body = {
      wabaPhoneNumberId: ' 1055 ',
      wabaAccessToken: '',
      wabaAppSecret: 'app-secret',
      facebookPageToken: 'ignored',
    }
    expect(credentialsFrom('whatsappapi', body)).toEqual({
      wabaPhoneNumberId: '1055',
      wabaAppSecret: 'app-secret',
    })
    expect(credentialsFrom('facebook', body)).toEqual({
      facebookPageToken: 'ignored',
      wabaAppSecret: 'app-secret',
    })
    expect(credentialsFrom('whatsapp', body)).toEqual({})
  })

  test('secrets are sealed into their columns; ids stay as they are', () => {
    expect(
      sealed({ wabaPhoneNumberId: '1055', wabaAccessToken: 'token' }, (plain) => `sealed:${plain}`),
    ).toEqual({ wabaPhoneNumberId: '1055', wabaAccessTokenSealed: 'sealed:token' })
  })

  test.each([
    ['whatsapp', {}, 'ok'],
    ['whatsappapi', { token: 'x' }, 'ERR_VALIDATION wabaPhoneNumberId'],
    ['whatsappapi', { accountId: '1055' }, 'ERR_VALIDATION wabaAccessToken'],
    ['facebook', { token: 'x' }, 'ERR_VALIDATION facebookPageUserId'],
    ['instagram', { accountId: '17841' }, 'ERR_VALIDATION facebookPageToken'],
    ['facebook', { accountId: '1', token: 'x' }, 'ok'],
  ] as const)('a %s connection with %o: %s', (channel, given, expected) => {
    expect(
      answerOf(() =>
        assertCredentialsPresent(channel, { accountId: undefined, token: undefined, ...given }),
      ),
    ).toBe(expected)
  })

  test('tokens are 30 alphanumerics', () => {
    expect(generateConnectionToken()).toMatch(/^[A-Za-z0-9]{30}$/)
  })
})

describe('assertRules', () => {
  test('answers the first broken rule as the API does', () => {
    expect(answerOf(() => assertRules(undefined, {}, [1, 2], time))).toBe(
      'ERR_WAPP_GREETING_REQUIRED',
    )
    expect(answerOf(() => assertRules(undefined, { timeSendQueue: 5 }, [], time))).toBe(
      'ERR_VALIDATION sendIdQueue',
    )
    expect(answerOf(() => assertRules(undefined, { greetingMessage: 'Menu' }, [1, 2], time))).toBe(
      'ok',
    )
  })

  test('the stored connection counts; only the dates sent meet today’s windows', () => {
    const stored = {
      greetingMessage: '',
      timeSendQueue: 0,
      sendIdQueue: null,
      ratingMessage: 'Nota?',
      expiresTicketNPS: 30,
      collectiveVacationMessage: 'Férias',
      collectiveVacationStart: '2026-01-05',
      collectiveVacationEnd: '2026-12-31',
      importOldMessages: new Date('2024-01-01T00:00:00Z'),
      importRecentMessages: null,
    }
    expect(answerOf(() => assertRules(stored, { name: 'Renamed' }, [], time))).toBe('ok')
    expect(answerOf(() => assertRules(stored, { expiresTicketNPS: 0 }, [], time))).toBe(
      'ERR_VALIDATION expiresTicketNPS',
    )
    expect(
      answerOf(() => assertRules(stored, { collectiveVacationStart: '2026-01-05' }, [], time)),
    ).toBe('ERR_VALIDATION collectiveVacationStart')
  })

  test('today is the company’s: 10 days back from its date, not the server’s', () => {
    // 01:00 UTC on the 22nd is still the 21st in São Paulo: the floor is the 11th.
    const lateEvening = { ...time, now: new Date('2026-11-22T01:00:00Z') }
    const vacation = {
      collectiveVacationMessage: 'Férias',
      collectiveVacationStart: '2026-11-11',
      collectiveVacationEnd: '2026-11-30',
    }
    expect(answerOf(() => assertRules(undefined, vacation, [], lateEvening))).toBe('ok')
    expect(answerOf(() => assertRules(undefined, vacation, [], time))).toBe(
      'ERR_VALIDATION collectiveVacationStart',
    )
  })

  test('import dates may lie a few minutes past our clock', () => {
    const soon = new Date(time.now.getTime() + 60_000)
    const later = new Date(time.now.getTime() + 10 * 60_000)
    expect(answerOf(() => assertRules(undefined, { importOldMessages: soon }, [], time))).toBe('ok')
    expect(answerOf(() => assertRules(undefined, { importOldMessages: later }, [], time))).toBe(
      'ERR_VALIDATION importOldMessages',
    )
  })
})

describe('rethrowConflict', () => {
  const violation = (constraint: string) =>
    Object.assign(new Error('insert failed'), { cause: { code: '23505', constraint } })

  test('a unique index names the conflict', () => {
    expect(answerOf(() => rethrowConflict(violation('connections_company_channel_name_key')))).toBe(
      'ERR_DUPLICATED_CONNECTION',
    )
    expect(answerOf(() => rethrowConflict(violation('connections_token_key')))).toBe(
      'ERR_VALIDATION token',
    )
    expect(() => rethrowConflict(new Error('other'))).toThrow('other')
  })
})
