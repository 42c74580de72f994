import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { useTenant } from '@tests/helpers/tenant'
import { contacts } from '@server/modules/contacts/contacts.table'

const t = useTenant()

const failure = (response: { statusCode: number; json(): unknown }) => [
  response.statusCode,
  response.json(),
]

describe('text PostgreSQL cannot store', () => {
  test('is a 400 naming its field, in a body, a query or a path, and nothing is stored', async () => {
    const { company, asAdmin } = await t.team()
    const created = await t.app.inject({
      method: 'POST',
      url: '/contacts',
      headers: asAdmin,
      payload: { name: 'Nul\u0000Byte', number: '5511988887777' },
    })
    expect(failure(created)).toEqual([400, { error: 'ERR_VALIDATION', field: 'name' }])
    expect(await t.db.$count(contacts, eq(contacts.companyId, company.id))).toBe(0)
    const note = await t.app.inject({
      method: 'POST',
      url: '/tags',
      headers: asAdmin,
      payload: { name: 'half \ud800 pair', color: '#FF0000' },
    })
    expect(failure(note)).toEqual([400, { error: 'ERR_VALIDATION', field: 'name' }])
    const search = await t.app.inject({
      method: 'GET',
      url: '/contacts?searchParam=%00',
      headers: asAdmin,
    })
    expect(failure(search)).toEqual([400, { error: 'ERR_VALIDATION', field: 'searchParam' }])
    const path = await t.app.inject({ method: 'GET', url: '/contacts/%00', headers: asAdmin })
    expect(path.statusCode).toBe(400)
  })

  test('whole surrogate pairs and accents pass', async () => {
    const { asAdmin } = await t.team()
    const created = await t.app.inject({
      method: 'POST',
      url: '/contacts',
      headers: asAdmin,
      payload: { name: 'Conceição \u{1F44D}', number: '5511988887777' },
    })
    expect(created.statusCode).toBe(200)
    expect(created.json()).toMatchObject({ name: 'Conceição \u{1F44D}' })
  })
})
