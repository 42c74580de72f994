import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const securityHeaders = (headers: Record<string, unknown>) => ({
  csp: headers['content-security-policy'],
  nosniff: headers['x-content-type-options'],
  frame: headers['x-frame-options'],
  resource: headers['cross-origin-resource-policy'],
  referrer: headers['referrer-policy'],
})

test('every answer carries the security headers, errors included', async () => {
  const ok = await t.app.inject({ method: 'GET', url: '/version' })
  const refused = await t.app.inject({ method: 'GET', url: '/tickets' })
  const missing = await t.app.inject({ method: 'GET', url: '/no-such-route' })
  expect([ok.statusCode, refused.statusCode, missing.statusCode]).toEqual([200, 401, 404])
  for (const answer of [ok, refused, missing]) {
    const found = securityHeaders(answer.headers)
    expect(found).toEqual({
      csp: expect.stringContaining("frame-ancestors 'none'"),
      nosniff: 'nosniff',
      frame: 'SAMEORIGIN',
      resource: 'cross-origin',
      referrer: 'no-referrer',
    })
    expect(found.csp).toContain("script-src 'self'")
    expect(found.csp).toContain("connect-src 'self' ws: wss:")
  }
  // Plain HTTP: no Strict-Transport-Security, which would pin browsers to HTTPS.
  expect(ok.headers['strict-transport-security']).toBeUndefined()
})

test('the desktop app may read a download’s name and the report’s row count', async () => {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/version',
    headers: { origin: 'app://renderer' },
  })
  expect(answer.headers['access-control-allow-origin']).toBe('app://renderer')
  expect(answer.headers['access-control-expose-headers']).toBe('Content-Disposition, X-Report-Rows')
})
