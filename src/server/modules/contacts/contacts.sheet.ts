import ExcelJS from 'exceljs'
import { AppError } from '@server/lib/app-error'
import { threadTask } from '@server/lib/thread-task'
import { SHEET_LIMITS } from './contacts.sheet.limits'
import type { ParsedSheet } from './contacts.sheet.read'

export type { ParsedSheet } from './contacts.sheet.read'

const readInWorker = threadTask<Uint8Array, ParsedSheet>({
  from: import.meta.url,
  worker: './contacts.sheet.worker',
  timeoutMs: SHEET_LIMITS.readMs,
  maxHeapMb: SHEET_LIMITS.readerHeapMb,
  overrun: () => new AppError('ERR_SHEET_TOO_LARGE'),
})

/**
 * The first sheet of an uploaded xlsx, csv or txt file (000 §5), every cell as text, held to
 * SHEET_LIMITS; read on a worker thread (contacts.sheet.read.ts), so that a large sheet never
 * stops the event loop.
 */
export const parseSheet = (data: Buffer): Promise<ParsedSheet> => readInWorker(data)

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
