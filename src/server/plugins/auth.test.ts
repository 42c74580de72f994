import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildCompany, buildPlan, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { openDatabase, type DatabaseHandle } from '../db/client'
import { buildApp } from '../app'
import { testConfig } from '@tests/helpers/test-app'

let database: DatabaseHandle
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, pgliteDir: null })
  await database.migrate()
})
afterAll(() => database.close())

test('a route that declares no access stops the server from starting', async () => {
  const { app } = await buildApp({ config: testConfig(), db: database.db, logger: false })
  expect(() => app.get('/undeclared', () => 'open')).toThrow('declares no access')
  await app.close()
})

test('a plan feature gate refuses companies whose plan lacks it', async () => {
  const { app } = await buildApp({ config: testConfig(), db: database.db, logger: false })
  app.get('/gated', { config: { access: 'user', feature: 'useKanban' } }, () => ({ ok: true }))
  await app.ready()
  try {
    const without = await buildUser(database.db, {
      company: await buildCompany(database.db, {
        plan: await buildPlan(database.db, { useKanban: false }),
      }),
    })
    const withIt = await buildUser(database.db, { company: await buildCompany(database.db) })
    const refused = await app.inject({
      method: 'GET',
      url: '/gated',
      headers: await loginAs(app, without),
    })
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    const allowed = await app.inject({
      method: 'GET',
      url: '/gated',
      headers: await loginAs(app, withIt),
    })
    expect([allowed.statusCode, allowed.json()]).toEqual([200, { ok: true }])
  } finally {
    await app.close()
  }
})
