import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Database } from '@server/db/client'
import type { TokenService } from '@server/lib/tokens'
import { users, type UserRow } from '@server/modules/users/users.table'

type Credentials = Pick<UserRow, 'email'> & { password: string }

/** What minting needs of a test app: registered by `buildTestApp`. */
const minters = new WeakMap<FastifyInstance, { db: Database; tokens: TokenService }>()

export function registerMinter(app: FastifyInstance, db: Database, tokens: TokenService) {
  minters.set(app, { db, tokens })
}

/**
 * The bearer header of a signed-in user, minted with the app's own keys: an access token for the
 * user's current token version, as the login would issue, without the login's password check and
 * session bookkeeping. Tests about signing in itself use `signIn`.
 */
export async function loginAs(app: FastifyInstance, user: Credentials) {
  const minter = minters.get(app)
  if (!minter) return signIn(app, user)
  const [row] = await minter.db
    .select({ id: users.id, companyId: users.companyId, tokenVersion: users.tokenVersion })
    .from(users)
    .where(sql`lower(${users.email}) = ${user.email.trim().toLowerCase()}`)
  if (!row) throw new Error(`no user ${user.email}`)
  const token = await minter.tokens.signAccess({
    userId: row.id,
    companyId: row.companyId,
    tokenVersion: row.tokenVersion,
    sessionId: randomUUID(),
  })
  return { authorization: `Bearer ${token}` }
}

/**
 * Signs in through the real endpoint (password, throttling, single session) and answers the
 * bearer header.
 */
export async function signIn(app: FastifyInstance, user: Credentials) {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: user.email, password: user.password },
  })
  if (response.statusCode !== 200)
    throw new Error(`login failed: ${response.statusCode} ${response.body}`)
  const { token } = response.json<{ token: string }>()
  return { authorization: `Bearer ${token}` }
}

/** The refresh cookie a browser would keep after a response. */
export function refreshCookieOf(response: { cookies: Array<{ name: string; value: string }> }) {
  return response.cookies.find((cookie) => cookie.name === 'jrt')?.value
}
