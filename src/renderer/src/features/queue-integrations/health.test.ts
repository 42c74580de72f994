import { describe, expect, it } from 'vitest'
import type { IntegrationHealth } from '@shared/contracts/queue-integrations'
import { integrationHealthState } from './health'

const NOW = Date.parse('2026-03-10T12:00:00.000Z')
const hoursAgo = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString()

const health = (overrides: Partial<IntegrationHealth> = {}): IntegrationHealth => ({
  lastSuccessAt: null,
  lastErrorAt: null,
  lastError: null,
  errorsLast24h: 0,
  ...overrides,
})

describe('integrationHealthState', () => {
  it('is unused when the integration never answered nor failed', () => {
    expect(integrationHealthState(health(), NOW)).toBe('unused')
  })

  it('is working after a success in the last 24 hours without failures', () => {
    expect(integrationHealthState(health({ lastSuccessAt: hoursAgo(3) }), NOW)).toBe('working')
    expect(
      integrationHealthState(
        health({ lastSuccessAt: hoursAgo(1), lastErrorAt: hoursAgo(30), lastError: 'timeout' }),
        NOW,
      ),
    ).toBe('working')
  })

  it('is failing whenever it failed in the last 24 hours, even after a success', () => {
    expect(
      integrationHealthState(
        health({ lastSuccessAt: hoursAgo(1), lastErrorAt: hoursAgo(2), errorsLast24h: 2 }),
        NOW,
      ),
    ).toBe('failing')
  })

  it('is idle when it was used, but not in the last 24 hours', () => {
    expect(integrationHealthState(health({ lastSuccessAt: hoursAgo(25) }), NOW)).toBe('idle')
    expect(integrationHealthState(health({ lastErrorAt: hoursAgo(48) }), NOW)).toBe('idle')
  })
})
