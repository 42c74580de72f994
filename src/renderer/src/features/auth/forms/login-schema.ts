import type { RegisterOptions } from 'react-hook-form'

export interface LoginValues {
  email: string
  password: string
}

/** Something@somewhere.tld, nothing more: the server says whether the account exists. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * The login form's checks as react-hook-form rules rather than a schema: the login page is the
 * first thing a visitor downloads, and a schema library would add about 11 kB to it. Messages
 * are keys of the `auth` namespace.
 */
export const loginRules = {
  email: {
    setValueAs: (value: string) => value.trim(),
    required: 'validation.required',
    pattern: { value: EMAIL, message: 'validation.invalidEmail' },
  },
  password: { required: 'validation.required' },
} satisfies Record<keyof LoginValues, RegisterOptions<LoginValues>>
