import { object, string, type InferType } from 'yup'

/** Messages are keys of the `auth` namespace. */
export const loginSchema = object({
  email: string().trim().required('validation.required').email('validation.invalidEmail'),
  password: string().required('validation.required'),
})
export type LoginValues = InferType<typeof loginSchema>
