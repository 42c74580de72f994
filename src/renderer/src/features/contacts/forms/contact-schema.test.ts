import { describe, expect, it } from 'vitest'
import type { ContactDetailDto } from '@shared/contracts/contacts'
import {
  applyTagEdit,
  contactSchema,
  contactToFormValues,
  emptyContactFormValues,
  newTagProblem,
  randomTagColor,
  storedNumberNotice,
  tagEditOf,
  toContactBody,
  toTagSync,
  type ContactFormValues,
} from './contact-schema'

const valid: ContactFormValues = {
  ...emptyContactFormValues,
  name: 'Ana Souza',
  number: '5511988887777',
}

/** The first message key the schema gives for `field`, or null when it passes. */
const errorOf = async (values: ContactFormValues, field: string): Promise<string | null> => {
  try {
    await contactSchema.validateAt(field, values)
    return null
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

describe('contact form (000 §5)', () => {
  it('accepts a name, a number and no e-mail', async () => {
    await expect(contactSchema.validate(valid)).resolves.toBeTruthy()
  })

  it('requires a name of 2 to 250 characters', async () => {
    expect(await errorOf({ ...valid, name: '  ' }, 'name')).toBe('validation.required')
    expect(await errorOf({ ...valid, name: 'A' }, 'name')).toBe('validation.tooShort')
    // The longer reading: names of WhatsApp push names and groups stay editable.
    expect(await errorOf({ ...valid, name: 'A'.repeat(120) }, 'name')).toBeNull()
    expect(await errorOf({ ...valid, name: 'A'.repeat(250) }, 'name')).toBeNull()
    expect(await errorOf({ ...valid, name: 'A'.repeat(251) }, 'name')).toBe('validation.tooLong')
  })

  it('requires a number of 8 to 50 characters', async () => {
    expect(await errorOf({ ...valid, number: '' }, 'number')).toBe('validation.required')
    expect(await errorOf({ ...valid, number: '1234567' }, 'number')).toBe('validation.tooShort')
    expect(await errorOf({ ...valid, number: '+55 (11) 98888-7777' }, 'number')).toBeNull()
    expect(await errorOf({ ...valid, number: '1'.repeat(51) }, 'number')).toBe('validation.tooLong')
  })

  it('checks the e-mail only when one is given', async () => {
    expect(await errorOf({ ...valid, email: 'not-an-email' }, 'email')).toBe(
      'validation.invalidEmail',
    )
    expect(await errorOf({ ...valid, email: 'ana@example.com' }, 'email')).toBeNull()
  })

  it('requires a name for every extra info field', async () => {
    const values = { ...valid, extraInfo: [{ id: null, name: ' ', value: 'x' }] }
    expect(await errorOf(values, 'extraInfo[0].name')).toBe('validation.required')
  })

  it('refuses a typed tag under 3 characters', () => {
    expect(newTagProblem('ab ')).toBe('validation.tagTooShort')
    expect(newTagProblem('vip')).toBeNull()
  })

  it('draws opaque #RRGGBB colours for new tags', () => {
    expect(randomTagColor(() => 0)).toBe('#000000')
    expect(randomTagColor(() => 0.999_999_999)).toBe('#FFFFFF')
    expect(randomTagColor()).toMatch(/^#[0-9A-F]{6}$/)
  })

  it('sends the trimmed fields and keeps the ids of stored extra info', () => {
    expect(
      toContactBody({
        ...valid,
        name: ' Ana ',
        email: ' ana@example.com ',
        extraInfo: [
          { id: 4, name: 'CPF', value: ' 123 ' },
          { id: null, name: 'Plano', value: 'Ouro' },
        ],
      }),
    ).toEqual({
      name: 'Ana',
      number: '5511988887777',
      email: 'ana@example.com',
      extraInfo: [
        { id: 4, name: 'CPF', value: '123' },
        { name: 'Plano', value: 'Ouro' },
      ],
    })
  })

  it('syncs tags only when they changed, creating typed ones by name', () => {
    const saved = [{ id: 1, name: 'vip', color: '#FF0000' }]
    expect(toTagSync(9, saved, [{ id: 1, name: 'vip', color: '#FF0000' }])).toBeNull()
    expect(toTagSync(9, [], [])).toBeNull()
    expect(
      toTagSync(9, saved, [
        { id: 1, name: 'vip', color: '#FF0000' },
        { id: null, name: ' lead ', color: '#00FF00' },
      ]),
    ).toEqual({ contactId: 9, tags: [{ id: 1 }, { name: 'lead', color: '#00FF00' }] })
    expect(toTagSync(9, saved, [])).toEqual({ contactId: 9, tags: [] })
  })

  it('reads a stored contact into the form', () => {
    const contact = {
      name: 'Ana',
      number: '5511988887777',
      email: '',
      tags: [{ id: 2, name: 'vip', color: '#112233' }],
      extraInfo: [{ id: 3, name: 'CPF', value: '123' }],
    } as Pick<ContactDetailDto, 'name' | 'number' | 'email' | 'tags' | 'extraInfo'>
    expect(contactToFormValues(contact as ContactDetailDto)).toEqual({
      name: 'Ana',
      number: '5511988887777',
      email: '',
      tags: [{ id: 2, name: 'vip', color: '#112233' }],
      extraInfo: [{ id: 3, name: 'CPF', value: '123' }],
    })
  })
})

describe('storedNumberNotice', () => {
  it('names the WhatsApp form when the 9th digit is dropped or added', () => {
    expect(storedNumberNotice('5531988887777')).toBe('+55 31 8888-7777')
    expect(storedNumberNotice('+55 (11) 8888-7777')).toBe('+55 11 98888-7777')
  })

  it('says nothing when the number is stored as typed, or is not a number yet', () => {
    expect(storedNumberNotice('5511988887777')).toBeNull()
    expect(storedNumberNotice('+55 (31) 8888-7777')).toBeNull()
    expect(storedNumberNotice('0014155550123')).toBeNull()
    expect(storedNumberNotice('55')).toBeNull()
  })
})

describe('tag edits', () => {
  const vip = { id: 1, name: 'VIP', color: '#FF0000' }
  const lead = { id: 2, name: 'Lead', color: '#00FF00' }

  it('records what was added and removed from the shown tags', () => {
    const urgent = { id: null, name: 'Urgente', color: '#0000FF' }
    expect(tagEditOf([vip, lead], [lead, urgent])).toEqual({ add: [urgent], remove: [1] })
  })

  it('applies an edit to the tags saved since, keeping what another edit added', () => {
    const urgent = { id: null, name: 'Urgente', color: '#0000FF' }
    // Shown: no tags. Saved meanwhile: VIP. The edit only adds Urgente.
    expect(applyTagEdit([vip], { add: [urgent], remove: [] })).toEqual([vip, urgent])
    expect(applyTagEdit([vip, lead], { add: [vip], remove: [2] })).toEqual([vip])
  })
})
