import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { FileListDto, FileListPage, FileUploadResponse } from '@shared/contracts/file-lists'
import { buildChatbot, buildCompany, buildFileList, buildQueue, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

async function team() {
  const company = await buildCompany(t.db)
  const admin = await buildUser(t.db, { company, profile: 'admin' })
  const agent = await buildUser(t.db, { company })
  return { company, asAdmin: await loginAs(t.app, admin), asAgent: await loginAs(t.app, agent) }
}

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })

/** A 1×1 PNG and a small PDF: the server reads their types from the content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

/** The spec's upload form: fileId, typeArch, then per option files, mediaType, name, id. */
function uploadForm(
  listId: number,
  files: Array<{ id: number; name: string; content: Buffer; filename: string; type: string }>,
) {
  const boundary = '----atende-test-boundary'
  const chunks: Buffer[] = []
  const field = (name: string, value: string) =>
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    )
  field('fileId', String(listId))
  field('typeArch', 'fileList')
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    )
    field('mediaType', file.type)
    field('name', file.name)
    field('id', String(file.id))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

const upload = (
  headers: Record<string, string>,
  listId: number,
  files: Parameters<typeof uploadForm>[1],
) => {
  const form = uploadForm(listId, files)
  return t.app.inject({
    method: 'POST',
    url: `/files/uploadList/${listId}`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  })
}

const catalogue = {
  name: 'Catálogo',
  message: 'Seguem nossos materiais.',
  options: [{ name: 'Tabela de preços' }, { name: 'Foto da vitrine' }],
}

describe('file lists', () => {
  test('an admin creates a list with options, uploads their files, reads, renames, drops one and deletes', async () => {
    const { company, asAdmin } = await team()
    const created = await inject('POST', '/files', asAdmin, catalogue)
    expect(created.statusCode).toBe(200)
    const list = created.json<FileListDto>()
    expect(list).toMatchObject({
      name: 'Catálogo',
      message: 'Seguem nossos materiais.',
      options: [
        { name: 'Tabela de preços', path: null, mediaType: null, url: null },
        { name: 'Foto da vitrine', path: null, mediaType: null, url: null },
      ],
    })
    const [prices, photo] = list.options
    const uploaded = await upload(asAdmin, list.id, [
      {
        id: prices!.id,
        name: prices!.name,
        content: PDF,
        filename: 'precos 2026.pdf',
        type: 'application/pdf',
      },
      {
        id: photo!.id,
        name: photo!.name,
        content: PNG,
        filename: 'vitrine.png',
        type: 'image/png',
      },
    ])
    expect(uploaded.statusCode).toBe(200)
    const withFiles = uploaded.json<FileUploadResponse>().files
    expect(withFiles.options.map((option) => option.mediaType)).toEqual([
      'application/pdf',
      'image/png',
    ])
    const photoPath = withFiles.options[1]!.path!
    expect(photoPath).toMatch(new RegExp(`^fileList/${list.id}/[0-9a-f]{32}\\.png$`))
    const served = await t.app.inject({ method: 'GET', url: withFiles.options[1]!.url! })
    expect([served.statusCode, served.rawPayload.equals(PNG)]).toEqual([200, true])

    const page = (await inject('GET', '/files/?searchParam=catá', asAdmin)).json<FileListPage>()
    expect(page.files).toEqual([expect.objectContaining({ id: list.id, optionCount: 2 })])

    const updated = await inject('PUT', `/files/${list.id}`, asAdmin, {
      name: 'Catálogo 2026',
      message: 'Materiais atualizados.',
      options: [{ id: prices!.id, name: 'Preços' }, { name: 'Contrato' }],
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json<FileListDto>().options).toEqual([
      expect.objectContaining({ id: prices!.id, name: 'Preços', mediaType: 'application/pdf' }),
      expect.objectContaining({ name: 'Contrato', path: null }),
    ])
    // The dropped option's file is gone with it.
    await expect(t.services.media.readFile(company.id, photoPath)).rejects.toThrow(
      'ERR_MEDIA_UNAVAILABLE',
    )
    const pricesPath = updated.json<FileListDto>().options[0]!.path!
    expect((await inject('DELETE', `/files/${list.id}`, asAdmin)).statusCode).toBe(200)
    await expect(t.services.media.readFile(company.id, pricesPath)).rejects.toThrow(
      'ERR_MEDIA_UNAVAILABLE',
    )
    expect((await inject('GET', `/files/${list.id}`, asAdmin)).json()).toEqual({
      error: 'ERR_NO_FILE_FOUND',
    })
  })

  test("a replaced file is removed; an upload naming another list's option keeps nothing", async () => {
    const { company, asAdmin } = await team()
    const list = (await inject('POST', '/files', asAdmin, catalogue)).json<FileListDto>()
    const other = (
      await inject('POST', '/files', asAdmin, { ...catalogue, name: 'Outra' })
    ).json<FileListDto>()
    const option = list.options[0]!
    const first = (
      await upload(asAdmin, list.id, [
        { id: option.id, name: option.name, content: PNG, filename: 'a.png', type: 'image/png' },
      ])
    ).json<FileUploadResponse>().files.options[0]!.path!
    await upload(asAdmin, list.id, [
      {
        id: option.id,
        name: option.name,
        content: PDF,
        filename: 'b.pdf',
        type: 'application/pdf',
      },
    ])
    await expect(t.services.media.readFile(company.id, first)).rejects.toThrow(
      'ERR_MEDIA_UNAVAILABLE',
    )
    const foreign = await upload(asAdmin, list.id, [
      { id: other.options[0]!.id, name: 'x', content: PNG, filename: 'x.png', type: 'image/png' },
    ])
    expect([foreign.statusCode, foreign.json()]).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'id' },
    ])
    const usage = await t.services.media.usage(company.id)
    expect(usage.files).toBe(1)
  })

  test('validation: name at least 3 and unique, message required, options named; foreign option ids refused', async () => {
    const { asAdmin } = await team()
    const list = (await inject('POST', '/files', asAdmin, catalogue)).json<FileListDto>()
    const second = (
      await inject('POST', '/files', asAdmin, { ...catalogue, name: 'Segunda' })
    ).json<FileListDto>()
    const cases: Array<[object, number, object]> = [
      [{ name: 'ab' }, 400, { error: 'ERR_VALIDATION', field: 'name' }],
      [{ message: ' ' }, 400, { error: 'ERR_VALIDATION', field: 'message' }],
      [
        { options: [{ name: 'ok' }, { name: '' }] },
        400,
        { error: 'ERR_VALIDATION', field: 'options.1.name' },
      ],
      [{ name: 'CATÁLOGO' }, 409, { error: 'ERR_DUPLICATED_FILE_LIST', field: 'name' }],
    ]
    for (const [change, status, body] of cases) {
      const response = await inject('POST', '/files', asAdmin, { ...catalogue, ...change })
      expect([response.statusCode, response.json()]).toEqual([status, body])
    }
    const stolen = await inject('PUT', `/files/${list.id}`, asAdmin, {
      ...catalogue,
      options: [{ id: second.options[0]!.id, name: 'Roubada' }],
    })
    expect([stolen.statusCode, stolen.json()]).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'options.0.id' },
    ])
  })

  test('a list a queue or an option sends is not deleted: the refusal names them', async () => {
    const { company, asAdmin } = await team()
    const list = await buildFileList(t.db, company)
    const queue = await buildQueue(t.db, company, { name: 'Vendas', fileListId: list.id })
    await buildChatbot(t.db, company, queue, {
      name: 'Catálogo',
      queueType: 'file',
      optFileId: list.id,
    })
    const refused = await inject('DELETE', `/files/${list.id}`, asAdmin)
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      {
        error: 'ERR_FILE_LIST_IN_USE',
        usedBy: { connections: [], queues: ['Vendas'], options: ['Catálogo'], activeTickets: 0 },
      },
    ])
  })

  test('live: admins hear creates with the options, updates and deletes', async () => {
    const { company, asAdmin } = await team()
    const emit = vi.spyOn(t.deps.realtime, 'emit')
    try {
      const list = (await inject('POST', '/files', asAdmin, catalogue)).json<FileListDto>()
      await inject('PUT', `/files/${list.id}`, asAdmin, { ...catalogue, options: [] })
      await inject('DELETE', `/files/${list.id}`, asAdmin)
      const heard = emit.mock.calls.filter(([, , kind]) => kind === 'file')
      expect(heard.map(([companyId, rooms]) => [companyId, rooms])).toEqual([
        [company.id, ['admins']],
        [company.id, ['admins']],
        [company.id, ['admins']],
      ])
      expect(heard.map(([, , , payload]) => payload)).toEqual([
        { action: 'create', files: list },
        { action: 'update', files: expect.objectContaining({ options: [] }) },
        { action: 'delete', fileId: list.id },
      ])
    } finally {
      emit.mockRestore()
    }
  })

  test("another company's list is not found; profile users are refused", async () => {
    const { asAdmin, asAgent } = await team()
    const theirs = await buildFileList(t.db, await buildCompany(t.db), { options: [{ name: 'A' }] })
    for (const [method, url, payload] of [
      ['GET', `/files/${theirs.id}`, undefined],
      ['PUT', `/files/${theirs.id}`, catalogue],
      ['DELETE', `/files/${theirs.id}`, undefined],
    ] as const) {
      const response = await inject(method, url, asAdmin, payload)
      expect([response.statusCode, response.json()]).toEqual([404, { error: 'ERR_NO_FILE_FOUND' }])
    }
    const upload404 = await upload(asAdmin, theirs.id, [
      { id: theirs.options[0]!.id, name: 'A', content: PNG, filename: 'a.png', type: 'image/png' },
    ])
    expect(upload404.statusCode).toBe(404)
    expect((await inject('GET', '/files', asAgent)).statusCode).toBe(403)
    expect((await inject('POST', '/files', asAgent, catalogue)).statusCode).toBe(403)
    expect((await inject('GET', '/files', asAdmin)).json<FileListPage>().files).toEqual([])
  })
})
