import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Access } from '@server/plugins/auth'
import { automation } from './matrix/automation'
import { channels } from './matrix/channels'
import { contacts } from './matrix/contacts'
import { flows } from './matrix/flows'
import { foundation } from './matrix/foundation'
import { insight } from './matrix/insight'
import { messageImport } from './matrix/message-import'
import { messages } from './matrix/messages'
import { outbound } from './matrix/outbound'
import { platform } from './matrix/platform'
import { queues } from './matrix/queues'
import { tickets } from './matrix/tickets'
import type { Actor, Entry, Fixture, Malformed } from './matrix/types'
import {
  buildChatbot,
  buildCompany,
  buildConnection,
  buildMessage,
  buildQueue,
  buildTicket,
  buildUser,
} from '../factories'
import { loginAs } from '../helpers/auth'
import { buildTestApp, type TestApp } from '../helpers/test-app'

/**
 * Every route of the server must appear here with the access it declares. Each is called by an
 * anonymous visitor, a plain user, an admin and a super user of their own company, and, where it
 * takes an id, with another company's id. Adding a route without an entry fails this test.
 */
const parts = [
  foundation,
  tickets,
  messages,
  channels,
  contacts,
  platform,
  queues,
  messageImport,
  automation,
  flows,
  outbound,
  insight,
]
const matrix: Record<string, Entry> = Object.assign({}, ...parts.map((part) => part.entries))
const malformed: Malformed = Object.assign({}, ...parts.map((part) => part.malformed))

const rank: Record<Access, number> = { public: 0, user: 1, admin: 2, super: 3 }
const actorRank: Record<Actor, number> = { anonymous: 0, user: 1, admin: 2, super: 3 }
/** Super-user routes that may reach any company: for everyone else a foreign id is simply not found. */
const superReachesForeign = new Set([
  'GET /companySettings/:id',
  'GET /companies/listPlan/:id',
  'GET /companies/:id',
  'PUT /companies/:id/schedules',
  'GET /plans/:id',
  'GET /whatsapp-admin/:id',
  'PUT /whatsapp-admin/:id',
  'DELETE /whatsapp-admin/:id',
  'DELETE /whatsappsession/admin/:id',
])

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
    const ticket = await buildTicket(t.db, company, {
      connection,
      status: 'open',
      userId: me?.id ?? colleague.id,
    })
    const foreignTicket = await buildTicket(t.db, foreignCompany, { connection: foreignConnection })
    const message = await buildMessage(t.db, ticket)
    const foreignMessage = await buildMessage(t.db, foreignTicket)
    const queue = await buildQueue(t.db, company)
    const foreignQueue = await buildQueue(t.db, foreignCompany)
    const option = await buildChatbot(t.db, company, queue)
    const foreignOption = await buildChatbot(t.db, foreignCompany, foreignQueue)
    const fixture: Fixture = {
      companyId: company.id,
      ticketId: ticket.id,
      ticketUuid: ticket.uuid,
      contactId: ticket.contactId,
      messageId: message.id,
      foreignTicketId: foreignTicket.id,
      foreignTicketUuid: foreignTicket.uuid,
      foreignContactId: foreignTicket.contactId,
      foreignMessageId: foreignMessage.id,
      connectionId: connection.id,
      queueId: queue.id,
      foreignQueueId: foreignQueue.id,
      chatbotId: option.id,
      foreignChatbotId: foreignOption.id,
      foreignConnectionId: foreignConnection.id,
      planId: company.plan.id,
      foreignPlanId: foreignCompany.plan.id,
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
