import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type {
  ContactListDto,
  ContactListItemDto,
  ContactListItemPage,
  ContactListPage,
  ContactListUploadResult,
} from '@shared/contracts/contact-lists'
import type { ChannelDriver } from '@server/channels/types'
import { buildCompany, buildConnection, buildPlan, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { multipart } from '@tests/helpers/messages'
import { createTestDriver } from '@tests/helpers/test-driver'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
type Headers = Record<string, string>
const inject = (method: Method, url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })
const failure = (response: { statusCode: number; json(): unknown }) => [
  response.statusCode,
  response.json(),
]

async function team() {
  const company = await buildCompany(t.db)
  return {
    company,
    asAdmin: await loginAs(t.app, await buildUser(t.db, { company, profile: 'admin' })),
    asAgent: await loginAs(t.app, await buildUser(t.db, { company })),
  }
}

const createList = async (headers: Headers, name: string) => {
  const response = await inject('POST', '/contact-lists', headers, { name })
  expect(response.statusCode).toBe(200)
  return response.json<ContactListDto>()
}

const addItem = async (headers: Headers, contactListId: number, item: object) => {
  const response = await inject('POST', '/contact-list-items', headers, { ...item, contactListId })
  expect(response.statusCode).toBe(200)
  return response.json<ContactListItemDto>()
}

const items = async (headers: Headers, contactListId: number, search = '') =>
  (
    await inject(
      'GET',
      `/contact-list-items?contactListId=${contactListId}&searchParam=${encodeURIComponent(search)}`,
      headers,
    )
  ).json<ContactListItemPage>()

async function sheet(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const worksheet = workbook.addWorksheet('Lista')
  for (const row of rows) worksheet.addRow(row)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

const upload = async (headers: Headers, id: number, content: Buffer, filename = 'lista.xlsx') => {
  const form = await multipart([['file', content, filename]])
  return t.app.inject({
    method: 'POST',
    url: `/contact-lists/${id}/upload`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  })
}

/** WhatsApp as the default connection's session answers: numbers ending 0000 have no account. */
function answeringWhatsapp(): ChannelDriver {
  return {
    ...createTestDriver().driver,
    checkNumber: (_connection, number) =>
      Promise.resolve(
        number.endsWith('0000')
          ? { exists: false, number }
          : { exists: true, number: number.replace(/^5531(9)/, '5531') },
      ),
  }
}

const checked = () => t.deps.jobs.settled(['contact-lists.check'])

describe('contact lists', () => {
  test('create, rename, read, count and delete; names are unique in any case', async () => {
    const { asAdmin } = await team()
    const list = await createList(asAdmin, '  Clientes VIP ')
    expect(list).toMatchObject({ name: 'Clientes VIP', contactsCount: 0 })
    expect(
      failure(await inject('POST', '/contact-lists', asAdmin, { name: 'clientes vip' })),
    ).toEqual([409, { error: 'ERR_DUPLICATED_CONTACT_LIST', field: 'name' }])
    expect(failure(await inject('POST', '/contact-lists', asAdmin, { name: 'x' }))).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'name' },
    ])
    const renamed = await inject('PUT', `/contact-lists/${list.id}`, asAdmin, { name: 'Ouro' })
    expect(renamed.json<ContactListDto>().name).toBe('Ouro')
    await addItem(asAdmin, list.id, { name: 'Ana', number: '5511987654321' })
    await addItem(asAdmin, list.id, { name: 'Bia', number: '5511987654322', email: 'b@x.com' })
    expect((await inject('GET', `/contact-lists/${list.id}`, asAdmin)).json()).toMatchObject({
      contactsCount: 2,
      uncheckedCount: 2,
      validCount: 0,
    })
    const page = (
      await inject('GET', '/contact-lists?searchParam=our', asAdmin)
    ).json<ContactListPage>()
    expect(page.records.map((row) => [row.name, row.contactsCount])).toEqual([['Ouro', 2]])
    expect(
      (await inject('GET', '/contact-lists/list', asAdmin)).json<ContactListDto[]>(),
    ).toHaveLength(1)
    expect((await inject('DELETE', `/contact-lists/${list.id}`, asAdmin)).json()).toEqual({
      message: 'Contact list deleted',
    })
    expect(
      failure(await inject('GET', `/contact-list-items?contactListId=${list.id}`, asAdmin)),
    ).toEqual([404, { error: 'ERR_NO_CONTACTLIST_FOUND' }])
  })

  test('items: the spec validations, a number once per list, search by name or number', async () => {
    const { asAdmin } = await team()
    const list = await createList(asAdmin, 'Leads')
    const bad = (item: object) =>
      inject('POST', '/contact-list-items', asAdmin, { ...item, contactListId: list.id })
    expect(failure(await bad({ name: 'A', number: '5511987654321' }))).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'name' },
    ])
    expect(failure(await bad({ name: 'Ana', number: '1234' }))).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'number' },
    ])
    expect(failure(await bad({ name: 'Ana', number: '5511987654321', email: 'ana@' }))).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'email' },
    ])
    const ana = await addItem(asAdmin, list.id, { name: 'Ana', number: '+55 (11) 98765-4321' })
    expect(ana).toMatchObject({ number: '5511987654321', email: '', isWhatsappValid: null })
    const again = await addItem(asAdmin, list.id, { name: 'Outra', number: '5511987654321' })
    expect(again).toEqual(ana)
    const bia = await addItem(asAdmin, list.id, { name: 'Bia', number: '5521912345678' })
    expect((await items(asAdmin, list.id, 'bi')).contacts.map((item) => item.id)).toEqual([bia.id])
    expect((await items(asAdmin, list.id, '2191')).contacts.map((item) => item.id)).toEqual([
      bia.id,
    ])
    expect(
      failure(
        await inject('PUT', `/contact-list-items/${bia.id}`, asAdmin, {
          name: 'Bia',
          number: '5511987654321',
        }),
      ),
    ).toEqual([409, { error: 'ERR_DUPLICATED_CONTACT', field: 'number' }])
    const renamed = await inject('PUT', `/contact-list-items/${bia.id}`, asAdmin, {
      name: 'Beatriz',
      number: '5521912345678',
      email: 'bia@exemplo.com',
    })
    expect(renamed.json<ContactListItemDto>()).toMatchObject({
      name: 'Beatriz',
      email: 'bia@exemplo.com',
    })
    expect((await inject('DELETE', `/contact-list-items/${bia.id}`, asAdmin)).statusCode).toBe(200)
    expect(failure(await inject('GET', `/contact-list-items/${bia.id}`, asAdmin))).toEqual([
      404,
      { error: 'ERR_NO_CONTACTLISTITEM_FOUND' },
    ])
  })

  test('an upload adds every valid row at once and reports the others by sheet row', async () => {
    const { asAdmin } = await team()
    const list = await createList(asAdmin, 'Planilha')
    await addItem(asAdmin, list.id, { name: 'Já estava', number: '5511911110001' })
    const content = await sheet([
      ['Nome', 'Número', 'E-mail'],
      ['Ana', '5511911110001', ''],
      ['Bia', '+55 (11) 91111-0002', 'bia@exemplo.com'],
      ['', '5511911110003', ''],
      ['Caio', '12', ''],
      ['Duda', '5511911110004', 'duda@'],
      ['Eva', '5511911110002', ''],
      ['Fábio', '5521911110005', ''],
    ])
    const response = await upload(asAdmin, list.id, content)
    expect(response.json()).toEqual({
      total: 7,
      added: 2,
      existing: 1,
      rejected: [
        { row: 4, problem: 'missingName', name: '', number: '5511911110003' },
        { row: 5, problem: 'invalidNumber', name: 'Caio', number: '12' },
        { row: 6, problem: 'invalidEmail', name: 'Duda', number: '5511911110004' },
        { row: 7, problem: 'duplicateInFile', name: 'Eva', number: '5511911110002' },
      ],
    } satisfies ContactListUploadResult)
    expect((await items(asAdmin, list.id)).contacts.map((item) => item.name)).toEqual([
      'Bia',
      'Fábio',
      'Já estava',
    ])
  })

  test('the example sheet uploads as it is; csv is read, other files are refused', async () => {
    const { asAdmin } = await team()
    const list = await createList(asAdmin, 'Exemplo')
    const example = await inject('GET', '/contact-lists/example-sheet', asAdmin)
    expect(example.headers['content-disposition']).toContain('planilha-exemplo.xlsx')
    const added = await upload(asAdmin, list.id, example.rawPayload)
    expect(added.json<ContactListUploadResult>()).toMatchObject({
      total: 2,
      added: 2,
      rejected: [],
    })
    const csv = Buffer.from('nome;numero\nGil;5511933334444\n')
    expect((await upload(asAdmin, list.id, csv, 'lista.csv')).json()).toMatchObject({ added: 1 })
    expect(failure(await upload(asAdmin, list.id, csv, 'lista.pdf'))).toEqual([
      400,
      { error: 'ERR_INVALID_FILE' },
    ])
    const noNumber = await sheet([
      ['nome', 'cidade'],
      ['Ana', 'Recife'],
    ])
    expect(failure(await upload(asAdmin, list.id, noNumber))).toEqual([
      400,
      { error: 'ERR_INVALID_FILE' },
    ])
  })

  test('numbers are checked with WhatsApp in the background, with progress events', async () => {
    const { company, asAdmin } = await team()
    await buildConnection(t.db, company, { status: 'CONNECTED', isDefault: true })
    t.services.channels.register('whatsapp', answeringWhatsapp())
    const emit = vi.spyOn(t.deps.realtime, 'emit')
    const list = await createList(asAdmin, 'Checagem')
    const content = await sheet([
      ['nome', 'numero'],
      ['Ana', '5531988887777'],
      ['Bia', '5511911110000'],
    ])
    await upload(asAdmin, list.id, content)
    await checked()
    const events = emit.mock.calls.filter(([, , kind]) => kind === 'ContactListItem')
    emit.mockRestore()
    const found = (await items(asAdmin, list.id)).contacts
    expect(found.map((item) => [item.name, item.number, item.isWhatsappValid])).toEqual([
      ['Ana', '553188887777', true],
      ['Bia', '5511911110000', false],
    ])
    expect(events.map(([, , , payload]) => payload)).toContainEqual({
      action: 'progress',
      progress: { contactListId: list.id, total: 2, checked: 2, invalid: 1, done: true },
    })
    expect((await inject('GET', `/contact-lists/${list.id}`, asAdmin)).json()).toMatchObject({
      validCount: 1,
      invalidCount: 1,
      uncheckedCount: 0,
    })
  })

  test('without a connected session that can ask, numbers stay unchecked, never guessed', async () => {
    const { company, asAdmin } = await team()
    await buildConnection(t.db, company, { status: 'DISCONNECTED', isDefault: true })
    const list = await createList(asAdmin, 'Sem sessão')
    await addItem(asAdmin, list.id, { name: 'Ana', number: '5511987654321' })
    await checked()
    expect((await items(asAdmin, list.id)).contacts[0]!.isWhatsappValid).toBeNull()
  })

  test('admins of plans with campaigns only; another company is not found', async () => {
    const { asAdmin, asAgent } = await team()
    const list = await createList(asAdmin, 'Minha')
    const item = await addItem(asAdmin, list.id, { name: 'Ana', number: '5511987654321' })
    expect(failure(await inject('GET', '/contact-lists', asAgent))).toEqual([
      403,
      { error: 'ERR_NO_PERMISSION' },
    ])
    const noCampaigns = await buildCompany(t.db, {
      plan: await buildPlan(t.db, { useCampaigns: false }),
    })
    const asPlainAdmin = await loginAs(
      t.app,
      await buildUser(t.db, { company: noCampaigns, profile: 'admin' }),
    )
    expect(failure(await inject('GET', '/contact-lists', asPlainAdmin))).toEqual([
      403,
      { error: 'ERR_NO_PERMISSION' },
    ])
    const stranger = await team()
    for (const [method, url, payload, code] of [
      ['GET', `/contact-lists/${list.id}`, undefined, 'ERR_NO_CONTACTLIST_FOUND'],
      ['PUT', `/contact-lists/${list.id}`, { name: 'Tomada' }, 'ERR_NO_CONTACTLIST_FOUND'],
      ['DELETE', `/contact-lists/${list.id}`, undefined, 'ERR_NO_CONTACTLIST_FOUND'],
      [
        'GET',
        `/contact-list-items?contactListId=${list.id}`,
        undefined,
        'ERR_NO_CONTACTLIST_FOUND',
      ],
      [
        'POST',
        '/contact-list-items',
        { name: 'Intrusa', number: '5511900000001', contactListId: list.id },
        'ERR_NO_CONTACTLIST_FOUND',
      ],
      ['GET', `/contact-list-items/${item.id}`, undefined, 'ERR_NO_CONTACTLISTITEM_FOUND'],
      [
        'PUT',
        `/contact-list-items/${item.id}`,
        { name: 'X', number: '5511900000001' },
        'ERR_VALIDATION',
      ],
      ['DELETE', `/contact-list-items/${item.id}`, undefined, 'ERR_NO_CONTACTLISTITEM_FOUND'],
    ] as const)
      expect(
        (await inject(method, url, stranger.asAdmin, payload)).json<{ error: string }>().error,
      ).toBe(code)
    expect(
      failure(await upload(stranger.asAdmin, list.id, await sheet([['nome', 'numero']]))),
    ).toEqual([404, { error: 'ERR_NO_CONTACTLIST_FOUND' }])
    expect((await items(asAdmin, list.id)).contacts.map((row) => row.name)).toEqual(['Ana'])
  })
})
