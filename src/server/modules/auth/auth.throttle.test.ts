import { expect, test } from 'vitest'
import { LOGIN_LIMITS } from '@shared/constants'
import { loginWaitMs } from './auth.throttle'

test('an address waits nothing for its first failures from an IP, then twice as long each time, up to a cap', () => {
  const { freeFailures, firstWaitMs, maxWaitMs } = LOGIN_LIMITS.perPair
  const free = Array.from({ length: freeFailures }, (_, failures) => loginWaitMs(failures))
  expect(free).toEqual(Array<number>(freeFailures).fill(0))
  expect([0, 1, 2].map((extra) => loginWaitMs(freeFailures + extra))).toEqual([
    firstWaitMs,
    2 * firstWaitMs,
    4 * firstWaitMs,
  ])
  expect(loginWaitMs(freeFailures + 40)).toBe(maxWaitMs)
})

test('the wait reaches its cap within the window, so a patient attacker stays slowed', () => {
  const { maxWaitMs, windowMs } = LOGIN_LIMITS.perPair
  // Trying once per capped wait, an attacker keeps this many failures in the window: they must
  // still earn the cap, or the wait would shrink again.
  expect(loginWaitMs(Math.floor(windowMs / maxWaitMs))).toBe(maxWaitMs)
})
