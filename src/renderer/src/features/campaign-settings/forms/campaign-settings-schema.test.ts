import { describe, expect, it } from 'vitest'
import { CAMPAIGN_SETTING_DEFAULTS, CAMPAIGN_VARIABLES_MAX } from '@shared/contracts/campaigns'
import {
  campaignSettingsSchema,
  sameSettings,
  toSettingsBody,
  type CampaignSettingsFormValues,
} from './campaign-settings-schema'

const base = (overrides: Partial<CampaignSettingsFormValues> = {}): CampaignSettingsFormValues => ({
  ...CAMPAIGN_SETTING_DEFAULTS,
  ...overrides,
})

/** The first message of each failing field, as the form shows it. */
const problems = async (values: CampaignSettingsFormValues) => {
  try {
    await campaignSettingsSchema.validate(values, { abortEarly: false })
    return {}
  } catch (error) {
    const inner = (error as { inner: Array<{ path: string; message: string }> }).inner
    return Object.fromEntries(inner.reverse().map((item) => [item.path, item.message]))
  }
}

describe('campaignSettingsSchema (002 §3.7, reference §2)', () => {
  it('the defaults of 002 §9 pass', async () => {
    expect(await problems(base())).toEqual({})
  })

  it('a window must start before it ends, judged by the shared rules', async () => {
    expect(await problems(base({ startHour: '18:00', endHour: '09:00' }))).toEqual({
      endHour: 'validation.endAfterStart',
    })
    expect(await problems(base({ startHour: '09:00', endHour: '09:00' }))).toEqual({
      endHour: 'validation.endAfterStart',
    })
  })

  it('times are HH:mm; an unreadable end is a time problem, not an order one', async () => {
    expect(await problems(base({ startHour: '25:00', endHour: '' }))).toEqual({
      startHour: 'validation.time',
      endHour: 'validation.required',
    })
    expect(await problems(base({ endHour: '9h' }))).toEqual({ endHour: 'validation.time' })
  })

  it('the window is shown wrong even while another setting is wrong too', async () => {
    expect(
      await problems(base({ startHour: '20:00', endHour: '08:00', confirmationExpiryHours: 0 })),
    ).toEqual({
      endHour: 'validation.endAfterStart',
      confirmationExpiryHours: 'validation.expiryHours',
    })
  })

  it('a confirmation waits 1 to 168 whole hours', async () => {
    for (const hours of [0, 169, 2.5]) {
      expect(await problems(base({ confirmationExpiryHours: hours }))).toEqual({
        confirmationExpiryHours: 'validation.expiryHours',
      })
    }
    expect(await problems(base({ confirmationExpiryHours: 168 }))).toEqual({})
  })

  it('an interval the shared rules refuse lands on its field', async () => {
    expect(await problems(base({ messageInterval: 121 }))).toEqual({
      messageInterval: 'validation.option',
    })
    expect(await problems(base({ longerIntervalAfter: -5 }))).toEqual({
      longerIntervalAfter: 'validation.option',
    })
    // The longer gap is off (0) or at least 20 s.
    expect(await problems(base({ greaterInterval: 10 }))).toEqual({
      greaterInterval: 'validation.option',
    })
  })

  it('a variable key is an identifier of its own, not one of the contact', async () => {
    const variables = [
      { key: '', value: 'x' },
      { key: '1loja', value: 'x' },
      { key: 'nome', value: 'x' },
      { key: 'empresa', value: 'Acme' },
      { key: ' empresa ', value: 'Acme SA' },
      { key: 'rua', value: 'x'.repeat(501) },
    ]
    expect(await problems(base({ variables }))).toEqual({
      'variables[0].key': 'validation.required',
      'variables[1].key': 'validation.variableKey',
      'variables[2].key': 'validation.variableReserved',
      'variables[3].key': 'validation.variableDuplicate',
      'variables[4].key': 'validation.variableDuplicate',
      'variables[5].value': 'validation.variableValueTooLong',
      variables: 'validation.variables',
    })
  })

  it('keys are told apart by case, as the rules do', async () => {
    const variables = [
      { key: 'Empresa', value: 'A' },
      { key: 'empresa', value: 'B' },
      { key: 'Nome', value: 'C' },
    ]
    expect(await problems(base({ variables }))).toEqual({})
  })

  it(`at most ${CAMPAIGN_VARIABLES_MAX} variables`, async () => {
    const variables = Array.from({ length: CAMPAIGN_VARIABLES_MAX + 1 }, (_, index) => ({
      key: `v${index}`,
      value: '',
    }))
    expect(await problems(base({ variables }))).toEqual({
      variables: 'validation.variablesTooMany',
    })
    expect(await problems(base({ variables: variables.slice(1) }))).toEqual({})
  })
})

describe('toSettingsBody', () => {
  it('sends only what changed, typed: numbers, booleans and the list of variables', () => {
    const values = base({
      messageInterval: 60,
      domingo: true,
      endHour: '20:00',
      variables: [{ key: ' empresa ', value: 'Acme' }],
    })
    expect(toSettingsBody(values, base())).toEqual({
      settings: {
        messageInterval: 60,
        domingo: true,
        endHour: '20:00',
        variables: [{ key: 'empresa', value: 'Acme' }],
      },
    })
  })

  it('nothing when the values are those the form started from', () => {
    const start = base({ variables: [{ key: 'empresa', value: 'Acme' }] })
    expect(toSettingsBody(structuredClone(start), start)).toEqual({ settings: {} })
    expect(sameSettings(structuredClone(start), start)).toBe(true)
    expect(sameSettings(base({ sabado: true }), start)).toBe(false)
  })
})
