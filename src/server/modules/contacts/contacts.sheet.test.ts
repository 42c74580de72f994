import ExcelJS from 'exceljs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { UploadPreviewDto } from '@shared/contracts/contacts'
import { buildCompany, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { multipart } from '@tests/helpers/messages'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { oneCellRows, spaces, xlsxWithSheetData } from '@tests/helpers/xlsx-archive'
import { contactImportJobs } from './contacts.table'
import { parseSheet } from './contacts.sheet'

let t: TestApp
let asAgent: Record<string, string>
let companyId: number
beforeAll(async () => {
  t = await buildTestApp()
  const company = await buildCompany(t.db)
  companyId = company.id
  asAgent = await loginAs(t.app, await buildUser(t.db, { company }))
  // The sheet worker starts with the first sheet; the figures below leave its start-up out.
  await parseSheet(Buffer.from('nome;numero\nAna;5511900000001\n'))
})
afterAll(() => t.close())

async function send(
  url: '/contacts/upload' | '/contacts/upload/preview',
  file: Buffer,
  name: string,
) {
  const form = await multipart([['file', file, name]])
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...asAgent, ...form.headers },
    payload: form.payload,
  })
}

/** Sends `file` for preview; answers the response, its time and how much the peak RSS grew. */
async function measuredPreview(file: Buffer) {
  const peakBefore = process.resourceUsage().maxRSS
  const started = performance.now()
  const res = await send('/contacts/upload/preview', file, 'contatos.xlsx')
  return {
    status: res.statusCode,
    body: res.json<unknown>(),
    ms: performance.now() - started,
    peakGrewMb: (process.resourceUsage().maxRSS - peakBefore) / 1024,
  }
}

const MiB = 1024 * 1024

describe('an uploaded archive that inflates past its bound (zip bomb)', () => {
  test('is refused from its declared size, before anything is inflated', async () => {
    const bomb = await xlsxWithSheetData(spaces(256 * MiB))
    expect(bomb.length).toBeLessThan(MiB)
    const preview = await measuredPreview(bomb)
    expect([preview.status, preview.body]).toEqual([400, { error: 'ERR_SHEET_TOO_LARGE' }])
    expect(preview.ms).toBeLessThan(5_000)
    expect(preview.peakGrewMb).toBeLessThan(100)
  })

  test('is stopped at the bytes it declared when it lies about its size', async () => {
    const bomb = await xlsxWithSheetData(spaces(256 * MiB), { declaredSheetSize: 64 * 1024 })
    const preview = await measuredPreview(bomb)
    expect([preview.status, preview.body]).toEqual([400, { error: 'ERR_SHEET_TOO_LARGE' }])
    expect(preview.ms).toBeLessThan(5_000)
    expect(preview.peakGrewMb).toBeLessThan(100)
  })
})

describe('a sheet over the bounds of one import', () => {
  const csvOf = (rows: string[][]) => Buffer.from(rows.map((row) => row.join(';')).join('\n'))
  const numbered = (count: number, width = 2) =>
    Array.from({ length: count }, (_, index) => [
      `Pessoa ${index}`,
      `55119${String(index).padStart(8, '0')}`,
      ...Array.from({ length: width - 2 }, (_, column) => `c${column}`),
    ])

  test('more than 50,000 rows: the preview reads the first ones, an upload is refused', async () => {
    const sheet = csvOf([['nome', 'numero'], ...numbered(50_001)])
    const preview = await send('/contacts/upload/preview', sheet, 'contatos.csv')
    expect(preview.statusCode).toBe(200)
    const body = preview.json<UploadPreviewDto>()
    expect([body.rows.length, body.truncated, body.rows.at(-1)]).toEqual([
      50_000,
      true,
      ['Pessoa 49999', '5511900049999'],
    ])

    const upload = await send('/contacts/upload', sheet, 'contatos.csv')
    expect([upload.statusCode, upload.json()]).toEqual([400, { error: 'ERR_SHEET_TOO_MANY_ROWS' }])
    expect(
      await t.db.select().from(contactImportJobs).where(eq(contactImportJobs.companyId, companyId)),
    ).toEqual([])

    const exactly = await parseSheet(csvOf([['nome', 'numero'], ...numbered(50_000)]))
    expect([exactly.rows.length, exactly.truncated]).toEqual([50_001, false])
  })

  test('more than 100 filled columns is refused; empty cells after the last do not count', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Planilha')
    for (let row = 1; row <= 200; row++) {
      sheet.getCell(row, 1).value = `Pessoa ${row}`
      // A cell far to the right would make every row 16,000 cells.
      sheet.getCell(row, 16_000).value = 'x'
    }
    const wide = await send(
      '/contacts/upload/preview',
      Buffer.from(await workbook.xlsx.writeBuffer()),
      'largo.xlsx',
    )
    expect([wide.statusCode, wide.json()]).toEqual([400, { error: 'ERR_SHEET_TOO_MANY_COLUMNS' }])

    const wideCsv = csvOf([
      ['nome', 'numero', ...Array<string>(99).fill('x')],
      ['Ana', '1'],
    ])
    const refused = await send('/contacts/upload/preview', wideCsv, 'largo.csv')
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { error: 'ERR_SHEET_TOO_MANY_COLUMNS' },
    ])

    const hundred = csvOf([
      ['nome', 'numero', ...Array<string>(98).fill('x'), ...Array<string>(5_000).fill('')],
      ['Ana', '5511900000001', ...Array<string>(5_000).fill('')],
    ])
    const read = await parseSheet(hundred)
    expect(read.rows.map((row) => row.length)).toEqual([100, 2])
  })

  test('more than 1,000,000 filled cells is refused', async () => {
    const sheet = csvOf([['nome', 'numero'], ...numbered(50_000, 21)])
    const res = await send('/contacts/upload/preview', sheet, 'celulas.csv')
    expect([res.statusCode, res.json()]).toEqual([400, { error: 'ERR_SHEET_TOO_MANY_CELLS' }])
  })

  test('shared strings that add up to more than 16 million characters are refused', async () => {
    // One 10,000-character string, used by 1,700 cells: 17 million characters from 60 KB.
    const sheet = await xlsxWithSheetData(
      (function* () {
        yield '<row r="1"><c r="A1" t="inlineStr"><is><t>nome</t></is></c></row>'
        for (let row = 2; row <= 1_701; row++)
          yield `<row r="${row}"><c r="A${row}" t="s"><v>0</v></c></row>`
      })(),
      { sharedStrings: ['x'.repeat(10_000)] },
    )
    const res = await send('/contacts/upload/preview', sheet, 'texto.xlsx')
    expect([res.statusCode, res.json()]).toEqual([400, { error: 'ERR_SHEET_TOO_MUCH_TEXT' }])
  })
})

describe('a sheet within the bounds', () => {
  test('reads as before: numbers whole, dates as days, formulas, rich text, the first tab only', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Contatos')
    sheet.addRow(['Nome', 'Número', 'Nascimento', 'Total', 'Obs'])
    // Thousands of accented names: some fall across the boundary of two inflated chunks.
    for (let index = 1; index <= 3_000; index++)
      sheet.addRow([`José Conceição Ávila ${index}`, 5511900000000 + index])
    sheet.addRow([
      'Márcia',
      '+55 11 90000-0002',
      new Date('1990-05-04T00:00:00Z'),
      { formula: '1+1', result: 2 },
      { richText: [{ text: 'muito ' }, { text: 'bom', font: { bold: true } }] },
    ])
    workbook.addWorksheet('Outra').addRow(['não', 'lida'])
    const parsed = await parseSheet(Buffer.from(await workbook.xlsx.writeBuffer()))
    expect(parsed.truncated).toBe(false)
    expect(parsed.rows).toHaveLength(3_002)
    expect(parsed.rows[0]).toEqual(['Nome', 'Número', 'Nascimento', 'Total', 'Obs'])
    expect(parsed.rows.slice(1, 3_001)).toEqual(
      Array.from({ length: 3_000 }, (_, index) => [
        `José Conceição Ávila ${index + 1}`,
        String(5511900000001 + index),
      ]),
    )
    expect(parsed.rows.at(-1)).toEqual([
      'Márcia',
      '+55 11 90000-0002',
      '1990-05-04',
      '2',
      'muito bom',
    ])
  })

  test('a sheet of inline strings, as exports write them, reads the same', async () => {
    const sheet = await xlsxWithSheetData(oneCellRows(3, (row) => `Cliente ${row}`))
    expect((await parseSheet(sheet)).rows).toEqual([['Cliente 1'], ['Cliente 2'], ['Cliente 3']])
  })
})
