import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildCompany, buildConnection, buildTicket, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'

/**
 * Every keyset list reads its cursor with the one codec (`lib/keyset-cursor.ts`) and its id lists
 * with `parseIdList`: a malformed or out-of-range value is a 400 naming the field, never an SQL
 * error. Asked as an admin, who may show all tickets and so reaches every list and queue filter.
 */
let t: TestApp
let headers: Record<string, string>
let ticketId: number

beforeAll(async () => {
  t = await buildTestApp()
  const company = await buildCompany(t.db)
  const admin = await buildUser(t.db, { company, profile: 'admin' })
  const connection = await buildConnection(t.db, company, { status: 'CONNECTED' })
  ticketId = (await buildTicket(t.db, company, { connection, status: 'open', userId: admin.id })).id
  headers = await loginAs(t.app, admin)
})
afterAll(() => t.close())

const tupleOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const beyondInt4 = 2_147_483_648

/** Each list with a cursor of its own kind whose id no integer column holds. */
const lists = [
  {
    name: 'GET /tickets',
    url: () => '/tickets',
    outOfRange: tupleOf(['2026-11-20T10:00:00.000000Z', beyondInt4]),
  },
  {
    name: 'GET /messages/{ticketId}',
    url: () => `/messages/${ticketId}`,
    outOfRange: tupleOf(['2026-11-20T10:00:00.000000', beyondInt4]),
  },
  { name: 'GET /contacts', url: () => '/contacts', outOfRange: tupleOf(['Ana', beyondInt4]) },
  { name: 'GET /tags', url: () => '/tags', outOfRange: tupleOf(['Ana', beyondInt4]) },
]

describe('a cursor the list did not make is 400 ERR_VALIDATION on field cursor', () => {
  test.each(lists)('$name', async ({ url, outOfRange }) => {
    for (const cursor of [
      'nope',
      outOfRange,
      tupleOf([1, 'Ana']),
      tupleOf(['2026-11-20T10:00:00.000000Z', 1, 2]),
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `${url()}?cursor=${cursor}`, headers })
      expect([cursor, res.statusCode, res.json()]).toEqual([
        cursor,
        400,
        { error: 'ERR_VALIDATION', field: 'cursor' },
      ])
    }
  })

  test("a ticket list's cursor is not a message history's", async () => {
    const ticketCursor = tupleOf(['2026-11-20T10:00:00.000000Z', 1])
    const res = await t.app.inject({
      method: 'GET',
      url: `/messages/${ticketId}?cursor=${ticketCursor}`,
      headers,
    })
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'cursor' },
    ])
  })
})

test('GET /messages/{ticketId} with a queue id beyond the integer range is 400 on selectedQueues', async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/messages/${ticketId}?selectedQueues=[3000000000]`,
    headers,
  })
  expect([res.statusCode, res.json()]).toEqual([
    400,
    { error: 'ERR_VALIDATION', field: 'selectedQueues' },
  ])
})
