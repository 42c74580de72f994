import { describe, expect, it } from 'vitest'
import { flowNameSchema } from './flow-name-schema'

/** The message key the schema gives `name`, or null when it passes. */
const messageFor = async (name: string): Promise<string | null> => {
  try {
    await flowNameSchema.validate({ name })
    return null
  } catch (error) {
    return (error as Error).message
  }
}

describe('flowNameSchema (002 §5: flow name)', () => {
  it.each([
    ['', 'validation.required'],
    ['   ', 'validation.required'],
    ['V', 'validation.tooShort'],
    [' V ', 'validation.tooShort'],
    ['x'.repeat(51), 'validation.tooLong'],
  ])('refuses %j with %s', async (name, message) => {
    expect(await messageFor(name)).toBe(message)
  })

  it.each(['Vs', 'Boas-vindas', 'x'.repeat(50), `  ${'x'.repeat(50)}  `])(
    'accepts %j',
    async (name) => {
      expect(await messageFor(name)).toBeNull()
    },
  )
})
