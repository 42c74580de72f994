import { describe, expect, it } from 'vitest'
import { ValidationError } from 'yup'
import enUsers from '@renderer/locales/en/users.json'
import ptUsers from '@renderer/locales/pt-BR/users.json'
import {
  buildUserSchema,
  emptyUserFormValues,
  needsCurrentPassword,
  toCreateUserBody,
  toUpdateUserBody,
  userValidationMessages as m,
  type UserFormMode,
  type UserFormValues,
} from './user-schema'

const valid: UserFormValues = {
  ...emptyUserFormValues,
  name: 'Ana Souza',
  email: 'ana@example.com',
  password: 'secret1',
}

/** The message of the first error on `field`, or null when the values pass. */
const messageFor = async (
  mode: UserFormMode,
  field: keyof UserFormValues,
  value: unknown,
): Promise<string | null> => {
  try {
    await buildUserSchema(mode).validate({ ...valid, [field]: value }, { abortEarly: false })
    return null
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error
    return error.inner.find((inner) => inner.path === field)?.message ?? null
  }
}

describe('user form schema', () => {
  it.each([
    ['create', 'name', '', m.required],
    ['create', 'name', '   ', m.required],
    ['create', 'name', 'A', m.tooShort],
    ['create', 'name', 'Al', null],
    ['create', 'name', 'x'.repeat(50), null],
    ['create', 'name', 'x'.repeat(51), m.tooLong],
    ['create', 'email', '', m.required],
    ['create', 'email', 'ana@', m.invalidEmail],
    ['create', 'email', 'ana.example.com', m.invalidEmail],
    ['create', 'email', 'ana@example.com', null],
    ['create', 'password', '', m.required],
    ['create', 'password', '1234', m.tooShort],
    ['create', 'password', '12345', null],
    ['create', 'password', 'x'.repeat(50), null],
    ['create', 'password', 'x'.repeat(51), m.tooLong],
    ['edit', 'password', '', null],
    ['edit', 'password', '1234', m.tooShort],
    ['edit', 'password', 'x'.repeat(51), m.tooLong],
    ['edit', 'name', 'x'.repeat(51), m.tooLong],
    ['edit', 'startWork', '24:00', m.invalidTime],
    ['edit', 'endWork', '18:30', null],
    ['edit', 'profile', 'owner', m.invalidOption],
  ] as const)('%s: %s = %j → %s', async (mode, field, value, expected) => {
    expect(await messageFor(mode, field, value)).toBe(expected)
  })

  it('asks a user editing himself for his current password only to change his password or e-mail', async () => {
    const own = { ...valid, password: '', email: 'ana@example.com' }
    const currentPasswordError = async (values: Partial<UserFormValues>) => {
      try {
        await buildUserSchema('edit', own.email).validate({ ...own, ...values })
        return null
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error
        return error.path === 'currentPassword' ? error.message : `${error.path}: ${error.message}`
      }
    }
    expect(await currentPasswordError({ name: 'Ana Lima' })).toBeNull()
    expect(await currentPasswordError({ email: ' ANA@example.com ' })).toBeNull()
    expect(await currentPasswordError({ password: 'secret2' })).toBe(m.required)
    expect(await currentPasswordError({ email: 'ana@new.example' })).toBe(m.required)
    expect(
      await currentPasswordError({ email: 'ana@new.example', currentPassword: 'today-1' }),
    ).toBeNull()
    // Someone else's password or e-mail: an admin's change needs none of his.
    expect(needsCurrentPassword({ password: 'secret2', email: 'bia@example.com' }, null)).toBe(
      false,
    )
  })

  it.each([
    ['required', 'Required', 'Obrigatório'],
    ['tooShort', 'Too Short!', 'Muito curto!'],
    ['tooLong', 'Too Long!', 'Muito extenso!'],
    ['invalidEmail', 'Invalid email', 'Email inválido'],
  ] as const)('%s reads as the spec words it in en and pt-BR', (key, en, pt) => {
    expect(m[key]).toBe(`validation.${key}`)
    expect(enUsers.validation[key]).toBe(en)
    expect(ptUsers.validation[key]).toBe(pt)
  })
})

describe('user request bodies', () => {
  const plainUser = { canEditProfile: false, canEditQueues: false }
  const admin = { canEditProfile: true, canEditQueues: true }
  const edited: UserFormValues = {
    ...valid,
    profile: 'admin',
    queueIds: [3],
    whatsappId: 7,
    allowConnections: 'enabled',
  }

  it('leaves out what a plain user may not change about himself', () => {
    expect(toUpdateUserBody(edited, plainUser)).toEqual({
      name: 'Ana Souza',
      email: 'ana@example.com',
      password: 'secret1',
      farewellMessage: '',
      defaultTheme: 'light',
      defaultMenu: 'closed',
    })
  })

  it('sends every field for an admin', () => {
    const { currentPassword: _notAsked, ...fields } = edited
    expect(toUpdateUserBody(edited, admin)).toEqual(fields)
    expect(toCreateUserBody(edited, admin)).toEqual(fields)
  })

  it('sends the current password only when one was typed, and never on create', () => {
    const confirmed = { ...edited, currentPassword: 'today-1' }
    expect(toUpdateUserBody(confirmed, plainUser)).toHaveProperty('currentPassword', 'today-1')
    expect(toUpdateUserBody(edited, plainUser)).not.toHaveProperty('currentPassword')
    expect(toCreateUserBody(confirmed, admin)).not.toHaveProperty('currentPassword')
  })

  it('keeps queues out without user-modal:editQueues', () => {
    const body = toUpdateUserBody(edited, { canEditProfile: true, canEditQueues: false })
    expect(body).not.toHaveProperty('queueIds')
    expect(body).toHaveProperty('profile', 'admin')
  })

  it('omits an empty password on edit, so the server keeps the current one', () => {
    expect(toUpdateUserBody({ ...edited, password: '' }, admin)).not.toHaveProperty('password')
  })
})
