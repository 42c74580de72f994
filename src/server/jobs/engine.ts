import PgBoss from 'pg-boss'
import type { Executor } from '@server/db/client'
import { executorRawSql, trackedRawSql, type RawSql } from '@server/db/raw-sql'
import { JOB_POLICIES, type JobName, type JobPayloads, type JobPolicy } from './catalogue'

/** What a handler learns about the job it runs. */
export interface JobRun {
  id: string
  retryCount: number
  /** No retry follows if this try fails: a handler records the failure where users see it. */
  lastTry: boolean
  /**
   * How long this try may run before it counts as lost: long work hands over to a continuation
   * job well before (a quarter of it is a safe slice).
   */
  expireInSeconds: number
  /**
   * Aborted when the engine stops: long handlers check it between steps and leave the rest to
   * a continuation job, so that a shutdown does not wait for them nor lose their progress.
   */
  signal: AbortSignal
}

export type JobHandler<N extends JobName> = (data: JobPayloads[N], run: JobRun) => Promise<void>

export interface SendOptions {
  /** With a `stately` policy: no second job with this key is queued while one waits. */
  singletonKey?: string
  /** Not before this moment. */
  startAfter?: Date
  /** Enqueue inside this transaction: the job exists if and only if the transaction commits. */
  in?: Executor
}

/** One job of a `sendMany`. */
export interface JobToSend<N extends JobName> {
  data: JobPayloads[N]
  singletonKey?: string
  /** Not before this many seconds from now, by the database's clock. */
  delaySeconds?: number
  /** Not before this moment, by this process's clock (what the job's own data speaks of). */
  startAfter?: Date
}

export interface JobEngineSettings {
  /** How often lost jobs (past their expiry) are failed into a retry, and old ones deleted. */
  maintenanceIntervalSeconds: number
  /** How often an idle worker looks for due jobs; a send from this instance wakes it at once. */
  pollingIntervalSeconds: number
  /** Per-job changes to `JOB_POLICIES` (tests shorten expiries). */
  policies?: Partial<{ [N in JobName]: Partial<JobPolicy> }>
  /** The schema of pg-boss's tables; a second engine on one database needs its own. */
  schema?: string
}

/** Any queue the engine creates at start: the one readiness reads. */
const PROBED_QUEUE: JobName = 'auth.prune-attempts'

export const DEFAULT_JOB_SETTINGS: JobEngineSettings = {
  maintenanceIntervalSeconds: 30,
  pollingIntervalSeconds: 2,
}

interface Logger {
  info(object: object, message: string): void
  error(object: object, message: string): void
}

/** Where the engine is in its life: readiness reports anything but `started` as not working. */
export type JobEngineState = 'created' | 'starting' | 'started' | 'stopping' | 'stopped'

export interface JobEngine {
  /** The handler of a job; register before `start()`. A thrown error fails that try (retried). */
  handle<N extends JobName>(name: N, handler: JobHandler<N>): void
  /**
   * Enqueues a job. Answers its id, or null when a singleton key refused a second one. A job
   * sent outside a transaction wakes this instance's idle worker at once; after a transaction
   * that sent one commits, call `wake`.
   */
  send<N extends JobName>(
    name: N,
    data: JobPayloads[N],
    options?: SendOptions,
  ): Promise<string | null>
  /** Enqueues several jobs in one statement, inside `options.in` when given. */
  sendMany<N extends JobName>(
    name: N,
    jobs: JobToSend<N>[],
    options?: { in?: Executor },
  ): Promise<void>
  /**
   * Cancels the job of `name` with this singleton key that waits to run (a running one goes
   * on), inside `options.in` when given.
   */
  cancelKeyed(name: JobName, singletonKey: string, options?: { in?: Executor }): Promise<void>
  /** Cancels one job of `name` by its id, if it still waits to run (`send` answered the id). */
  cancel(name: JobName, id: string, options?: { in?: Executor }): Promise<void>
  /** Wakes this instance's idle workers of a job, so that a job just committed starts now. */
  wake(name: JobName): void
  /** Installs or migrates the job schema, creates the queues, starts workers and schedules. */
  start(): Promise<void>
  /**
   * Stops fetching and waits for running handlers (up to `timeoutMs`; then they count as lost
   * and are tried again). A second call waits for the first.
   */
  stop(timeoutMs?: number): Promise<void>
  state(): JobEngineState
  /**
   * Reads one queue's definition from pg-boss's tables: rejects when the job schema does not
   * answer or lost its queues (readiness; the caller bounds the wait).
   */
  probe(): Promise<void>
  /**
   * Resolves when this instance runs no handler, including one that outlived its stop or its
   * expiry (tests).
   */
  idle(): Promise<void>
  /** Resolves when no job of these names is queued, retrying or running (tests, shutdown). */
  settled(names: JobName[], timeoutMs?: number): Promise<void>
}

/**
 * How long a stop waits for the last handlers and statements: a statement waiting for a client
 * of a closing pool may never run.
 */
const SETTLE_MS = 2_000

/** `work`, or nothing once `deadline` (epoch ms) passed. */
function until(work: Promise<void>, deadline: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadline - Date.now())))
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/** After the microtasks queued now: what a resolved statement or handler leads to has begun. */
const afterMicrotasks = () => new Promise((resolve) => setImmediate(resolve))

/**
 * The one job engine (ARCHITECTURE.md, background work): pg-boss 10 on the app's own database —
 * PostgreSQL, or the embedded PGlite through raw SQL — in the `pgboss` schema. Jobs survive a
 * crash (a running job whose instance died is tried again after its expiry) and run once across
 * instances; a failure is logged with the job's id and retried by its queue's policy.
 */
export function createJobEngine(
  rawSql: RawSql,
  log: Logger,
  settings: JobEngineSettings = DEFAULT_JOB_SETTINGS,
): JobEngine {
  const policyOf = (name: JobName): JobPolicy => ({
    ...JOB_POLICIES[name],
    ...settings.policies?.[name],
  })
  const schema = settings.schema ?? 'pgboss'
  const raw = trackedRawSql(rawSql)
  const boss = new PgBoss({
    db: raw,
    schema,
    supervise: true,
    schedule: true,
    migrate: true,
    maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds,
  })
  boss.on('error', (err) => log.error({ err }, 'job engine error'))
  const handlers = new Map<JobName, JobHandler<JobName>>()
  const workers = new Map<JobName, string[]>()
  let started: Promise<void> | null = null
  let stopped: Promise<void> | null = null
  let state: JobEngineState = 'created'
  const stopping = new AbortController()
  const inFlight = new Set<Promise<void>>()

  function wake(name: JobName) {
    for (const worker of workers.get(name) ?? []) boss.notifyWorker(worker)
  }

  async function run<N extends JobName>(name: N, job: PgBoss.JobWithMetadata<JobPayloads[N]>) {
    const handler = handlers.get(name) as JobHandler<N>
    const { expireInSeconds } = policyOf(name)
    const began = Date.now()
    const { retryCount, retryLimit } = job
    const running = handler(job.data, {
      id: job.id,
      retryCount,
      lastTry: retryCount >= retryLimit,
      expireInSeconds,
      signal: stopping.signal,
    })
    const tracked = running.then(
      () => undefined,
      () => undefined,
    )
    inFlight.add(tracked)
    void tracked.finally(() => {
      inFlight.delete(tracked)
      // pg-boss stopped waiting at the expiry and let the job be tried again meanwhile.
      if (Date.now() - began > expireInSeconds * 1000)
        log.error({ job: name, jobId: job.id, expireInSeconds }, 'job outlived its expiry')
    })
    try {
      await running
    } catch (err) {
      log.error(
        { err, job: name, jobId: job.id, retryCount, retryLimit },
        retryCount < retryLimit ? 'job failed: it will be tried again' : 'job failed for good',
      )
      throw err
    }
  }

  async function boot() {
    await boss.start()
    for (const name of Object.keys(JOB_POLICIES) as JobName[]) {
      const policy = policyOf(name)
      const options = {
        name,
        policy: policy.policy,
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: policy.retryBackoff,
        expireInSeconds: policy.expireInSeconds,
      }
      await boss.createQueue(name, options)
      // An existing queue keeps its policy; retries and expiry follow the catalogue.
      await boss.updateQueue(name, options)
      if (policy.cron) await boss.schedule(name, policy.cron, {}, { singletonKey: name })
      else await boss.unschedule(name)
    }
    for (const [name] of handlers) {
      const ids: string[] = []
      for (let i = 0; i < policyOf(name).concurrency; i++) {
        ids.push(
          await boss.work<JobPayloads[typeof name]>(
            name,
            { includeMetadata: true, pollingIntervalSeconds: settings.pollingIntervalSeconds },
            async ([job]) => {
              if (job) await run(name, job)
            },
          ),
        )
      }
      workers.set(name, ids)
    }
  }

  async function idle() {
    while (inFlight.size > 0) await Promise.all([...inFlight])
  }

  /**
   * Once pg-boss stopped: it resolves with no job in hand even while a worker's fetch is running
   * (which then hands a job over), and completes or fails a job without awaiting the statement.
   * Fetches, handlers and completions end here, one leading to the next, before the pool may
   * close under them.
   */
  async function settle() {
    const deadline = Date.now() + SETTLE_MS
    while (Date.now() < deadline) {
      await until(raw.drained(), deadline)
      await afterMicrotasks()
      if (inFlight.size === 0 && raw.running() === 0) return
      await until(idle(), deadline)
      await afterMicrotasks()
    }
  }

  return {
    handle(name, handler) {
      if (started) throw new Error(`job handler for ${name} registered after start`)
      handlers.set(name, handler as JobHandler<JobName>)
    },

    async send(name, data, options = {}) {
      const { in: executor, startAfter, singletonKey } = options
      const id = await boss.send(name, data, {
        ...(singletonKey ? { singletonKey } : {}),
        ...(startAfter ? { startAfter } : {}),
        ...(executor ? { db: executorRawSql(executor) } : {}),
      })
      // A job sent outside a transaction is visible now: wake an idle local worker.
      if (id && !executor && !startAfter) wake(name)
      return id
    },

    async sendMany(name, jobs, options = {}) {
      if (jobs.length === 0) return
      await boss.insert(
        jobs.map(({ data, singletonKey, delaySeconds, startAfter }) => ({
          name,
          data,
          ...(singletonKey ? { singletonKey } : {}),
          ...(startAfter
            ? { startAfter: startAfter.toISOString() }
            : delaySeconds
              ? { startAfter: `${delaySeconds} seconds` }
              : {}),
        })),
        options.in ? { db: executorRawSql(options.in) } : {},
      )
    },

    async cancel(name, id, options = {}) {
      const db = options.in ? executorRawSql(options.in) : raw
      await db.executeSql(
        `UPDATE ${schema}.job SET state = 'cancelled', completed_on = now()
         WHERE name = $1 AND id = $2 AND state IN ('created', 'retry')`,
        [name, id],
      )
    },

    async cancelKeyed(name, singletonKey, options = {}) {
      const db = options.in ? executorRawSql(options.in) : raw
      await db.executeSql(
        `UPDATE ${schema}.job SET state = 'cancelled', completed_on = now()
         WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry')`,
        [name, singletonKey],
      )
    },

    wake,

    start() {
      if (!started) {
        state = 'starting'
        started = boot().then(() => {
          if (state === 'starting') state = 'started'
        })
      }
      return started
    },

    stop(timeoutMs = 20_000) {
      stopped ??= (async () => {
        state = 'stopping'
        if (started) {
          await started.catch(() => undefined)
          stopping.abort()
          await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs })
          await settle()
        }
        state = 'stopped'
      })()
      return stopped
    },

    state: () => state,

    async probe() {
      if (!(await boss.getQueue(PROBED_QUEUE)))
        throw new Error(`job queue ${PROBED_QUEUE} is missing`)
    },

    idle,

    async settled(names, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const { rows } = await raw.executeSql(
          `SELECT count(*)::int AS waiting FROM ${schema}.job
           WHERE name = ANY($1::text[]) AND state IN ('created', 'retry', 'active')`,
          [names],
        )
        if ((rows[0] as { waiting: number }).waiting === 0) return
        if (Date.now() > deadline) throw new Error(`jobs not settled: ${names.join(', ')}`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
  }
}
