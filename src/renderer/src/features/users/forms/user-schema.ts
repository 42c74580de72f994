import * as yup from 'yup'
import type { CreateUserBody, UpdateUserBody, UserDto } from '@shared/contracts/users'
import { PASSWORD, USER_NAME } from '@shared/constants'
import {
  PROFILE_GUARDED_USER_FIELDS,
  QUEUE_GUARDED_USER_FIELDS,
  type AllTicket,
  type Profile,
  type Switch,
} from '@shared/permissions'

/**
 * Validation messages are `users` namespace keys, translated where they are shown; their en values
 * are the spec's exact texts (000 §5, 001 §5).
 */
export const userValidationMessages = {
  required: 'validation.required',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
  invalidEmail: 'validation.invalidEmail',
  invalidTime: 'validation.invalidTime',
  invalidOption: 'validation.invalidOption',
} as const

/** The permission switches stored as 'enabled' / 'disabled' (001 §3 User), in display order. */
export const USER_SWITCH_FIELDS = [
  'allHistoric',
  'allUserChat',
  'userClosePendingTicket',
  'showDashboard',
  'allowRealTime',
  'allowConnections',
] as const
export type UserSwitchField = (typeof USER_SWITCH_FIELDS)[number]

/** Every field of the permissions tab. */
export const USER_PERMISSION_FIELDS = ['allTicket', 'allowGroup', ...USER_SWITCH_FIELDS] as const

/**
 * Everything the user dialog edits; the password is '' when it is left unchanged, and the
 * current password '' unless the signed-in user changes his own password or e-mail.
 */
export interface UserFormValues extends Record<UserSwitchField, Switch> {
  name: string
  email: string
  password: string
  currentPassword: string
  profile: Profile
  queueIds: number[]
  whatsappId: number | null
  startWork: string
  endWork: string
  farewellMessage: string
  defaultTheme: 'light' | 'dark'
  defaultMenu: 'open' | 'closed'
  allTicket: AllTicket
  allowGroup: boolean
}

export type UserFormMode = 'create' | 'edit'

/** What the signed-in user may change in the dialog, from `user-modal:*` permissions. */
export interface UserFormAccess {
  canEditProfile: boolean
  canEditQueues: boolean
}

const m = userValidationMessages
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/
const FAREWELL_MAX = 2000

const switchValue = yup
  .mixed<Switch>()
  .oneOf(['enabled', 'disabled'], m.invalidOption)
  .required(m.required)

/**
 * Whether the signed-in user must confirm his current password: he is editing himself
 * (`ownEmail` is his saved e-mail, null otherwise) and changes his password or e-mail. The
 * server asks the same.
 */
export const needsCurrentPassword = (
  values: Pick<UserFormValues, 'password' | 'email'>,
  ownEmail: string | null,
): boolean =>
  ownEmail !== null &&
  (values.password !== '' || values.email.trim().toLowerCase() !== ownEmail.toLowerCase())

/**
 * The dialog's schema. The password is required on create; on edit an empty password means
 * "unchanged", so only a typed one is measured. `ownEmail`: see `needsCurrentPassword`.
 */
export const buildUserSchema = (
  mode: UserFormMode,
  ownEmail: string | null = null,
): yup.ObjectSchema<UserFormValues> => {
  const password =
    mode === 'create'
      ? yup.string().required(m.required).min(PASSWORD.min, m.tooShort).max(PASSWORD.max, m.tooLong)
      : yup
          .string()
          .defined()
          .test('length', m.tooShort, (value) => value === '' || value.length >= PASSWORD.min)
          .max(PASSWORD.max, m.tooLong)

  return yup.object({
    name: yup
      .string()
      .trim()
      .required(m.required)
      .min(USER_NAME.min, m.tooShort)
      .max(USER_NAME.max, m.tooLong),
    email: yup.string().trim().required(m.required).email(m.invalidEmail),
    password,
    currentPassword: yup
      .string()
      .defined()
      .when(['password', 'email'], ([password, email]: string[], schema) =>
        needsCurrentPassword({ password: password ?? '', email: email ?? '' }, ownEmail)
          ? schema.required(m.required)
          : schema,
      ),
    profile: yup.mixed<Profile>().oneOf(['admin', 'user'], m.invalidOption).required(m.required),
    queueIds: yup.array(yup.number().integer().required()).defined(),
    whatsappId: yup.number().integer().nullable().defined(),
    startWork: yup.string().required(m.required).matches(TIME_OF_DAY, m.invalidTime),
    endWork: yup.string().required(m.required).matches(TIME_OF_DAY, m.invalidTime),
    farewellMessage: yup.string().defined().max(FAREWELL_MAX, m.tooLong),
    defaultTheme: yup
      .mixed<'light' | 'dark'>()
      .oneOf(['light', 'dark'], m.invalidOption)
      .required(m.required),
    defaultMenu: yup
      .mixed<'open' | 'closed'>()
      .oneOf(['open', 'closed'], m.invalidOption)
      .required(m.required),
    allTicket: yup
      .mixed<AllTicket>()
      .oneOf(['enable', 'disable'], m.invalidOption)
      .required(m.required),
    allowGroup: yup.boolean().required(),
    allHistoric: switchValue,
    allUserChat: switchValue,
    userClosePendingTicket: switchValue,
    showDashboard: switchValue,
    allowRealTime: switchValue,
    allowConnections: switchValue,
  })
}

/** A new user starts with the server's stored defaults, except profile user (least privilege). */
export const emptyUserFormValues: UserFormValues = {
  name: '',
  email: '',
  password: '',
  currentPassword: '',
  profile: 'user',
  queueIds: [],
  whatsappId: null,
  startWork: '00:00',
  endWork: '23:59',
  farewellMessage: '',
  defaultTheme: 'light',
  defaultMenu: 'closed',
  allTicket: 'disable',
  allowGroup: false,
  allHistoric: 'disabled',
  allUserChat: 'disabled',
  userClosePendingTicket: 'enabled',
  showDashboard: 'disabled',
  allowRealTime: 'disabled',
  allowConnections: 'disabled',
}

export const userToFormValues = (user: UserDto): UserFormValues => ({
  name: user.name,
  email: user.email,
  password: '',
  currentPassword: '',
  profile: user.profile,
  queueIds: user.queues.map((queue) => queue.id),
  whatsappId: user.whatsappId,
  startWork: user.startWork,
  endWork: user.endWork,
  farewellMessage: user.farewellMessage,
  defaultTheme: user.defaultTheme,
  defaultMenu: user.defaultMenu,
  allTicket: user.allTicket,
  allowGroup: user.allowGroup,
  allHistoric: user.allHistoric,
  allUserChat: user.allUserChat,
  userClosePendingTicket: user.userClosePendingTicket,
  showDashboard: user.showDashboard,
  allowRealTime: user.allowRealTime,
  allowConnections: user.allowConnections,
})

const profileGuarded: ReadonlySet<string> = new Set(PROFILE_GUARDED_USER_FIELDS)
const queueGuarded: ReadonlySet<string> = new Set(QUEUE_GUARDED_USER_FIELDS)

/** Whether the signed-in user may change this form field. */
export const canEditUserField = (field: keyof UserFormValues, access: UserFormAccess): boolean => {
  if (profileGuarded.has(field)) return access.canEditProfile
  if (queueGuarded.has(field)) return access.canEditQueues
  return true
}

type ProfileGuardedField = (typeof PROFILE_GUARDED_USER_FIELDS)[number]
type QueueGuardedField = (typeof QUEUE_GUARDED_USER_FIELDS)[number]

/**
 * Splits the values by the permission that guards them. The `Pick` annotations tie the groups to
 * the shared lists: a field added there and not here fails to compile.
 */
const splitByGuard = (values: UserFormValues) => {
  const {
    password,
    currentPassword,
    queueIds,
    profile,
    whatsappId,
    startWork,
    endWork,
    allTicket,
    allowGroup,
    allHistoric,
    allUserChat,
    userClosePendingTicket,
    showDashboard,
    allowRealTime,
    allowConnections,
    ...selfEditable
  } = values
  const profileFields: Pick<UserFormValues, ProfileGuardedField> = {
    profile,
    whatsappId,
    startWork,
    endWork,
    allTicket,
    allowGroup,
    allHistoric,
    allUserChat,
    userClosePendingTicket,
    showDashboard,
    allowRealTime,
    allowConnections,
  }
  const queueFields: Pick<UserFormValues, QueueGuardedField> = { queueIds }
  return { password, currentPassword, selfEditable, profileFields, queueFields }
}

/**
 * The fields the signed-in user may send: guarded ones are left out when he lacks the permission,
 * because the server refuses a body that carries them and keeps absent ones as they are.
 */
const allowedFields = (values: UserFormValues, access: UserFormAccess) => {
  const { selfEditable, profileFields, queueFields } = splitByGuard(values)
  return {
    ...selfEditable,
    ...(access.canEditProfile ? profileFields : {}),
    ...(access.canEditQueues ? queueFields : {}),
  }
}

export const toCreateUserBody = (
  values: UserFormValues,
  access: UserFormAccess,
): CreateUserBody => ({
  ...allowedFields(values, access),
  password: values.password,
})

/** An empty password is left out: the server keeps the current one. */
export const toUpdateUserBody = (
  values: UserFormValues,
  access: UserFormAccess,
): UpdateUserBody => ({
  ...allowedFields(values, access),
  ...(values.password === '' ? {} : { password: values.password }),
  ...(values.currentPassword === '' ? {} : { currentPassword: values.currentPassword }),
})
