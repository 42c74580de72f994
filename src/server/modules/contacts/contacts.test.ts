import ExcelJS from 'exceljs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ContactDetailDto, ContactList } from '@shared/contracts/contacts'
import {
  buildCompany,
  buildConnection,
  buildContact,
  buildTag,
  buildTicket,
  buildUser,
} from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { createTestDriver } from '@tests/helpers/test-driver'
import type { ChannelDriver } from '@server/channels/types'
import { normalizePhoneNumber } from '@shared/contacts/phone'
import { contactsRepository } from './contacts.repository'
import { searchOf } from './contacts.service'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

async function setSetting(companyId: number, column: string, value: string) {
  await t.db.execute(
    sql`UPDATE company_settings SET ${sql.identifier(column)} = ${value} WHERE "companyId" = ${companyId}`,
  )
}

async function team() {
  const company = await buildCompany(t.db)
  const admin = await buildUser(t.db, { company, profile: 'admin' })
  const agent = await buildUser(t.db, { company })
  return {
    company,
    admin,
    agent,
    asAdmin: await loginAs(t.app, admin),
    asAgent: await loginAs(t.app, agent),
  }
}

/** A whatsapp driver whose provider calls are recorded (the test app's Baileys is replaced). */
function fakeWhatsapp(extra: Partial<ChannelDriver> = {}) {
  const calls: string[] = []
  const driver: ChannelDriver = {
    ...createTestDriver().driver,
    setBlocked(_connection, chat, blocked) {
      calls.push(`${blocked ? 'block' : 'unblock'} ${chat.id}`)
      return Promise.resolve()
    },
    ...extra,
  }
  t.services.channels.register('whatsapp', driver)
  return calls
}

describe('normalizePhoneNumber', () => {
  test.each([
    ['+55 (11) 98888-7777', '5511988887777'],
    ['0055 11 98888 7777', '5511988887777'],
    // Area codes from 31 on keep the old 8-digit form in WhatsApp's JIDs.
    ['+55 31 98888-7777', '553188887777'],
    ['553188887777', '553188887777'],
    // An 8-digit mobile of an area that kept the 9 gets it.
    ['551188887777', '5511988887777'],
    ['5.511988887777E+12', '5511988887777'],
    ['+1 (415) 555-2671', '14155552671'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePhoneNumber(input)).toBe(expected)
  })

  test.each(['abc', '1234', '+55 11 98', '12345678901234567', 'x5511988887777'])(
    '%s is no number',
    (input) => {
      expect(normalizePhoneNumber(input)).toBeNull()
    },
  )
})

describe('GET /contacts', () => {
  test('searches name, number and e-mail without accents or case, in the company only', async () => {
    const { company, asAgent } = await team()
    await buildContact(t.db, company, { name: 'João Álvares', number: '5511911110001' })
    await buildContact(t.db, company, {
      name: 'Maria',
      number: '5511922220002',
      email: 'maria.souza@example.test',
    })
    await buildContact(t.db, company, { name: 'Pedro', number: '5511933330003' })
    const foreign = await buildCompany(t.db)
    await buildContact(t.db, foreign, { name: 'João Estrangeiro' })

    const search = async (text: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/contacts?searchParam=${encodeURIComponent(text)}`,
        headers: asAgent,
      })
      expect(res.statusCode).toBe(200)
      return res.json<ContactList>().contacts.map((contact) => contact.name)
    }
    expect(await search('joao alv')).toEqual(['João Álvares'])
    expect(await search('SOUZA@')).toEqual(['Maria'])
    expect(await search('3333-0003')).toEqual(['Pedro'])
    expect(await search('JOÃO')).toEqual(['João Álvares'])
  })

  test('filters by tag, group and channel, and pages by number and by cursor', async () => {
    const { company, asAgent } = await team()
    const names = ['Ana', 'Bia', 'Caio', 'Duda', 'Edu']
    const rows = []
    for (const name of names) rows.push(await buildContact(t.db, company, { name }))
    await buildContact(t.db, company, { name: 'Grupo', isGroup: true, number: '120363000000' })
    await buildContact(t.db, company, { name: 'Insta', channel: 'instagram', number: '99887766' })
    const vip = await buildTag(t.db, company, {
      name: 'VIP',
      color: '#ff0000',
      contacts: [rows[1]!, rows[3]!],
    })

    const list = (query: string) =>
      t.app
        .inject({ method: 'GET', url: `/contacts?${query}`, headers: asAgent })
        .then((res) => res.json<ContactList>())

    const tagged = await list(`contactTag=${encodeURIComponent(`[${vip.id}]`)}`)
    expect(tagged.contacts.map((c) => c.name)).toEqual(['Bia', 'Duda'])
    expect(tagged.contacts[0]!.tags).toEqual([{ id: vip.id, name: 'VIP', color: '#ff0000' }])
    expect((await list('isGroup=false')).contacts.map((c) => c.name)).not.toContain('Grupo')
    expect((await list('channel=instagram')).contacts.map((c) => c.name)).toEqual(['Insta'])

    const first = await list('isGroup=false&channel=whatsapp&limit=2')
    expect([first.contacts.map((c) => c.name), first.count, first.hasMore]).toEqual([
      ['Ana', 'Bia'],
      5,
      true,
    ])
    const second = await list(`isGroup=false&channel=whatsapp&limit=2&cursor=${first.nextCursor}`)
    expect(second.contacts.map((c) => c.name)).toEqual(['Caio', 'Duda'])
    const third = await list('isGroup=false&channel=whatsapp&limit=2&pageNumber=3')
    expect([third.contacts.map((c) => c.name), third.hasMore, third.nextCursor]).toEqual([
      ['Edu'],
      false,
      null,
    ])
  })

  test('a search pages the same whether the walk or the index finds the matches', async () => {
    const company = await buildCompany(t.db)
    for (let index = 0; index < 30; index++)
      await buildContact(t.db, company, {
        name: `${index % 3 === 0 ? 'Silva' : 'Souza'} ${String(index).padStart(2, '0')}`,
      })
    const pages = async (walk: number) => {
      const repo = contactsRepository(t.db, walk)
      const filter = { search: searchOf('silva') }
      const first = await repo.page(company.id, filter, { limit: 4, offset: 0, cursor: null })
      const last = first[3]!
      const next = await repo.page(company.id, filter, {
        limit: 4,
        offset: 0,
        cursor: { name: last.name, id: last.id },
      })
      const third = await repo.page(company.id, filter, { limit: 4, offset: 8, cursor: null })
      return [first, next, third].map((rows) => rows.map((row) => row.name))
    }
    const expected = [
      ['Silva 00', 'Silva 03', 'Silva 06', 'Silva 09', 'Silva 12'],
      ['Silva 12', 'Silva 15', 'Silva 18', 'Silva 21', 'Silva 24'],
      ['Silva 24', 'Silva 27'],
    ]
    // A walk of 1 row always falls back to the index; one of 1000 finds everything itself.
    expect(await pages(1)).toEqual(expected)
    expect(await pages(1000)).toEqual(expected)
  })

  test('malformed filters are validation errors', async () => {
    const { asAgent } = await team()
    const pastInt4 = Buffer.from(JSON.stringify(['Ana', 2_147_483_648])).toString('base64url')
    for (const url of [
      '/contacts?contactTag=[1',
      '/contacts?contactTag=[9999999999]',
      '/contacts?cursor=nope',
      `/contacts?cursor=${pastInt4}`,
      '/contacts?isGroup=x',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: asAgent })
      expect([url, res.statusCode, res.json<{ error: string }>().error]).toEqual([
        url,
        400,
        'ERR_VALIDATION',
      ])
    }
  })
})

describe('LGPD masking', () => {
  test('profile users get masked numbers everywhere when both switches are on; admins and groups do not', async () => {
    const { company, asAdmin, asAgent } = await team()
    const person = await buildContact(t.db, company, { name: 'Lia', number: '5511987654321' })
    await buildContact(t.db, company, { name: 'Turma', isGroup: true, number: '120363111222333' })
    await setSetting(company.id, 'enableLGPD', 'enabled')

    const numbers = async (headers: Record<string, string>) =>
      (
        await t.app
          .inject({ method: 'GET', url: '/contacts', headers })
          .then((r) => r.json<ContactList>())
      ).contacts.map((c) => c.number)
    // Hide-number alone or LGPD alone does not mask.
    expect(await numbers(asAgent)).toEqual(['5511987654321', '120363111222333'])

    await setSetting(company.id, 'lgpdHideNumber', 'enabled')
    expect(await numbers(asAgent)).toEqual(['55119******21', '120363111222333'])
    expect(await numbers(asAdmin)).toEqual(['5511987654321', '120363111222333'])

    const one = await t.app.inject({
      method: 'GET',
      url: `/contacts/${person.id}`,
      headers: asAgent,
    })
    expect(one.json<ContactDetailDto>().number).toBe('55119******21')
    const picker = await t.app.inject({
      method: 'GET',
      url: '/contacts/list?name=Lia',
      headers: asAgent,
    })
    expect(picker.json<{ number: string }[]>().map((c) => c.number)).toEqual(['55119******21'])

    // Saving the drawer with the masked number keeps the real one.
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/contacts/${person.id}`,
      headers: asAgent,
      payload: { name: 'Lia Souza', number: '55119******21' },
    })
    expect(saved.statusCode).toBe(200)
    const full = await t.app.inject({
      method: 'GET',
      url: `/contacts/${person.id}`,
      headers: asAdmin,
    })
    expect(full.json<ContactDetailDto>()).toMatchObject({
      name: 'Lia Souza',
      number: '5511987654321',
    })

    // The export is masked the same way.
    const sheet = await t.app.inject({ method: 'GET', url: '/contacts/export', headers: asAgent })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(sheet.rawPayload as unknown as ExcelJS.Buffer)
    const cells = workbook.worksheets[0]!.getColumn(2).values.slice(1)
    expect(cells).toEqual(['Número', '55119******21', '120363111222333'])
  })
})

describe('GET /contacts/export', () => {
  test('writes the filtered list to an xlsx sheet with numbers as text', async () => {
    const { company, asAdmin } = await team()
    const ana = await buildContact(t.db, company, {
      name: 'Ana',
      number: '5511900000001',
      email: 'ana@example.test',
    })
    await buildContact(t.db, company, { name: 'Bruno', number: '5511900000002' })
    // A push name anyone can set: it must not become a formula when the sheet is edited.
    await buildContact(t.db, company, { name: '=HYPERLINK("http://x")', number: '5511900000003' })
    await buildTag(t.db, company, { name: 'Cliente', color: '#00ff00', contacts: [ana] })

    const res = await t.app.inject({ method: 'GET', url: '/contacts/export', headers: asAdmin })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer)
    const sheet = workbook.worksheets[0]!
    const rows: unknown[][] = []
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
    expect(rows).toEqual([
      ['Nome', 'Número', 'Email', 'Tags'],
      [`'=HYPERLINK("http://x")`, '5511900000003', '', ''],
      ['Ana', '5511900000001', 'ana@example.test', 'Cliente'],
      ['Bruno', '5511900000002', '', ''],
    ])

    const filtered = await t.app.inject({
      method: 'GET',
      url: '/contacts/export?searchParam=brun',
      headers: asAdmin,
    })
    const again = new ExcelJS.Workbook()
    await again.xlsx.load(filtered.rawPayload as unknown as ExcelJS.Buffer)
    expect(again.worksheets[0]!.rowCount).toBe(2)
  })
})

describe('POST /contacts and PUT /contacts/{id}', () => {
  test('stores the number as E.164 digits and refuses a duplicate', async () => {
    const { asAgent } = await team()
    const created = await t.app.inject({
      method: 'POST',
      url: '/contacts',
      headers: asAgent,
      payload: {
        name: 'Carlos',
        number: '+55 (11) 98888-7777',
        email: 'carlos@example.test',
        extraInfo: [{ name: 'CPF', value: '123' }],
        companyId: 999,
      },
    })
    expect(created.statusCode).toBe(200)
    const contact = created.json<ContactDetailDto>()
    expect(contact).toMatchObject({
      name: 'Carlos',
      number: '5511988887777',
      email: 'carlos@example.test',
      channel: 'whatsapp',
      acceptAudioMessage: true,
      extraInfo: [{ name: 'CPF', value: '123' }],
    })

    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/contacts',
      headers: asAgent,
      // The same person without the 9th digit.
      payload: { name: 'Carlos de novo', number: '551188887777' },
    })
    expect([duplicate.statusCode, duplicate.json()]).toEqual([
      409,
      { error: 'ERR_DUPLICATED_CONTACT' },
    ])
  })

  test('validates name, number and e-mail', async () => {
    const { asAgent } = await team()
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'A', number: '5511988880000' }, 'name'],
      [{ name: 'x'.repeat(251), number: '5511988880000' }, 'name'],
      [{ name: 'Ana', number: '1234' }, 'number'],
      [{ name: 'Ana', number: 'abcdefghij' }, 'number'],
      [{ name: 'Ana', number: '5511988880000', email: 'not-an-email' }, 'email'],
    ]
    for (const [payload, field] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/contacts',
        headers: asAgent,
        payload,
      })
      expect([res.statusCode, res.json<{ error: string; field?: string }>()]).toMatchObject([
        400,
        { error: 'ERR_VALIDATION', field: expect.stringContaining(field) as string },
      ])
    }
    // The spec's other reading of the name limit (250) is accepted.
    const long = await t.app.inject({
      method: 'POST',
      url: '/contacts',
      headers: asAgent,
      payload: { name: 'n'.repeat(250), number: '5511988880001' },
    })
    expect(long.statusCode).toBe(200)
  })

  test('updates fields, replaces extra info and refuses another contact’s number', async () => {
    const { company, asAgent } = await team()
    const other = await buildContact(t.db, company, { number: '5511977776666' })
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/contacts',
        headers: asAgent,
        payload: {
          name: 'Dora',
          number: '5511955554444',
          extraInfo: [
            { name: 'A', value: '1' },
            { name: 'B', value: '2' },
          ],
        },
      })
    ).json<ContactDetailDto>()
    const keep = created.extraInfo.find((item) => item.name === 'A')!
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/contacts/${created.id}`,
      headers: asAgent,
      payload: {
        name: 'Dora Lima',
        email: 'dora@example.test',
        disableBot: true,
        extraInfo: [
          { id: keep.id, name: 'A', value: '10' },
          { name: 'C', value: '3' },
        ],
      },
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json<ContactDetailDto>()).toMatchObject({
      name: 'Dora Lima',
      email: 'dora@example.test',
      disableBot: true,
      extraInfo: [
        { id: keep.id, name: 'A', value: '10' },
        { name: 'C', value: '3' },
      ],
    })
    const taken = await t.app.inject({
      method: 'PUT',
      url: `/contacts/${created.id}`,
      headers: asAgent,
      payload: { number: other.number },
    })
    expect([taken.statusCode, taken.json()]).toEqual([409, { error: 'ERR_DUPLICATED_CONTACT' }])
  })

  test('another company’s contact is not found', async () => {
    const { asAdmin } = await team()
    const foreign = await buildContact(t.db, await buildCompany(t.db))
    for (const [method, url, payload] of [
      ['GET', `/contacts/${foreign.id}`, undefined],
      ['PUT', `/contacts/${foreign.id}`, { name: 'Hijack' }],
      ['DELETE', `/contacts/${foreign.id}`, undefined],
      ['PUT', `/contacts/block/${foreign.id}`, { active: false }],
      ['PUT', `/contacts/toggleDisableBot/${foreign.id}`, undefined],
      ['PUT', `/contacts/toggleAcceptAudio/${foreign.id}`, undefined],
      ['GET', `/contactTags/${foreign.id}`, undefined],
      ['POST', '/tags/sync', { contactId: foreign.id, tags: [] }],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: asAdmin, payload })
      expect([url, res.statusCode, res.json()]).toEqual([
        url,
        404,
        { error: 'ERR_NO_CONTACT_FOUND' },
      ])
    }
  })
})

describe('DELETE /contacts/{id}', () => {
  test('needs contacts-page:deleteContact and removes the contact with its tickets', async () => {
    const { company, asAdmin, asAgent } = await team()
    const ticket = await buildTicket(t.db, company, { status: 'open' })
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/contacts/${ticket.contactId}`,
      headers: asAgent,
    })
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/contacts/${ticket.contactId}`,
      headers: asAdmin,
    })
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'Contact deleted' }])
    const gone = await t.app.inject({
      method: 'GET',
      url: `/tickets/${ticket.id}`,
      headers: asAdmin,
    })
    expect(gone.statusCode).toBe(404)
  })
})

describe('block, unblock and toggles', () => {
  test('blocks on WhatsApp through the contact’s connected session and keeps the flag', async () => {
    const { company, asAgent } = await team()
    const calls = fakeWhatsapp()
    const connection = await buildConnection(t.db, company, {
      status: 'CONNECTED',
      isDefault: true,
    })
    const contact = await buildContact(t.db, company, {
      number: '5511944443333',
      whatsappId: connection.id,
    })
    const blocked = await t.app.inject({
      method: 'PUT',
      url: `/contacts/block/${contact.id}`,
      headers: asAgent,
      payload: { active: false },
    })
    expect([blocked.statusCode, blocked.json<ContactDetailDto>().active]).toEqual([200, false])
    const unblocked = await t.app.inject({
      method: 'PUT',
      url: `/contacts/block/${contact.id}`,
      headers: asAgent,
      payload: { active: true },
    })
    expect(unblocked.json<ContactDetailDto>().active).toBe(true)
    expect(calls).toEqual(['block 5511944443333', 'unblock 5511944443333'])

    const invalid = await t.app.inject({
      method: 'PUT',
      url: `/contacts/block/${contact.id}`,
      headers: asAgent,
      payload: { active: 'no' },
    })
    expect(invalid.statusCode).toBe(400)
  })

  test('a provider refusal is an error and leaves the flag', async () => {
    const { company, asAgent } = await team()
    const { ChannelError } = await import('@server/channels/types')
    fakeWhatsapp({
      setBlocked: () => Promise.reject(new ChannelError('ERR_PROVIDER_UNAVAILABLE', true)),
    })
    const connection = await buildConnection(t.db, company, {
      status: 'CONNECTED',
      isDefault: true,
    })
    const contact = await buildContact(t.db, company, { whatsappId: connection.id })
    const res = await t.app.inject({
      method: 'PUT',
      url: `/contacts/block/${contact.id}`,
      headers: asAgent,
      payload: { active: false },
    })
    expect([res.statusCode, res.json()]).toEqual([502, { error: 'ERR_PROVIDER_UNAVAILABLE' }])
    const after = await t.app.inject({
      method: 'GET',
      url: `/contacts/${contact.id}`,
      headers: asAgent,
    })
    expect(after.json<ContactDetailDto>().active).toBe(true)
  })

  test('toggles flip disableBot and acceptAudioMessage', async () => {
    const { company, asAgent } = await team()
    const contact = await buildContact(t.db, company)
    const bot = await t.app.inject({
      method: 'PUT',
      url: `/contacts/toggleDisableBot/${contact.id}`,
      headers: asAgent,
    })
    expect(bot.json<ContactDetailDto>().disableBot).toBe(true)
    const audio = await t.app.inject({
      method: 'PUT',
      url: `/contacts/toggleAcceptAudio/${contact.id}`,
      headers: asAgent,
    })
    expect(audio.json<ContactDetailDto>().acceptAudioMessage).toBe(false)
  })
})

describe('GET /contacts/profile/{number}', () => {
  test('asks the connection’s driver once a day and answers our stored copy', async () => {
    const { company, asAgent } = await team()
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    )
    let asked = 0
    fakeWhatsapp({
      profilePicture: () => {
        asked += 1
        return Promise.resolve(`data:image/png;base64,${png.toString('base64')}`)
      },
    })
    const connection = await buildConnection(t.db, company, {
      status: 'CONNECTED',
      isDefault: true,
    })
    const contact = await buildContact(t.db, company, {
      number: '5511912341234',
      whatsappId: connection.id,
    })
    const first = await t.app.inject({
      method: 'GET',
      url: '/contacts/profile/5511912341234',
      headers: asAgent,
    })
    const body = first.json<{ contactId: number; urlPicture: string; profilePicUrl: string }>()
    expect(body.contactId).toBe(contact.id)
    expect(body.urlPicture).toMatch(new RegExp(`^/media/${company.id}/contacts/[0-9a-f]+\\.png\\?`))
    const second = await t.app.inject({
      method: 'GET',
      url: '/contacts/profile/+55%2011%2091234-1234',
      headers: asAgent,
    })
    expect(second.json<{ urlPicture: string }>().urlPicture).toBe(body.urlPicture)
    expect(asked).toBe(1)

    const unknown = await t.app.inject({
      method: 'GET',
      url: '/contacts/profile/5511900000000',
      headers: asAgent,
    })
    expect(unknown.json()).toEqual({ contactId: 0, urlPicture: '', profilePicUrl: '' })
  })
})

describe('contact tags', () => {
  test('POST /tags/sync replaces the contact’s tags, creating typed ones', async () => {
    const { company, asAgent } = await team()
    const contact = await buildContact(t.db, company)
    await buildTag(t.db, company, { name: 'Antiga', color: '#111111', contacts: [contact] })
    const keep = await buildTag(t.db, company, {
      name: 'Mantida',
      color: '#222222',
      contacts: [contact],
    })
    const res = await t.app.inject({
      method: 'POST',
      url: '/tags/sync',
      headers: asAgent,
      payload: { contactId: contact.id, tags: [{ id: keep.id }, { name: 'Nova' }] },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<{ tags: { name: string }[] }>().tags.map((tag) => tag.name)).toEqual([
      'Mantida',
      'Nova',
    ])
    const read = await t.app.inject({
      method: 'GET',
      url: `/contactTags/${contact.id}`,
      headers: asAgent,
    })
    expect(read.json<{ tags: { name: string; color: string }[] }>().tags).toEqual([
      { id: keep.id, name: 'Mantida', color: '#222222' },
      {
        id: expect.any(Number) as number,
        name: 'Nova',
        color: expect.stringMatching(/^#[0-9a-f]{6}$/) as string,
      },
    ])

    const short = await t.app.inject({
      method: 'POST',
      url: '/tags/sync',
      headers: asAgent,
      payload: { contactId: contact.id, tags: [{ name: 'ab' }] },
    })
    expect(short.statusCode).toBe(400)
    const blank = await t.app.inject({
      method: 'POST',
      url: '/tags/sync',
      headers: asAgent,
      payload: { contactId: contact.id, tags: [{ name: '     ' }, { name: ' a  ' }] },
    })
    expect(blank.statusCode).toBe(400)
    const foreignTag = await buildTag(t.db, await buildCompany(t.db), { name: 'Alheia' })
    const refused = await t.app.inject({
      method: 'POST',
      url: '/tags/sync',
      headers: asAgent,
      payload: { contactId: contact.id, tags: [{ id: foreignTag.id }] },
    })
    expect([refused.statusCode, refused.json()]).toEqual([404, { error: 'ERR_NO_TAG_FOUND' }])
  })
})
