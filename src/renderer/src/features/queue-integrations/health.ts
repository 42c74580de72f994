import type { IntegrationHealth } from '@shared/contracts/queue-integrations'

/**
 * How an integration has been doing with real conversations, as the table and the dialog say it:
 * - `failing`: it failed at least once in the last 24 hours;
 * - `working`: it answered in the last 24 hours, without a failure;
 * - `unused`: it never answered nor failed;
 * - `idle`: it was used before, but nothing happened in the last 24 hours.
 */
export type IntegrationHealthState = 'working' | 'failing' | 'unused' | 'idle'

export const HEALTH_WINDOW_MS = 24 * 60 * 60 * 1000

const within24h = (instant: string | null, now: number): boolean => {
  if (instant === null) return false
  const time = Date.parse(instant)
  return !Number.isNaN(time) && now - time <= HEALTH_WINDOW_MS
}

/** The state of `health` at `now` (ms since the epoch). */
export const integrationHealthState = (
  health: IntegrationHealth,
  now: number = Date.now(),
): IntegrationHealthState => {
  if (health.errorsLast24h > 0) return 'failing'
  if (health.lastSuccessAt === null && health.lastErrorAt === null) return 'unused'
  return within24h(health.lastSuccessAt, now) ? 'working' : 'idle'
}
