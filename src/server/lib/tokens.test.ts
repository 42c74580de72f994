import { afterEach, describe, expect, it, vi } from 'vitest'
import { ACCESS_TOKEN_TTL_SECONDS } from '@shared/constants'
import { createTokenService } from './tokens'

const claims = { userId: 7, companyId: 3, tokenVersion: 2, sessionId: 'session-1' }

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers())

  it('verifies a token again and again with the same claims', async () => {
    const tokens = createTokenService('jwt-secret-of-test', 'refresh-secret')
    const token = await tokens.signAccess(claims)
    expect(await tokens.verifyAccess(token)).toEqual({ ok: true, claims })
    expect(await tokens.verifyAccess(token)).toEqual({ ok: true, claims })
  })

  it('rejects a token signed with another secret or altered, even after a good one', async () => {
    const tokens = createTokenService('jwt-secret-of-test', 'refresh-secret')
    const good = await tokens.signAccess(claims)
    await tokens.verifyAccess(good)
    const foreign = await createTokenService('another-secret', 'refresh-secret').signAccess(claims)
    expect(await tokens.verifyAccess(foreign)).toEqual({ ok: false, reason: 'invalid' })
    const [header, , signature] = good.split('.')
    const forged = Buffer.from(JSON.stringify({ sub: '1', cid: 1, tv: 2, sid: 'x' })).toString(
      'base64url',
    )
    expect(await tokens.verifyAccess(`${header}.${forged}.${signature}`)).toEqual({
      ok: false,
      reason: 'invalid',
    })
  })

  it('answers expired once the token has lived its life, whether checked before or not', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'))
    const tokens = createTokenService('jwt-secret-of-test', 'refresh-secret')
    const checkedBefore = await tokens.signAccess(claims)
    const neverChecked = await tokens.signAccess({ ...claims, sessionId: 'session-2' })
    expect((await tokens.verifyAccess(checkedBefore)).ok).toBe(true)

    vi.setSystemTime(Date.now() + (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000)
    expect((await tokens.verifyAccess(checkedBefore)).ok).toBe(true)

    vi.setSystemTime(Date.now() + 1000)
    expect(await tokens.verifyAccess(checkedBefore)).toEqual({ ok: false, reason: 'expired' })
    expect(await tokens.verifyAccess(neverChecked)).toEqual({ ok: false, reason: 'expired' })
  })
})
