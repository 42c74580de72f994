import { describe, expect, test } from 'vitest'
import {
  buildCompanySchema,
  emptyCompanyFormValues,
  toUpdateCompanyBody,
  type CompanyFormValues,
} from './company-schema'
import { emptyPlanFormValues, planSchema, toPlanBody } from './plan-schema'

const company = (overrides: Partial<CompanyFormValues> = {}): CompanyFormValues => ({
  ...emptyCompanyFormValues('2026-02-01'),
  name: 'Empresa',
  email: 'empresa@x.test',
  password: 'segredo',
  planId: 1,
  ...overrides,
})

const errorOf = async (promise: Promise<unknown>) => {
  try {
    await promise
    return null
  } catch (error) {
    return (error as { message: string }).message
  }
}

describe('company form (001 §5)', () => {
  const create = buildCompanySchema('create')
  const edit = buildCompanySchema('edit')

  test('name 2 to 50, email valid, plan and password required to create', async () => {
    expect(await errorOf(create.validate(company()))).toBeNull()
    expect(await errorOf(create.validate(company({ name: 'A' })))).toBe('validation.tooShort')
    expect(await errorOf(create.validate(company({ name: 'A'.repeat(51) })))).toBe(
      'validation.tooLong',
    )
    expect(await errorOf(create.validate(company({ email: 'nope' })))).toBe(
      'validation.invalidEmail',
    )
    expect(await errorOf(create.validate(company({ planId: null })))).toBe('validation.required')
    expect(await errorOf(create.validate(company({ password: '' })))).toBe('validation.required')
  })

  test('on edit an empty password keeps the current one and is not sent', async () => {
    expect(await errorOf(edit.validate(company({ password: '' })))).toBeNull()
    expect(await errorOf(edit.validate(company({ password: 'abc' })))).toBe('validation.tooShort')
    expect(toUpdateCompanyBody(company({ password: '' }))).not.toHaveProperty('password')
    expect(toUpdateCompanyBody(company({ password: 'novasenha' })).password).toBe('novasenha')
  })
})

describe('plan form', () => {
  test('accepts "49,90"; refuses other amounts and negative limits', async () => {
    const plan = { ...emptyPlanFormValues(), name: 'Plano', amount: '49,90' }
    expect(await errorOf(planSchema.validate(plan))).toBeNull()
    expect(await errorOf(planSchema.validate({ ...plan, amount: '49,999' }))).toBe(
      'validation.invalidAmount',
    )
    expect(await errorOf(planSchema.validate({ ...plan, users: -1 }))).toBe(
      'validation.invalidNumber',
    )
    expect(toPlanBody({ ...plan, useInstagram: false })).toMatchObject({
      amount: '49,90',
      useInstagram: false,
      useWhatsapp: true,
    })
  })
})
