import { object, ref, string, type InferType } from 'yup'
import { PASSWORD } from '@shared/constants'

/** Messages are keys of the `auth` namespace. */
export const forgotPasswordSchema = object({
  email: string().trim().required('validation.required').email('validation.invalidEmail'),
})
export type ForgotPasswordValues = InferType<typeof forgotPasswordSchema>

export const resetPasswordSchema = object({
  password: string()
    .required('validation.required')
    .min(PASSWORD.min, 'validation.tooShort')
    .max(PASSWORD.max, 'validation.tooLong'),
  confirmation: string()
    .oneOf([ref('password')], 'validation.passwordsDiffer')
    .required('validation.required'),
})
export type ResetPasswordValues = InferType<typeof resetPasswordSchema>
