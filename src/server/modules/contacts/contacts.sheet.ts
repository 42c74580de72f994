import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { IMPORT_MAX_ROWS } from '@shared/contracts/contacts'
import { AppError } from '@server/lib/app-error'

/** A parsed first sheet: every cell as text, the first row being the headers. */
export interface ParsedSheet {
  rows: string[][]
  truncated: boolean
}

/**
 * Columns read per row. A contact sheet has a handful; a cell far to the right (column XFD)
 * would otherwise make every row 16,384 strings: a tiny file that exhausts the memory.
 */
const MAX_COLUMNS = 50

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04])
/** The legacy binary Excel format (OLE2); exceljs reads only xlsx. */
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0])

const invalid = () => new AppError('ERR_INVALID_FILE')

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
  if ('error' in value) return ''
  return ''
}

async function parseXlsx(data: Buffer): Promise<ParsedSheet> {
  const workbook = new ExcelJS.Workbook()
  try {
    // exceljs declares its own Buffer type; the bytes are the same.
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer)
  } catch {
    throw invalid()
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw invalid()
  const rows: string[][] = []
  let truncated = false
  sheet.eachRow({ includeEmpty: false }, (row) => {
    if (rows.length > IMPORT_MAX_ROWS) {
      truncated = true
      return
    }
    const cells: string[] = []
    // `row.values` is 1-based with a hole at 0.
    const values = row.values as ExcelJS.CellValue[]
    const last = Math.min(values.length, MAX_COLUMNS + 1)
    for (let column = 1; column < last; column++) cells.push(cellText(values[column]).trim())
    rows.push(cells)
  })
  return { rows, truncated }
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

function parseDelimited(data: Buffer): ParsedSheet {
  if (data.includes(0)) throw invalid()
  const text = decodeText(data).replace(/^\uFEFF/, '')
  let records: string[][]
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      // Values stay text: no number or date casting, so numbers keep every digit.
      cast: false,
      to_line: IMPORT_MAX_ROWS + 2,
    })
  } catch {
    throw invalid()
  }
  const rows = records
    .map((record) => record.slice(0, MAX_COLUMNS))
    .filter((record) => record.some((cell) => cell !== ''))
  return {
    rows: rows.slice(0, IMPORT_MAX_ROWS + 1),
    truncated: rows.length > IMPORT_MAX_ROWS + 1,
  }
}

/**
 * The first sheet of an uploaded xlsx, csv or txt file (000 §5). What the content turns out to
 * be decides the parser, not the name; legacy binary .xls, broken archives and binary junk are
 * ERR_INVALID_FILE ('Arquivo inválido!').
 */
export async function parseSheet(data: Buffer): Promise<ParsedSheet> {
  if (data.length === 0) throw invalid()
  const head = data.subarray(0, 4)
  if (head.equals(OLE_MAGIC)) throw invalid()
  const sheet = head.equals(ZIP_MAGIC) ? await parseXlsx(data) : parseDelimited(data)
  if (sheet.rows.length === 0) throw invalid()
  return sheet
}

/** Header text compared without accents, case or spaces around. */
export const foldHeader = (header: string) =>
  header
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase()

/**
 * A cell starting with = + - or @ becomes a formula when the sheet is edited or saved as CSV,
 * and names come from WhatsApp push names anyone can set: such text gets a leading apostrophe.
 */
const neutraliseFormula = (text: string) => (/^[=+\-@]/.test(text) ? `'${text}` : text)

/** Writes contacts into a new xlsx workbook; `rows` are already masked for the caller. */
export async function buildContactsWorkbook(
  headers: readonly string[],
  rows: string[][],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Contatos')
  sheet.addRow([...headers])
  for (const row of rows) {
    const added = sheet.addRow(row.map(neutraliseFormula))
    // Numbers as text cells: Excel would otherwise show long numbers in scientific notation.
    added.eachCell((cell) => {
      cell.numFmt = '@'
    })
  }
  sheet.getRow(1).font = { bold: true }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
