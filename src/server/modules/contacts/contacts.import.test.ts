import ExcelJS from 'exceljs'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type {
  ContactDto,
  ImportJobDetailDto,
  ImportJobDto,
  UploadPreviewDto,
} from '@shared/contracts/contacts'
import { buildCompany, buildConnection, buildContact, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { createTestDriver } from '@tests/helpers/test-driver'
import { ChannelError, type ChannelDriver } from '@server/channels/types'
import { contactTags, tags } from '../tags/tags.table'
import { contacts } from './contacts.table'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

async function team() {
  const company = await buildCompany(t.db)
  const agent = await buildUser(t.db, { company })
  return { company, agent, asAgent: await loginAs(t.app, agent) }
}

function multipart(content: Buffer, filename: string, field = 'file') {
  const boundary = '----atende-test-boundary'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

async function xlsx(rows: (string | number | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Planilha')
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** Polls the job until it finished. */
async function finished(headers: Record<string, string>, job: ImportJobDto) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/contacts/import/jobs/${job.id}`,
      headers,
    })
    const detail = res.json<ImportJobDetailDto>()
    if (detail.status !== 'running') return detail
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('import did not finish')
}

async function upload(headers: Record<string, string>, content: Buffer, filename: string) {
  const form = multipart(content, filename)
  return t.app.inject({
    method: 'POST',
    url: '/contacts/upload',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  })
}

const contactsOf = (companyId: number) =>
  t.db
    .select({ name: contacts.name, number: contacts.number, email: contacts.email })
    .from(contacts)
    .where(eq(contacts.companyId, companyId))
    .orderBy(contacts.number)

describe('POST /contacts/upload', () => {
  test('imports an xlsx sheet by its headers: +55 numbers, duplicates, missing values, tags', async () => {
    const { company, asAgent } = await team()
    await buildContact(t.db, company, { name: 'Antigo', number: '5511900000003' })
    const file = await xlsx([
      ['Nome', 'Número', 'E-mail', 'Tags'],
      ['Ana', '+55 (11) 90000-0001', 'ana@example.test', 'Cliente, VIP'],
      // A number cell, as Excel stores typed numbers.
      ['Bruno', 5511900000002, null, null],
      ['Atualizado', '5511900000003', 'novo@example.test', null],
      ['Sem número', null, null, null],
      [null, '5511900000005', null, null],
      ['Ana de novo', '5511900000001', null, null],
      ['Curto', '123', null, null],
      ['Email ruim', '5511900000008', 'not-an-email', null],
    ])
    const res = await upload(asAgent, file, 'contatos.xlsx')
    expect(res.statusCode).toBe(202)
    const job = await finished(asAgent, res.json<ImportJobDto>())
    expect(job).toMatchObject({
      source: 'upload',
      status: 'done',
      total: 8,
      processed: 8,
      created: 2,
      updated: 1,
      skipped: 5,
      error: null,
    })
    expect(job.results.map((r) => [r.row, r.status, r.reason ?? null])).toEqual([
      [2, 'created', null],
      [3, 'created', null],
      [4, 'updated', null],
      [5, 'skipped', 'missingNumber'],
      [6, 'skipped', 'missingName'],
      [7, 'skipped', 'duplicateInFile'],
      [8, 'skipped', 'invalidNumber'],
      [9, 'skipped', 'invalidEmail'],
    ])
    expect(await contactsOf(company.id)).toEqual([
      { name: 'Ana', number: '5511900000001', email: 'ana@example.test' },
      { name: 'Bruno', number: '5511900000002', email: '' },
      { name: 'Atualizado', number: '5511900000003', email: 'novo@example.test' },
    ])
    const anaTags = await t.db
      .select({ name: tags.name, kanban: tags.kanban })
      .from(contactTags)
      .innerJoin(tags, eq(tags.id, contactTags.tagId))
      .innerJoin(contacts, eq(contacts.id, contactTags.contactId))
      .where(and(eq(contacts.companyId, company.id), eq(contacts.number, '5511900000001')))
      .orderBy(tags.name)
    expect(anaTags).toEqual([
      { name: 'Cliente', kanban: 0 },
      { name: 'VIP', kanban: 0 },
    ])
  })

  test('imports a csv file with semicolons and Windows-1252 accents, numbers kept as text', async () => {
    const { company, asAgent } = await team()
    const csv = Buffer.from(
      'nome;numero;email\r\n"José Conceição";"+55 31 98888-7777";jose@example.test\r\n' +
        'Zé;5511988887777;\r\n',
      'latin1',
    )
    const res = await upload(asAgent, csv, 'lista.csv')
    expect(res.statusCode).toBe(202)
    const job = await finished(asAgent, res.json<ImportJobDto>())
    expect([job.created, job.skipped]).toEqual([2, 0])
    expect(await contactsOf(company.id)).toEqual([
      { name: 'Zé', number: '5511988887777', email: '' },
      // Area code 31: WhatsApp's spelling has no 9th digit.
      { name: 'José Conceição', number: '553188887777', email: 'jose@example.test' },
    ])
  })

  test('a malformed or unsupported file is ERR_INVALID_FILE', async () => {
    const { asAgent } = await team()
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)])
    const cases: [Buffer, string][] = [
      [broken, 'broken.xlsx'],
      [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0]), 'legacy.xls'],
      [Buffer.from([0, 1, 2, 3, 0, 0, 9]), 'binary.txt'],
      [Buffer.from(''), 'empty.csv'],
      [Buffer.from('nome,numero\nAna,5511900000001\n'), 'contatos.pdf'],
      // No number column.
      [Buffer.from('nome,cidade\nAna,Recife\n'), 'sem-numero.csv'],
    ]
    for (const [content, name] of cases) {
      const res = await upload(asAgent, content, name)
      expect([name, res.statusCode, res.json()]).toEqual([name, 400, { error: 'ERR_INVALID_FILE' }])
    }
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/contacts/upload',
      headers: asAgent,
      payload: { file: 'x' },
    })
    expect(notMultipart.statusCode).toBe(400)
  })
})

describe('POST /contacts/upload/preview', () => {
  test('answers headers and rows as text without storing anything', async () => {
    const { company, asAgent } = await team()
    const file = await xlsx([
      ['Cliente', 'Telefone', 'Cidade'],
      ['Ana', 5511900000001, 'Recife'],
      ['Bruno', '+55 11 90000-0002', null],
    ])
    const form = multipart(file, 'preview.xlsx')
    const res = await t.app.inject({
      method: 'POST',
      url: '/contacts/upload/preview',
      headers: { ...asAgent, ...form.headers },
      payload: form.payload,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<UploadPreviewDto>()).toEqual({
      headers: ['Cliente', 'Telefone', 'Cidade'],
      rows: [
        ['Ana', '5511900000001', 'Recife'],
        ['Bruno', '+55 11 90000-0002'],
      ],
      truncated: false,
    })
    expect(await contactsOf(company.id)).toEqual([])
  })
})

describe('POST /contactsImport', () => {
  test('creates or updates one mapped row and answers the contact', async () => {
    const { asAgent } = await team()
    const created = await t.app.inject({
      method: 'POST',
      url: '/contactsImport',
      headers: asAgent,
      payload: { name: 'Rita', number: '+55 11 97777-0000', email: '', tags: 'Lead' },
    })
    expect(created.statusCode).toBe(200)
    expect(created.json<ContactDto>()).toMatchObject({
      name: 'Rita',
      number: '5511977770000',
      tags: [{ name: 'Lead' }],
    })
    const again = await t.app.inject({
      method: 'POST',
      url: '/contactsImport',
      headers: asAgent,
      payload: { name: 'Rita Lopes', number: '5511977770000' },
    })
    expect(again.json<ContactDto>()).toMatchObject({
      id: created.json<ContactDto>().id,
      name: 'Rita Lopes',
    })
    const bad = await t.app.inject({
      method: 'POST',
      url: '/contactsImport',
      headers: asAgent,
      payload: { name: '', number: '5511977770001' },
    })
    expect([bad.statusCode, bad.json()]).toEqual([400, { error: 'ERR_VALIDATION', field: 'name' }])
  })

  test('checks the number on WhatsApp when asked, through the connected default connection', async () => {
    const { company, asAgent } = await team()
    await buildConnection(t.db, company, { status: 'CONNECTED', isDefault: true })
    const driver: ChannelDriver = {
      ...createTestDriver().driver,
      checkNumber: (_connection, number) =>
        Promise.resolve(
          number.endsWith('0000')
            ? { exists: false, number }
            : { exists: true, number: number.replace('551199', '55119') },
        ),
    }
    t.services.channels.register('whatsapp', driver)
    const missing = await t.app.inject({
      method: 'POST',
      url: '/contactsImport',
      headers: asAgent,
      payload: { name: 'Sem WhatsApp', number: '5511966660000', validateContact: 'true' },
    })
    expect([missing.statusCode, missing.json()]).toEqual([
      400,
      { error: 'ERR_WAPP_INVALID_CONTACT' },
    ])
    const ok = await t.app.inject({
      method: 'POST',
      url: '/contactsImport',
      headers: asAgent,
      payload: { name: 'Com WhatsApp', number: '5511966661111', validateContact: 'true' },
    })
    expect(ok.statusCode).toBe(200)
  })
})

describe('POST /contactsImport/jobs', () => {
  test('runs the mapped rows as a job, each row whole or not at all', async () => {
    const { company, asAgent } = await team()
    const rows = Array.from({ length: 250 }, (_, index) => ({
      name: `Pessoa ${index + 1}`,
      number: `55119${String(index).padStart(8, '0')}`,
      tags: index === 10 ? 'ok, x' : '',
    }))
    const res = await t.app.inject({
      method: 'POST',
      url: '/contactsImport/jobs',
      headers: asAgent,
      payload: { rows },
    })
    expect(res.statusCode).toBe(202)
    const job = await finished(asAgent, res.json<ImportJobDto>())
    expect([job.total, job.processed, job.created, job.skipped]).toEqual([250, 250, 249, 1])
    expect(job.results[10]).toMatchObject({ row: 11, status: 'skipped', reason: 'invalidTag' })
    // The refused row left nothing behind: no contact, no tag 'ok'.
    const stored = await contactsOf(company.id)
    expect(stored).toHaveLength(249)
    expect(stored.map((c) => c.name)).not.toContain('Pessoa 11')
    expect(await t.db.select().from(tags).where(eq(tags.companyId, company.id))).toEqual([])

    const empty = await t.app.inject({
      method: 'POST',
      url: '/contactsImport/jobs',
      headers: asAgent,
      payload: { rows: [] },
    })
    expect(empty.statusCode).toBe(400)
  })

  test('stores the rows’ text as it came: quotes, braces, backslashes, the word NULL', async () => {
    const { company, asAgent } = await team()
    const names = ['Ana "A", {B} \\ C', 'NULL', "D'Ávila; {}"]
    const res = await t.app.inject({
      method: 'POST',
      url: '/contactsImport/jobs',
      headers: asAgent,
      payload: {
        rows: names.map((name, index) => ({
          name,
          number: `551190000010${index}`,
          tags: 'Lead, VIP',
        })),
      },
    })
    const job = await finished(asAgent, res.json<ImportJobDto>())
    expect(job.results.map((r) => [r.name, r.status])).toEqual(names.map((n) => [n, 'created']))
    expect((await contactsOf(company.id)).map((c) => c.name)).toEqual(names)
  })

  test('another company’s job is not found', async () => {
    const { asAgent } = await team()
    const other = await team()
    const res = await t.app.inject({
      method: 'POST',
      url: '/contactsImport/jobs',
      headers: other.asAgent,
      payload: { rows: [{ name: 'Ana', number: '5511900000001' }] },
    })
    const job = await finished(other.asAgent, res.json<ImportJobDto>())
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/contacts/import/jobs/${job.id}`,
      headers: asAgent,
    })
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'ERR_NO_IMPORT_FOUND' }])
  })
})

describe('an import job’s rows', () => {
  test('only its starter and admins read them, masked for a profile user under LGPD', async () => {
    const { company, asAgent } = await team()
    const colleague = await buildUser(t.db, { company })
    const admin = await buildUser(t.db, { company, profile: 'admin' })
    await t.db.execute(
      sql`UPDATE company_settings SET "enableLGPD" = 'enabled', "lgpdHideNumber" = 'enabled' WHERE "companyId" = ${company.id}`,
    )
    const res = await t.app.inject({
      method: 'POST',
      url: '/contactsImport/jobs',
      headers: asAgent,
      payload: { rows: [{ name: '5511912345678', number: '5511912345678' }] },
    })
    const job = await finished(asAgent, res.json<ImportJobDto>())
    // The contact named by its number: the name is masked like the number.
    expect(job.results[0]).toMatchObject({ name: '55119******78', number: '55119******78' })

    const asColleague = await loginAs(t.app, colleague)
    const other = await t.app.inject({
      method: 'GET',
      url: `/contacts/import/jobs/${job.id}`,
      headers: asColleague,
    })
    expect([other.statusCode, other.json()]).toEqual([404, { error: 'ERR_NO_IMPORT_FOUND' }])
    const byAdmin = await finished(await loginAs(t.app, admin), job)
    expect(byAdmin.results[0]).toMatchObject({ name: '5511912345678', number: '5511912345678' })
  })
})

describe('an import job', () => {
  test('lets HTTP requests in between its rows (probe F3)', async () => {
    const { asAgent } = await team()
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const emit = t.deps.realtime.emit.bind(t.deps.realtime)
    let running = true
    let listed: Promise<{ status: number; whileRunning: boolean }> | undefined
    // Once the job has applied its first chunk, a contact list is asked for over HTTP.
    const spy = vi
      .spyOn(t.deps.realtime, 'emit')
      .mockImplementation((companyId, rooms, kind, payload, except) => {
        if (kind === 'contact' && 'job' in payload && payload.action === 'import') {
          if (payload.job.status !== 'running') running = false
          // The body is read whole: an unread answer keeps its connection, and app.close() waits.
          listed ??= fetch(`${origin}/contacts`, { headers: asAgent }).then(async (res) => {
            const whileRunning = running
            await res.arrayBuffer()
            return { status: res.status, whileRunning }
          })
        }
        emit(companyId, rooms, kind, payload, except)
      })
    try {
      const rows = Array.from({ length: 300 }, (_, index) => ({
        name: `Pessoa ${index + 1}`,
        number: `55118${String(index).padStart(8, '0')}`,
      }))
      const res = await t.app.inject({
        method: 'POST',
        url: '/contactsImport/jobs',
        headers: asAgent,
        payload: { rows },
      })
      const job = await finished(asAgent, res.json<ImportJobDto>())
      expect(job.created).toBe(300)
      expect(await listed).toEqual({ status: 200, whileRunning: true })
    } finally {
      spy.mockRestore()
    }
  })
})

describe('POST /contacts/import and /contacts/import/chats', () => {
  test('add the phone’s address book and known chats as new contacts only', async () => {
    const { company, asAgent } = await team()
    await buildConnection(t.db, company, { status: 'CONNECTED', isDefault: true })
    await buildContact(t.db, company, { name: 'Já existe', number: '5511955550001' })
    const driver: ChannelDriver = {
      ...createTestDriver().driver,
      addressBook: () =>
        Promise.resolve([
          { number: '5511955550001', name: 'Outro nome' },
          { number: '5511955550002', name: 'Agenda' },
        ]),
      knownChats: () => Promise.resolve([{ number: '5511955550003', name: '' }]),
    }
    t.services.channels.register('whatsapp', driver)

    const phone = await t.app.inject({ method: 'POST', url: '/contacts/import', headers: asAgent })
    expect(phone.statusCode).toBe(202)
    const phoneJob = await finished(asAgent, phone.json<ImportJobDto>())
    expect(phoneJob.results.map((r) => [r.status, r.reason ?? null])).toEqual([
      ['skipped', 'alreadyExists'],
      ['created', null],
    ])
    const chats = await t.app.inject({
      method: 'POST',
      url: '/contacts/import/chats',
      headers: asAgent,
    })
    const chatJob = await finished(asAgent, chats.json<ImportJobDto>())
    expect(chatJob.created).toBe(1)
    expect((await contactsOf(company.id)).map((c) => c.name)).toEqual([
      'Já existe',
      'Agenda',
      '5511955550003',
    ])
  })

  test("answer the session's own failure with its code, not a crash", async () => {
    const { company, asAgent } = await team()
    await buildConnection(t.db, company, { status: 'CONNECTED', isDefault: true })
    t.services.channels.register('whatsapp', {
      ...createTestDriver().driver,
      addressBook: () => Promise.reject(new ChannelError('ERR_WAPP_OWNER_TIMEOUT', true)),
      knownChats: () => Promise.reject(new ChannelError('ERR_WAPP_NOT_INITIALIZED', true)),
    })
    const phone = await t.app.inject({ method: 'POST', url: '/contacts/import', headers: asAgent })
    expect([phone.statusCode, phone.json()]).toEqual([504, { error: 'ERR_WAPP_OWNER_TIMEOUT' }])
    const chats = await t.app.inject({
      method: 'POST',
      url: '/contacts/import/chats',
      headers: asAgent,
    })
    expect([chats.statusCode, chats.json()]).toEqual([409, { error: 'ERR_WAPP_NOT_INITIALIZED' }])
  })

  test('need a connected WhatsApp session of the company', async () => {
    const { company, asAgent } = await team()
    const none = await t.app.inject({ method: 'POST', url: '/contacts/import', headers: asAgent })
    expect([none.statusCode, none.json()]).toEqual([400, { error: 'ERR_NO_DEF_WAPP_FOUND' }])
    await buildConnection(t.db, company, { status: 'DISCONNECTED', isDefault: true })
    const down = await t.app.inject({ method: 'POST', url: '/contacts/import', headers: asAgent })
    expect([down.statusCode, down.json()]).toEqual([409, { error: 'ERR_WAPP_NOT_INITIALIZED' }])
    const foreign = await buildConnection(t.db, await buildCompany(t.db), { status: 'CONNECTED' })
    const other = await t.app.inject({
      method: 'POST',
      url: `/contacts/import/chats?whatsappId=${foreign.id}`,
      headers: asAgent,
    })
    expect([other.statusCode, other.json()]).toEqual([404, { error: 'ERR_NO_WAPP_FOUND' }])
  })
})
