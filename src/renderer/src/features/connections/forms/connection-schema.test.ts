import { describe, expect, test } from 'vitest'
import { defaultServiceHours } from '@shared/contracts/service-hours'
import {
  connectionSchema,
  connectionToFormValues,
  toConnectionBody,
  toLocalDateTime,
  type ConnectionFormValues,
} from './connection-schema'

const now = new Date(2026, 10, 22, 12, 0)
const base = (): ConnectionFormValues => ({
  ...connectionToFormValues(null, defaultServiceHours()),
  name: 'Central',
})
const problems = async (
  values: ConnectionFormValues,
  context: Partial<Parameters<typeof connectionSchema>[0]> = {},
) => {
  try {
    await connectionSchema({ channel: 'whatsapp', isNew: true, now, ...context }).validate(values, {
      abortEarly: false,
    })
    return {}
  } catch (error) {
    const inner = (error as { inner: Array<{ path: string; message: string }> }).inner
    // The first failure of each field, as the form shows it.
    return Object.fromEntries(inner.reverse().map((item) => [item.path, item.message]))
  }
}

describe('connectionSchema (001 §5)', () => {
  test('the defaults of a new connection pass once it has a name', async () => {
    expect(await problems(base())).toEqual({})
    expect(base()).toMatchObject({
      maxUseBotQueues: 3,
      maxUseBotQueuesNPS: 3,
      groupAsTicket: 'disabled',
    })
  })

  test('name: required, 2 to 50 characters', async () => {
    expect(await problems({ ...base(), name: ' ' })).toEqual({ name: 'validation.required' })
    expect(await problems({ ...base(), name: 'x' })).toEqual({ name: 'validation.tooShort' })
    expect(await problems({ ...base(), name: 'x'.repeat(51) })).toEqual({
      name: 'validation.tooLong',
    })
  })

  test('redirect: minutes need a queue and a queue needs minutes', async () => {
    expect(await problems({ ...base(), timeSendQueue: 5 })).toEqual({
      sendIdQueue: 'validation.errorSendQueue',
    })
    expect(await problems({ ...base(), sendIdQueue: 7 })).toEqual({
      timeSendQueue: 'validation.errorSendMinutes',
    })
    expect(await problems({ ...base(), sendIdQueue: 7, timeSendQueue: 5 })).toEqual({})
  })

  test('ratings: a message needs the NPS expiry and the expiry a message', async () => {
    expect(await problems({ ...base(), ratingMessage: 'Nota de 0 a 10?' })).toEqual({
      expiresTicketNPS: 'validation.errorExpiresNPS',
    })
    expect(await problems({ ...base(), expiresTicketNPS: 10 })).toEqual({
      ratingMessage: 'validation.errorRatingMessage',
    })
    expect(await problems({ ...base(), ratingMessage: 'Nota?', expiresTicketNPS: 10 })).toEqual({})
  })

  test('import: within 2 years and not in the future; recent not before old', async () => {
    const importing = { ...base(), importEnabled: true }
    expect(await problems(importing)).toEqual({
      importOldMessages: 'validation.required',
      importRecentMessages: 'validation.required',
    })
    const threeYearsAgo = toLocalDateTime(new Date(2023, 10, 1))
    const lastMonth = toLocalDateTime(new Date(2026, 9, 22))
    const lastWeek = toLocalDateTime(new Date(2026, 10, 15))
    const tomorrow = toLocalDateTime(new Date(2026, 10, 23))
    expect(
      await problems({
        ...importing,
        importOldMessages: threeYearsAgo,
        importRecentMessages: tomorrow,
      }),
    ).toEqual({
      importOldMessages: 'validation.importTooOld',
      importRecentMessages: 'validation.importInFuture',
    })
    expect(
      await problems({
        ...importing,
        importOldMessages: lastWeek,
        importRecentMessages: lastMonth,
      }),
    ).toEqual({ importRecentMessages: 'validation.importBeforeOld' })
    expect(
      await problems({
        ...importing,
        importOldMessages: lastMonth,
        importRecentMessages: lastWeek,
      }),
    ).toEqual({})
  })

  test('vacation: dates required with a message; start at most 10 days back; end after start', async () => {
    const vacation = { ...base(), collectiveVacationMessage: 'Férias coletivas' }
    expect(await problems(vacation)).toEqual({
      collectiveVacationStart: 'validation.vacationRequired',
      collectiveVacationEnd: 'validation.vacationRequired',
    })
    expect(
      await problems({
        ...vacation,
        collectiveVacationStart: '2026-11-01',
        collectiveVacationEnd: '2026-12-01',
      }),
    ).toEqual({ collectiveVacationStart: 'validation.vacationTooOld' })
    expect(
      await problems({
        ...vacation,
        collectiveVacationStart: '2026-12-20',
        collectiveVacationEnd: '2026-12-01',
      }),
    ).toEqual({ collectiveVacationEnd: 'validation.vacationEndBeforeStart' })
  })

  test('two queues without a greeting are left to the server (ERR_WAPP_GREETING_REQUIRED)', async () => {
    expect(await problems({ ...base(), queueIds: [1, 2] })).toEqual({})
  })

  test('provider credentials are required on create only, per channel', async () => {
    expect(await problems(base(), { channel: 'whatsappapi' })).toEqual({
      wabaPhoneNumberId: 'validation.required',
      wabaAccessToken: 'validation.required',
    })
    expect(await problems(base(), { channel: 'whatsappapi', isNew: false })).toEqual({})
    expect(
      await problems({ ...base(), facebookPageUserId: 'abc' }, { channel: 'facebook' }),
    ).toEqual({
      facebookPageUserId: 'validation.numericId',
      facebookPageToken: 'validation.required',
    })
  })
})

describe('toConnectionBody', () => {
  test('sends the channel’s credentials only, dates as ISO, empties as null', () => {
    const body = toConnectionBody(
      {
        ...base(),
        wabaPhoneNumberId: '1055',
        wabaAccessToken: ' secret ',
        facebookPageToken: 'ignored',
        importEnabled: false,
        importOldMessages: '2026-11-01T10:00',
      },
      'whatsappapi',
    )
    expect(body).toMatchObject({
      name: 'Central',
      channel: 'whatsappapi',
      wabaPhoneNumberId: '1055',
      wabaAccessToken: 'secret',
      importOldMessages: null,
      collectiveVacationStart: null,
    })
    expect(body).not.toHaveProperty('facebookPageToken')
    expect(
      toConnectionBody(
        { ...base(), importEnabled: true, importOldMessages: '2026-11-01T10:00' },
        'whatsapp',
      ).importOldMessages,
    ).toBe(new Date('2026-11-01T10:00').toISOString())
  })
})
