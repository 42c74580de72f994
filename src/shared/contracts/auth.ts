import { Type, type Static } from '@sinclair/typebox'
import { PASSWORD, USER_NAME } from '../constants'
import { Id } from './common'
import { Recurrence } from './companies'
import { SessionUser } from './users'

export const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
})
export type LoginBody = Static<typeof LoginBody>

export const SessionResponse = Type.Object({
  token: Type.String({ description: 'Access JWT, 15 minutes' }),
  user: SessionUser,
  refreshToken: Type.Optional(Type.String({ description: 'Desktop clients only' })),
})
export type SessionResponse = Static<typeof SessionResponse>

export const RefreshBody = Type.Object({
  refreshToken: Type.Optional(Type.String({ maxLength: 200 })),
})

/**
 * POST /auth/signup (001 §5). The server sets recurrence, due date, status and
 * campaignsEnabled itself; the client's values for them are accepted and ignored.
 */
export const SignupBody = Type.Object({
  name: Type.String({ minLength: USER_NAME.min, maxLength: USER_NAME.max }),
  email: Type.String({ format: 'email', maxLength: 254 }),
  password: Type.String({ minLength: PASSWORD.min, maxLength: PASSWORD.max }),
  phone: Type.Optional(Type.String({ maxLength: 30 })),
  companyName: Type.String({ minLength: 2, maxLength: 50 }),
  planId: Id,
  companyId: Type.Optional(Type.Unknown()),
  recurrence: Type.Optional(Type.Union([Recurrence, Type.String({ maxLength: 20 })])),
  dueDate: Type.Optional(Type.Unknown()),
  status: Type.Optional(Type.Unknown()),
  campaignsEnabled: Type.Optional(Type.Unknown()),
  profile: Type.Optional(Type.Unknown()),
  super: Type.Optional(Type.Unknown()),
})
export type SignupBody = Static<typeof SignupBody>

/**
 * 202 to every accepted sign-up: an account was created, or the address already had one (its
 * owner is told by e-mail). The answer is the same so that it does not reveal which.
 */
export const SignupResponse = Type.Object({ message: Type.String() })
export type SignupResponse = Static<typeof SignupResponse>

export const ForgotPasswordBody = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254 }),
})
export const ResetPasswordBody = Type.Object({
  token: Type.String({ minLength: 20, maxLength: 200 }),
  password: Type.String({ minLength: PASSWORD.min, maxLength: PASSWORD.max }),
})

export const MeResponse = SessionUser

export const VersionResponse = Type.Object({ version: Type.String() })
