import { describe, expect, it } from 'vitest'
import { ValidationError } from 'yup'
import { signupSchema } from './signup-schema'

const valid = {
  name: 'Ana Souza',
  companyName: 'Loja da Ana',
  email: 'ana@example.com',
  phone: '',
  password: 'secret1',
  planId: 1,
}

const messageFor = (values: Record<string, unknown>, path: string) => {
  try {
    signupSchema.validateSync(values, { abortEarly: false })
    return undefined
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error
    return error.inner.find((inner) => inner.path === path)?.message
  }
}

describe('signupSchema', () => {
  it('accepts a complete form', () => {
    expect(signupSchema.isValidSync(valid)).toBe(true)
  })

  it.each([
    ['name', 'A', 'validation.tooShort'],
    ['name', 'A'.repeat(51), 'validation.tooLong'],
    ['name', '', 'validation.required'],
    ['email', 'not-an-email', 'validation.invalidEmail'],
    ['email', '', 'validation.required'],
    ['password', '1234', 'validation.tooShort'],
    ['password', 'x'.repeat(51), 'validation.tooLong'],
    ['companyName', '', 'validation.required'],
    ['planId', undefined, 'validation.required'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(messageFor({ ...valid, [field]: value }, field)).toBe(message)
  })
})
