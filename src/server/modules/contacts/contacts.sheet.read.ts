import { Readable } from 'node:stream'
import { parse as csvParser } from 'csv-parse'
import ExcelJS from 'exceljs'
import { AppError } from '@server/lib/app-error'
import { openZipEntry, readZipDirectory, ZipRefusal, type ZipEntry } from '@server/lib/zip-archive'
import { SHEET_LIMITS } from './contacts.sheet.limits'

/** A parsed first sheet: every cell as text, the first row being the headers. */
export interface ParsedSheet {
  rows: string[][]
  /** The sheet had more than SHEET_LIMITS.rows rows after its headers; reading stopped there. */
  truncated: boolean
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04])
/** The legacy binary Excel format (OLE2); exceljs reads only xlsx. */
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0])

const invalid = () => new AppError('ERR_INVALID_FILE')

/**
 * The rows read so far, held to SHEET_LIMITS as they come. A row is its cells up to the last
 * one with text, so empty cells at the end neither count as columns nor travel.
 */
function sheetBuilder() {
  const rows: string[][] = []
  let cells = 0
  let characters = 0
  let truncated = false
  return {
    /** Adds a row; false once the sheet holds more rows than an import takes: stop reading. */
    add(row: string[]): boolean {
      let width = row.length
      while (width > 0 && row[width - 1] === '') width--
      if (width === 0) return true
      if (rows.length > SHEET_LIMITS.rows) {
        truncated = true
        return false
      }
      if (width > SHEET_LIMITS.columns) throw new AppError('ERR_SHEET_TOO_MANY_COLUMNS')
      for (let column = 0; column < width; column++) {
        const text = row[column]!
        if (text === '') continue
        cells++
        characters += text.length
      }
      if (cells > SHEET_LIMITS.cells) throw new AppError('ERR_SHEET_TOO_MANY_CELLS')
      if (characters > SHEET_LIMITS.textCharacters) throw new AppError('ERR_SHEET_TOO_MUCH_TEXT')
      rows.push(width === row.length ? row : row.slice(0, width))
      return true
    },
    sheet(): ParsedSheet {
      if (rows.length === 0) throw invalid()
      return { rows, truncated }
    },
  }
}

/**
 * A cell as text. Numbers stay whole (`5511988887777`, never `5.51E+12`), dates become ISO
 * days, formulas give their result, rich text its plain text.
 */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) ? BigInt(value).toString() : String(value)
  }
  if (typeof value === 'string') return value
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if ('richText' in value) return value.richText.map((part) => part.text).join('')
  if ('text' in value && typeof value.text === 'string') return value.text
  if ('result' in value) return cellText(value.result)
  return ''
}

/**
 * The steps of exceljs's streaming WorkbookReader (4.4.0, pinned) that each read one part of
 * the package. Its own `parse()` unzips with unzipper, which inflates whatever an entry holds,
 * spools sheets found before the shared strings to temporary files and decodes each chunk
 * alone (an accent split between two chunks is lost); these steps take the parts from our
 * bounded reader instead, in the order they depend on each other.
 */
interface PackageSteps {
  _parseRels(entry: Readable): Promise<void>
  _parseWorkbook(entry: Readable): Promise<void>
  _parseStyles(entry: Readable): Promise<void>
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>
  _parseWorksheet(entry: Readable, sheetNo: string): Iterable<{ value: AsyncIterable<ExcelJS.Row> }>
  workbookRels?: { Id: string; Target: string }[]
  model?: { sheets?: { rId: string }[] }
}

/** The zip path of a relationship target of xl/workbook.xml. */
const partPath = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`)

async function readXlsx(data: Buffer, sheet: ReturnType<typeof sheetBuilder>): Promise<void> {
  const opened: Readable[] = []
  const open = (entry: ZipEntry) => {
    const stream = openZipEntry(data, entry)
    opened.push(stream)
    return stream
  }
  // The input is never read: the steps below are handed each part.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell dates from numbers.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as PackageSteps
  try {
    const entries = readZipDirectory(data, {
      entries: SHEET_LIMITS.archiveEntries,
      unpackedBytes: SHEET_LIMITS.unpackedBytes,
    })
    const rels = entries.get('xl/_rels/workbook.xml.rels')
    const workbook = entries.get('xl/workbook.xml')
    if (!rels || !workbook) throw invalid()
    await reader._parseRels(open(rels))
    await reader._parseWorkbook(open(workbook))
    // The first tab, wherever its part is.
    const first = reader.model?.sheets?.[0]
    const target = reader.workbookRels?.find((rel) => rel.Id === first?.rId)?.Target
    const worksheet = target ? entries.get(partPath(target)) : undefined
    if (!worksheet) throw invalid()
    const styles = entries.get('xl/styles.xml')
    if (styles) await reader._parseStyles(open(styles))
    const sharedStrings = entries.get('xl/sharedStrings.xml')
    if (sharedStrings) {
      for await (const _ of reader._parseSharedStrings(open(sharedStrings)));
    }
    const [event] = reader._parseWorksheet(open(worksheet), '1')
    if (!event) throw invalid()
    for await (const row of event.value) {
      // `row.values` is 1-based with a hole at 0.
      const values = row.values as ExcelJS.CellValue[]
      const cells: string[] = []
      for (let column = 1; column < values.length; column++)
        cells.push(cellText(values[column]).trim())
      if (!sheet.add(cells)) break
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    if (error instanceof ZipRefusal && error.reason === 'tooLarge')
      throw new AppError('ERR_SHEET_TOO_LARGE')
    throw invalid()
  } finally {
    for (const stream of opened) stream.destroy()
  }
}

/** UTF-8 when the bytes are valid UTF-8, else Windows-1252 (sheets saved by older Excel). */
function decodeText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data)
  } catch {
    return new TextDecoder('windows-1252').decode(data)
  }
}

/** The separator of the first line: `;` (Excel in pt-BR), tab or `,`. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/))
  const counts = [';', '\t', ','].map((char) => [char, firstLine.split(char).length - 1] as const)
  const [best] = [...counts].sort((a, b) => b[1] - a[1])
  return best && best[1] > 0 ? best[0] : ','
}

/** Text in parts, so that the parser streams (and can stop) instead of taking it whole. */
function* textParts(text: string): Generator<string> {
  const size = 64 * 1024
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size)
}

async function readDelimited(data: Buffer, sheet: ReturnType<typeof sheetBuilder>) {
  if (data.includes(0)) throw invalid()
  const text = decodeText(data).replace(/^\uFEFF/, '')
  const parser = Readable.from(textParts(text)).pipe(
    csvParser({
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      // Values stay text: no number or date casting, so numbers keep every digit.
      cast: false,
    }),
  )
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>
  try {
    for (;;) {
      let next: IteratorResult<string[]>
      try {
        next = await records.next()
      } catch {
        throw invalid()
      }
      if (next.done || !sheet.add(next.value)) break
    }
  } finally {
    parser.destroy()
  }
}

/**
 * The first sheet of an uploaded xlsx, csv or txt file (000 §5), streamed and held to
 * SHEET_LIMITS. What the content turns out to be decides the parser, not the name; legacy
 * binary .xls, broken archives and binary junk are ERR_INVALID_FILE ('Arquivo inválido!').
 * Runs in the sheet worker (contacts.sheet.worker.ts): it takes seconds of CPU on a large sheet.
 */
export async function readSheet(data: Uint8Array): Promise<ParsedSheet> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength)
  if (bytes.length === 0) throw invalid()
  const head = bytes.subarray(0, 4)
  if (head.equals(OLE_MAGIC)) throw invalid()
  const sheet = sheetBuilder()
  if (head.equals(ZIP_MAGIC)) await readXlsx(bytes, sheet)
  else await readDelimited(bytes, sheet)
  return sheet.sheet()
}
