import { afterEach, expect, test } from 'vitest'
import type { TrustProxy } from '@server/config'
import { LOGIN_LIMITS } from '@shared/constants'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

/**
 * Failed logins behind a proxy that appends the real client (203.0.113.7) to whatever
 * `X-Forwarded-For` the client sent; the client forges a new address each time.
 */
async function failedLoginsFromOneClient(trustProxy: TrustProxy) {
  t = await buildTestApp({ config: { trustProxy } })
  const answers: number[] = []
  for (let i = 0; i <= LOGIN_LIMITS.perIp.failures; i++) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'x-forwarded-for': `10.0.${i}.1, 203.0.113.7` },
      payload: { email: `nobody-${i}@x.test`, password: 'wrong-password' },
    })
    answers.push(response.statusCode)
  }
  return answers
}

const limited = [...Array<number>(LOGIN_LIMITS.perIp.failures).fill(401), 429]

test.each([
  ['one hop (TRUST_PROXY=1, or the old true)', 1],
  ["the proxy's address", ['127.0.0.1']],
  ["the proxy's range", ['127.0.0.0/8']],
] as const)(
  'behind %s a client cannot choose its IP with X-Forwarded-For',
  async (_setting, trustProxy) => {
    expect(await failedLoginsFromOneClient(trustProxy as TrustProxy)).toEqual(limited)
  },
)

test('without a trusted proxy X-Forwarded-For is ignored: the peer is the client', async () => {
  expect(await failedLoginsFromOneClient(false)).toEqual(limited)
})
