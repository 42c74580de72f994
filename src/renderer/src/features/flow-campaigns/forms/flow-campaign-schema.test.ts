import { describe, expect, it } from 'vitest'
import type { FlowCampaignDto } from '@shared/contracts/flow-campaigns'
import {
  flowCampaignSchema,
  isFlowCampaignField,
  toFlowCampaignBody,
  toFlowCampaignFormValues,
  type FlowCampaignFormValues,
} from './flow-campaign-schema'

const VALID: FlowCampaignFormValues = {
  name: 'Promoção',
  flowId: 1,
  whatsappId: 5,
  phrase: 'quero a promo',
  status: true,
}

/** Each failing field with its message key. */
const problemsOf = async (values: FlowCampaignFormValues): Promise<Record<string, string>> => {
  try {
    await flowCampaignSchema.validate(values, { abortEarly: false })
    return {}
  } catch (error) {
    const { inner } = error as { inner: { path: string; message: string }[] }
    return Object.fromEntries(inner.map((problem) => [problem.path, problem.message]))
  }
}

describe('flowCampaignSchema (002 §5: phrase campaign)', () => {
  it('marks every empty field, the connection included', async () => {
    expect(
      await problemsOf({ name: ' ', flowId: null, whatsappId: null, phrase: '  ', status: true }),
    ).toEqual({
      name: 'validation.nameRequired',
      flowId: 'validation.flowRequired',
      whatsappId: 'validation.connectionRequired',
      phrase: 'validation.phraseRequired',
    })
  })

  it('bounds the name to 2..50 characters and the phrase to 500', async () => {
    expect(await problemsOf({ ...VALID, name: 'P' })).toEqual({ name: 'validation.tooShort' })
    expect(await problemsOf({ ...VALID, name: 'x'.repeat(51) })).toEqual({
      name: 'validation.tooLong',
    })
    expect(await problemsOf({ ...VALID, phrase: 'x'.repeat(501) })).toEqual({
      phrase: 'validation.phraseTooLong',
    })
  })

  it('accepts a complete campaign, on or off', async () => {
    expect(await problemsOf(VALID)).toEqual({})
    expect(await problemsOf({ ...VALID, status: false })).toEqual({})
  })
})

describe('the campaign form’s values', () => {
  it('starts a new campaign empty and on (002 §4.2)', () => {
    expect(toFlowCampaignFormValues(null)).toEqual({
      name: '',
      flowId: null,
      whatsappId: null,
      phrase: '',
      status: true,
    })
  })

  it('opens a stored campaign as it is, and sends the fields trimmed', () => {
    const stored: FlowCampaignDto = {
      id: 4,
      name: 'Natal',
      phrase: 'feliz natal',
      flowId: 2,
      flowName: 'Natal',
      whatsappId: 6,
      status: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    }
    expect(toFlowCampaignFormValues(stored)).toEqual({
      name: 'Natal',
      flowId: 2,
      whatsappId: 6,
      phrase: 'feliz natal',
      status: false,
    })
    expect(toFlowCampaignBody({ ...VALID, name: ' Promoção ', phrase: ' quero  ' })).toEqual({
      name: 'Promoção',
      flowId: 1,
      whatsappId: 5,
      phrase: 'quero',
    })
  })

  it('knows which fields can show a server refusal, the switch not among them', () => {
    expect(['name', 'flowId', 'whatsappId', 'phrase'].every(isFlowCampaignField)).toBe(true)
    expect(isFlowCampaignField('status')).toBe(false)
    expect(isFlowCampaignField('id')).toBe(false)
  })
})
