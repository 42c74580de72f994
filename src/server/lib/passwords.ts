import { hash, verify } from '@node-rs/argon2'

/** argon2id with OWASP's second recommended profile (19 MiB, 2 passes). */
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string) => hash(password, options)

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** Spent on unknown e-mails so a login takes the same time whether the account exists or not. */
let dummyHash: Promise<string> | null = null
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-0000')
  await verifyPassword(await dummyHash, password)
}
