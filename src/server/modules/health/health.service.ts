import type { LivenessResponse, ReadinessResponse } from '@shared/contracts/health'
import type { CoreDeps } from '@server/deps'
import { healthRepository } from './health.repository'
import type { Shutdown } from './health.shutdown'

/** A check that has not answered by then counts as failed: the probe itself must answer fast. */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000

type Check = ReadinessResponse['checks']['database']

export type HealthService = ReturnType<typeof createHealthService>

/**
 * What a reverse proxy and an orchestrator ask of this instance: whether the process answers
 * (liveness, nothing else) and whether it may take work (readiness: the database and the job
 * engine answer, and no shutdown has begun). Why a check failed goes to the log only.
 */
export function createHealthService(
  deps: Pick<CoreDeps, 'db' | 'jobs' | 'log'>,
  shutdown: Pick<Shutdown, 'began'>,
  timeoutMs = HEALTH_CHECK_TIMEOUT_MS,
) {
  const repo = healthRepository(deps.db)

  async function check(name: string, probe: () => Promise<void>): Promise<Check> {
    try {
      await within(probe(), timeoutMs)
      return 'ok'
    } catch (err) {
      deps.log.warn({ err, check: name }, 'readiness check failed')
      return 'failed'
    }
  }

  function checkJobs(): Promise<ReadinessResponse['checks']['jobs']> {
    const state = deps.jobs.state()
    if (shutdown.began() || state === 'stopping' || state === 'stopped')
      return Promise.resolve('stopping')
    if (state !== 'started') return Promise.resolve('failed')
    return check('jobs', () => deps.jobs.probe())
  }

  return {
    live: (): LivenessResponse => ({ status: 'ok' }),

    async readiness(): Promise<ReadinessResponse> {
      const [database, jobs] = await Promise.all([
        check('database', () => repo.ping()),
        checkJobs(),
      ])
      const ready = database === 'ok' && jobs === 'ok'
      return { status: ready ? 'ok' : 'unavailable', checks: { database, jobs } }
    },
  }
}

/** Rejects when `work` has not settled within `ms` (the work itself goes on). */
function within(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}
