import type { FastifyInstance } from 'fastify'
import type { UserRow } from '@server/modules/users/users.table'

/** Signs in through the real endpoint and answers the bearer header. */
export async function loginAs(
  app: FastifyInstance,
  user: Pick<UserRow, 'email'> & { password: string },
) {
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
