import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { rawSqlOf } from '@server/db/client'
import type { RawSql } from '@server/db/raw-sql'
import { createJobEngine, DEFAULT_JOB_SETTINGS } from './engine'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

describe('stopping the job engine', () => {
  test('waits for the statement that completes the last job, so the pool may close after it', async () => {
    const raw = rawSqlOf(t.db)
    let completion: 'none' | 'running' | 'done' = 'none'
    // pg-boss sends the completion without awaiting it: it is slowed down to outlast the worker.
    const slowCompletion: RawSql = {
      async executeSql(text, values) {
        if (!/state = 'completed'/.test(text) || !/UNNEST/.test(text))
          return raw.executeSql(text, values)
        completion = 'running'
        await new Promise((resolve) => setTimeout(resolve, 300))
        const result = await raw.executeSql(text, values)
        completion = 'done'
        return result
      },
    }
    const jobs = createJobEngine(slowCompletion, t.app.log, {
      ...DEFAULT_JOB_SETTINGS,
      pollingIntervalSeconds: 0.5,
      schema: 'engine_stop_test_jobs',
    })
    let handled!: () => void
    const ran = new Promise<void>((resolve) => (handled = resolve))
    jobs.handle('auth.signup-notice', () => {
      handled()
      return Promise.resolve()
    })
    await jobs.start()
    await jobs.send('auth.signup-notice', { email: 'ana@example.com' })
    await ran
    await jobs.stop()

    expect(completion).toBe('done')
  })
})
