import { describe, expect, it } from 'vitest'
import { contactList, contactListItem } from '@tests/renderer/contact-lists.fixtures'
import {
  contactListItemSchema,
  contactListSchema,
  isContactListItemField,
  toContactListBody,
  toContactListFormValues,
  toContactListItemBody,
  toContactListItemFormValues,
  type ContactListItemFormValues,
} from './contact-list-schemas'

/** Each failing field of `values` under `schema`, with its message key. */
const problemsOf = async (
  schema: typeof contactListSchema | typeof contactListItemSchema,
  values: object,
): Promise<Record<string, string>> => {
  try {
    await schema.validate(values, { abortEarly: false })
    return {}
  } catch (error) {
    const { inner } = error as { inner: { path: string; message: string }[] }
    return Object.fromEntries(inner.map((problem) => [problem.path, problem.message]))
  }
}

const ITEM: ContactListItemFormValues = {
  name: 'Maria',
  number: '5511988887777',
  email: 'maria@example.com',
}

describe('contactListSchema (002 §5: list name)', () => {
  it('requires a name of 2 to 50 characters, spaces aside', async () => {
    expect(await problemsOf(contactListSchema, { name: '   ' })).toEqual({
      name: 'validation.required',
    })
    expect(await problemsOf(contactListSchema, { name: ' A ' })).toEqual({
      name: 'validation.tooShort',
    })
    expect(await problemsOf(contactListSchema, { name: 'x'.repeat(51) })).toEqual({
      name: 'validation.tooLong',
    })
    expect(await problemsOf(contactListSchema, { name: 'Clientes' })).toEqual({})
    expect(await problemsOf(contactListSchema, { name: 'x'.repeat(50) })).toEqual({})
  })

  it('opens a stored list by its name and sends the name trimmed', () => {
    expect(toContactListFormValues(null)).toEqual({ name: '' })
    expect(toContactListFormValues(contactList(3, { name: 'VIP' }))).toEqual({ name: 'VIP' })
    expect(toContactListBody({ name: '  VIP  ' })).toEqual({ name: 'VIP' })
  })
})

describe('contactListItemSchema (002 §5: contact)', () => {
  it('marks an empty name and number, and leaves the e-mail optional', async () => {
    expect(await problemsOf(contactListItemSchema, { name: '', number: ' ', email: '' })).toEqual({
      name: 'validation.required',
      number: 'validation.required',
    })
  })

  it('bounds the name to 2..50 and the number to 8..50 characters', async () => {
    expect(await problemsOf(contactListItemSchema, { ...ITEM, name: 'M' })).toEqual({
      name: 'validation.tooShort',
    })
    expect(await problemsOf(contactListItemSchema, { ...ITEM, name: 'x'.repeat(51) })).toEqual({
      name: 'validation.tooLong',
    })
    expect(await problemsOf(contactListItemSchema, { ...ITEM, number: '1234567' })).toEqual({
      number: 'validation.tooShort',
    })
    expect(await problemsOf(contactListItemSchema, { ...ITEM, number: '1'.repeat(51) })).toEqual({
      number: 'validation.tooLong',
    })
  })

  it('refuses a number that is no phone number and an invalid e-mail', async () => {
    expect(
      await problemsOf(contactListItemSchema, { ...ITEM, number: 'ligar depois', email: 'maria@' }),
    ).toEqual({ number: 'validation.invalidNumber', email: 'validation.invalidEmail' })
  })

  it('accepts a typed number with its punctuation, with or without an e-mail', async () => {
    expect(await problemsOf(contactListItemSchema, ITEM)).toEqual({})
    expect(
      await problemsOf(contactListItemSchema, {
        ...ITEM,
        number: '+55 (11) 98888-7777',
        email: '',
      }),
    ).toEqual({})
  })

  it('opens a stored contact as it is and sends the fields trimmed', () => {
    expect(toContactListItemFormValues(null)).toEqual({ name: '', number: '', email: '' })
    expect(
      toContactListItemFormValues(contactListItem(2, { name: 'Ana', email: 'ana@example.com' })),
    ).toEqual({ name: 'Ana', number: '5511988887002', email: 'ana@example.com' })
    expect(toContactListItemBody({ name: ' Ana ', number: ' 5511 ', email: ' a@b.co ' })).toEqual({
      name: 'Ana',
      number: '5511',
      email: 'a@b.co',
    })
  })

  it('knows which fields can show a server refusal', () => {
    expect(['name', 'number', 'email'].every(isContactListItemField)).toBe(true)
    expect(isContactListItemField('contactListId')).toBe(false)
  })
})
