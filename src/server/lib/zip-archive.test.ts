import { text } from 'node:stream/consumers'
import ExcelJS from 'exceljs'
import { describe, expect, test } from 'vitest'
import { spaces, xlsxWithSheetData } from '@tests/helpers/xlsx-archive'
import { openZipEntry, readZipDirectory, ZipRefusal } from './zip-archive'

const MiB = 1024 * 1024
const limits = { entries: 100, unpackedBytes: 16 * MiB }

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error instanceof ZipRefusal ? error.reason : error
  }
  return 'accepted'
}

async function workbook() {
  const book = new ExcelJS.Workbook()
  book.addWorksheet('Planilha').addRow(['Conceição', 5511900000001])
  return Buffer.from(await book.xlsx.writeBuffer())
}

describe('a zip archive in memory', () => {
  test('lists its entries and inflates one as text, characters whole across chunks', async () => {
    const data = await workbook()
    const entries = readZipDirectory(data, limits)
    expect([...entries.keys()]).toContain('xl/workbook.xml')
    expect(await text(openZipEntry(data, entries.get('xl/workbook.xml')!))).toContain(
      'name="Planilha"',
    )
    // 300,000 two-byte characters: inflated in chunks of 16 KB, many fall across two.
    const accents = await xlsxWithSheetData(['ção'.repeat(100_000)])
    const sheet = readZipDirectory(accents, limits).get('xl/worksheets/sheet1.xml')!
    const content = await text(openZipEntry(accents, sheet))
    expect(content).toContain('ção'.repeat(100_000))
    expect(content).not.toContain('\uFFFD')
  })

  test('is refused before inflating anything when it declares too much or too many', async () => {
    const bomb = await xlsxWithSheetData(spaces(64 * MiB))
    expect(refusal(() => readZipDirectory(bomb, limits))).toBe('tooLarge')
    const data = await workbook()
    expect(refusal(() => readZipDirectory(data, { ...limits, entries: 3 }))).toBe('tooLarge')
  })

  test('stops inflating an entry past the size it declared', async () => {
    const bomb = await xlsxWithSheetData(spaces(64 * MiB), { declaredSheetSize: 64 * 1024 })
    const sheet = readZipDirectory(bomb, limits).get('xl/worksheets/sheet1.xml')!
    let received = 0
    const stream = openZipEntry(bomb, sheet)
    stream.on('data', (chunk: string) => (received += chunk.length))
    const failure = await new Promise((resolve) => stream.on('error', resolve))
    expect(failure).toEqual(new ZipRefusal('tooLarge'))
    expect(received).toBeLessThanOrEqual(64 * 1024)
  })

  test('that is not a zip, or is cut short, is invalid', async () => {
    const data = await workbook()
    expect(refusal(() => readZipDirectory(Buffer.from('nome;numero\n'), limits))).toBe('invalid')
    expect(refusal(() => readZipDirectory(data.subarray(0, data.length - 30), limits))).toBe(
      'invalid',
    )
    const entry = readZipDirectory(data, limits).get('xl/workbook.xml')!
    expect(refusal(() => openZipEntry(data.subarray(0, entry.localHeaderOffset + 40), entry))).toBe(
      'invalid',
    )
  })
})
