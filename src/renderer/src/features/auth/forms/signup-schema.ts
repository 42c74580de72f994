import { number, object, string, type InferType } from 'yup'
import { PASSWORD, USER_NAME } from '@shared/constants'

/**
 * The sign-up rules of 001 §5; messages are keys of the `auth` namespace ('Muito curto!'…).
 * `required` comes first so an empty field says so rather than "too short".
 */
export const signupSchema = object({
  name: string()
    .trim()
    .required('validation.required')
    .min(USER_NAME.min, 'validation.tooShort')
    .max(USER_NAME.max, 'validation.tooLong'),
  companyName: string()
    .trim()
    .required('validation.required')
    .min(2, 'validation.tooShort')
    .max(50, 'validation.tooLong'),
  email: string().trim().required('validation.required').email('validation.invalidEmail'),
  phone: string().trim().max(30, 'validation.tooLong').default(''),
  password: string()
    .required('validation.required')
    .min(PASSWORD.min, 'validation.tooShort')
    .max(PASSWORD.max, 'validation.tooLong'),
  planId: number()
    .typeError('validation.required')
    .integer()
    .positive('validation.required')
    .required('validation.required'),
})
export type SignupValues = InferType<typeof signupSchema>
