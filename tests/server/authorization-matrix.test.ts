import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Access } from '../../src/server/plugins/auth'
import { buildCompany, buildConnection, buildUser } from '../factories'
import { loginAs } from '../helpers/auth'
import { buildTestApp, type TestApp } from '../helpers/test-app'

/**
 * Every route of the server must appear here with the access it declares. Each is called by an
 * anonymous visitor, a plain user, an admin and a super user of their own company, and, where it
 * takes an id, with another company's id. Adding a route without an entry fails this test.
 */
type Actor = 'anonymous' | 'user' | 'admin' | 'super'
interface Fixture {
  companyId: number
  userId: number
  connectionId: number
  foreignCompanyId: number
  foreignUserId: number
  foreignConnectionId: number
}
interface Entry {
  access: Access
  /** The status an allowed caller gets (public routes answer their own errors to this fixture). */
  allowedStatus: number
  /** The request as `actor` would make it on his own company's objects. */
  own: (f: Fixture) => { url: string; payload?: unknown }
  /** The same request on another company's object: answers 404 (the super user may reach some). */
  foreign?: (f: Fixture) => { url: string; payload?: unknown }
  /** Rules beyond the role: the actors that are refused although their role passes the guard. */
  refusedByPolicy?: Actor[]
}

const matrix: Record<string, Entry> = {
  'POST /auth/login': {
    access: 'public',
    allowedStatus: 401,
    own: () => ({ url: '/auth/login', payload: { email: 'x@y.test', password: 'nope' } }),
  },
  'POST /auth/refresh_token': {
    access: 'public',
    allowedStatus: 401,
    own: () => ({ url: '/auth/refresh_token' }),
  },
  'DELETE /auth/logout': {
    access: 'public',
    allowedStatus: 204,
    own: () => ({ url: '/auth/logout' }),
  },
  'GET /auth/me': { access: 'user', allowedStatus: 200, own: () => ({ url: '/auth/me' }) },
  'POST /auth/signup': {
    access: 'public',
    allowedStatus: 400,
    own: () => ({ url: '/auth/signup', payload: {} }),
  },
  'POST /auth/forgot-password': {
    access: 'public',
    allowedStatus: 503,
    own: () => ({ url: '/auth/forgot-password', payload: { email: 'x@y.test' } }),
  },
  'POST /auth/reset-password': {
    access: 'public',
    allowedStatus: 400,
    own: () => ({
      url: '/auth/reset-password',
      payload: { token: 'x'.repeat(40), password: 'abcdef' },
    }),
  },
  'GET /version': { access: 'public', allowedStatus: 200, own: () => ({ url: '/version' }) },
  'GET /users/': { access: 'admin', allowedStatus: 200, own: () => ({ url: '/users/' }) },
  'GET /users/list': { access: 'user', allowedStatus: 200, own: () => ({ url: '/users/list' }) },
  'GET /users/:id': {
    access: 'user',
    allowedStatus: 200,
    own: (f) => ({ url: `/users/${f.userId}` }),
    foreign: (f) => ({ url: `/users/${f.foreignUserId}` }),
  },
  'POST /users': {
    access: 'admin',
    allowedStatus: 201,
    own: () => ({
      url: '/users',
      payload: { name: 'Matrix', email: `m-${Math.random()}@x.test`, password: 'secret12' },
    }),
  },
  'PUT /users/:id': {
    access: 'user',
    allowedStatus: 200,
    own: (f) => ({ url: `/users/${f.userId}`, payload: { farewellMessage: 'tchau' } }),
    foreign: (f) => ({ url: `/users/${f.foreignUserId}`, payload: { farewellMessage: 'tchau' } }),
  },
  'DELETE /users/:id': {
    access: 'admin',
    allowedStatus: 200,
    // Deleting oneself is refused by rule, so the own-company case targets a colleague.
    own: (f) => ({ url: `/users/${f.userId}` }),
    foreign: (f) => ({ url: `/users/${f.foreignUserId}` }),
  },
  'POST /users/:id/media-upload': {
    access: 'user',
    allowedStatus: 400,
    own: (f) => ({ url: `/users/${f.userId}/media-upload` }),
    foreign: (f) => ({ url: `/users/${f.foreignUserId}/media-upload` }),
  },
  'PUT /users/toggleChangeWidht/:userId': {
    access: 'user',
    allowedStatus: 200,
    own: (f) => ({
      url: `/users/toggleChangeWidht/${f.userId}`,
      payload: { defaultTicketsManagerWidth: 500 },
    }),
    foreign: (f) => ({
      url: `/users/toggleChangeWidht/${f.foreignUserId}`,
      payload: { defaultTicketsManagerWidth: 500 },
    }),
  },
  'GET /companySettings/:id': {
    access: 'user',
    allowedStatus: 200,
    own: (f) => ({ url: `/companySettings/${f.companyId}` }),
    foreign: (f) => ({ url: `/companySettings/${f.foreignCompanyId}` }),
  },
  'GET /companySettingOne': {
    access: 'user',
    allowedStatus: 200,
    own: () => ({ url: '/companySettingOne?column=requiredTag' }),
  },
  'PUT /companySettings': {
    access: 'admin',
    allowedStatus: 200,
    own: () => ({ url: '/companySettings', payload: { column: 'requiredTag', data: 'disabled' } }),
  },
  'GET /settings': { access: 'user', allowedStatus: 200, own: () => ({ url: '/settings' }) },
  'PUT /settings/:key': {
    access: 'admin',
    allowedStatus: 200,
    own: () => ({ url: '/settings/appName', payload: { value: 'Atende' } }),
    refusedByPolicy: ['admin'],
  },
  'GET /setting/:key': {
    access: 'user',
    allowedStatus: 200,
    own: () => ({ url: '/setting/appName' }),
  },
  'GET /public-settings/:key': {
    access: 'public',
    allowedStatus: 200,
    own: () => ({ url: '/public-settings/appName' }),
  },
  'GET /plans/list': { access: 'public', allowedStatus: 200, own: () => ({ url: '/plans/list' }) },
  'GET /plans/all': { access: 'super', allowedStatus: 200, own: () => ({ url: '/plans/all' }) },
  'GET /companies/listPlan/:id': {
    access: 'user',
    allowedStatus: 200,
    own: (f) => ({ url: `/companies/listPlan/${f.companyId}` }),
    foreign: (f) => ({ url: `/companies/listPlan/${f.foreignCompanyId}` }),
  },
  'GET /whatsapp': {
    access: 'user',
    allowedStatus: 200,
    own: () => ({ url: '/whatsapp/?session=0' }),
  },
  'GET /whatsapp/filter': {
    access: 'user',
    allowedStatus: 200,
    own: () => ({ url: '/whatsapp/filter?channel=whatsapp' }),
  },
  'GET /whatsapp/:id': {
    access: 'user',
    allowedStatus: 200,
    own: (f) => ({ url: `/whatsapp/${f.connectionId}` }),
    foreign: (f) => ({ url: `/whatsapp/${f.foreignConnectionId}` }),
  },
  'GET /queue': { access: 'user', allowedStatus: 200, own: () => ({ url: '/queue' }) },
  'GET /media/:companyId/*': {
    access: 'public',
    allowedStatus: 403,
    own: (f) => ({ url: `/media/${f.companyId}/users/x.png?expires=1&signature=x` }),
  },
}

const rank: Record<Access, number> = { public: 0, user: 1, admin: 2, super: 3 }
const actorRank: Record<Actor, number> = { anonymous: 0, user: 1, admin: 2, super: 3 }
/** Super-user routes that may reach any company: for everyone else a foreign id is simply not found. */
const superReachesForeign = new Set(['GET /companySettings/:id', 'GET /companies/listPlan/:id'])

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

test('every route declares its access and has a matrix entry', () => {
  const routes = t.app.routeTable.map((route) => `${route.method} ${route.url}`)
  expect(routes.filter((route) => !(route in matrix))).toEqual([])
  expect(Object.keys(matrix).filter((key) => !routes.includes(key))).toEqual([])
  for (const route of t.app.routeTable)
    expect([`${route.method} ${route.url}`, route.access]).toEqual([
      `${route.method} ${route.url}`,
      matrix[`${route.method} ${route.url}`]!.access,
    ])
})

describe.each(Object.entries(matrix))('%s', (key, entry) => {
  const [method] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE']

  test.each(['anonymous', 'user', 'admin', 'super'] as Actor[])('as %s', async (actor) => {
    const company = await buildCompany(t.db)
    const foreignCompany = await buildCompany(t.db)
    const me =
      actor === 'anonymous'
        ? null
        : await buildUser(t.db, {
            company,
            profile: actor === 'user' ? 'user' : 'admin',
            super: actor === 'super',
          })
    // A second admin keeps "last admin" rules out of the way; the target of id routes is a colleague for admins.
    const colleague = await buildUser(t.db, { company, profile: 'admin' })
    const foreignUser = await buildUser(t.db, { company: foreignCompany, profile: 'admin' })
    const headers = me ? await loginAs(t.app, me) : {}
    const connection = await buildConnection(t.db, company)
    const foreignConnection = await buildConnection(t.db, foreignCompany)
    const fixture: Fixture = {
      companyId: company.id,
      connectionId: connection.id,
      foreignConnectionId: foreignConnection.id,
      userId: actor === 'admin' || actor === 'super' ? colleague.id : (me?.id ?? colleague.id),
      foreignCompanyId: foreignCompany.id,
      foreignUserId: foreignUser.id,
    }

    const own = entry.own(fixture)
    const response = await t.app.inject({
      method,
      url: own.url,
      headers,
      ...(own.payload !== undefined ? { payload: own.payload as object } : {}),
    })
    const allowed =
      actorRank[actor] >= rank[entry.access] && !entry.refusedByPolicy?.includes(actor)
    if (!allowed && actor === 'anonymous')
      expect([response.statusCode, response.json()]).toEqual([
        401,
        { error: 'ERR_SESSION_EXPIRED' },
      ])
    else if (!allowed)
      expect([response.statusCode, response.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    else expect(response.statusCode).toBe(entry.allowedStatus)

    if (entry.foreign && allowed && actor !== 'anonymous') {
      const foreign = entry.foreign(fixture)
      const foreignResponse = await t.app.inject({
        method,
        url: foreign.url,
        headers,
        ...(foreign.payload !== undefined ? { payload: foreign.payload as object } : {}),
      })
      if (actor === 'super' && superReachesForeign.has(key))
        expect(foreignResponse.statusCode).toBe(200)
      else expect(foreignResponse.statusCode).toBe(404)
    }
  })
})

/**
 * One malformed request per route that takes input, made by a super user (who passes every
 * guard): each answers 400 ERR_VALIDATION before any rule runs. Routes without input are listed
 * as such, so a new route has to choose.
 */
const malformed: Record<string, { url: string; payload?: unknown } | 'no input'> = {
  'POST /auth/login': { url: '/auth/login', payload: { email: 'x@y.test' } },
  'POST /auth/refresh_token': 'no input',
  'DELETE /auth/logout': 'no input',
  'GET /auth/me': 'no input',
  'POST /auth/signup': {
    url: '/auth/signup',
    payload: {
      name: 'Ana',
      email: 'not-an-email',
      password: 'secret12',
      companyName: 'X',
      planId: 1,
    },
  },
  'POST /auth/forgot-password': { url: '/auth/forgot-password', payload: {} },
  'POST /auth/reset-password': {
    url: '/auth/reset-password',
    payload: { token: 'short', password: 'abcdef' },
  },
  'GET /version': 'no input',
  'GET /users/': { url: '/users/?pageNumber=0' },
  'GET /users/list': 'no input',
  'GET /users/:id': { url: '/users/abc' },
  'POST /users': { url: '/users', payload: { name: 'Ana', email: 'ana@x.test' } },
  'PUT /users/:id': { url: '/users/1', payload: { defaultTheme: 'purple' } },
  'DELETE /users/:id': { url: '/users/0' },
  'POST /users/:id/media-upload': { url: '/users/-1/media-upload' },
  'PUT /users/toggleChangeWidht/:userId': {
    url: '/users/toggleChangeWidht/1',
    payload: { defaultTicketsManagerWidth: 'wide' },
  },
  'GET /companySettings/:id': { url: '/companySettings/x' },
  'GET /companySettingOne': { url: '/companySettingOne' },
  'PUT /companySettings': { url: '/companySettings', payload: { data: 'enabled' } },
  'GET /settings': 'no input',
  'PUT /settings/:key': { url: '/settings/appName', payload: { value: 'x'.repeat(4001) } },
  'GET /setting/:key': { url: `/setting/${'k'.repeat(65)}` },
  'GET /public-settings/:key': { url: `/public-settings/${'k'.repeat(65)}` },
  'GET /plans/list': 'no input',
  'GET /plans/all': 'no input',
  'GET /companies/listPlan/:id': { url: '/companies/listPlan/1.5' },
  'GET /queue': 'no input',
  'GET /whatsapp': 'no input',
  'GET /whatsapp/filter': { url: '/whatsapp/filter?channel=sms' },
  'GET /whatsapp/:id': { url: '/whatsapp/abc' },
  'GET /media/:companyId/*': { url: '/media/1/users/x.png' },
}

test('every route either takes no input or has a malformed case', () => {
  const routes = t.app.routeTable.map((route) => `${route.method} ${route.url}`)
  expect(routes.filter((route) => !(route in malformed))).toEqual([])
})

describe('malformed input answers 400 ERR_VALIDATION', () => {
  test.each(Object.entries(malformed).filter(([, request]) => request !== 'no input'))(
    '%s',
    async (key, request) => {
      if (request === 'no input') return
      const [method] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE']
      const operator = await buildUser(t.db, {
        company: await buildCompany(t.db),
        profile: 'admin',
        super: true,
      })
      const headers = await loginAs(t.app, operator)
      const response = await t.app.inject({
        method,
        url: request.url,
        headers,
        ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toBe('ERR_VALIDATION')
    },
  )
})
