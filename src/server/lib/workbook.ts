import { PassThrough, type Readable } from 'node:stream'
import ExcelJS from 'exceljs'

/**
 * A cell starting with = + - or @ becomes a formula when the sheet is edited or saved as CSV,
 * and exported text (names, push names, error texts) may come from anyone: such text gets a
 * leading apostrophe.
 */
const neutraliseFormula = (text: string) => (/^[=+\-@]/.test(text) ? `'${text}` : text)

/** A new xlsx workbook of one sheet: bold headers, then the rows, every cell as text. */
export async function buildWorkbook(
  sheetName: string,
  headers: readonly string[],
  rows: string[][],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(sheetName)
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

/**
 * `buildWorkbook` streamed: rows are written as `batches` yields them and the file leaves as it
 * is made, so a report of 100,000 rows never sits whole in memory. A failure mid-way ends the
 * stream with the error (the download fails instead of ending with half a file).
 */
export function streamWorkbook(
  sheetName: string,
  headers: readonly string[],
  batches: AsyncIterable<string[][]>,
): Readable {
  const output = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output })
  const sheet = workbook.addWorksheet(sheetName)
  const header = sheet.addRow([...headers])
  header.font = { bold: true }
  header.commit()
  void (async () => {
    for await (const rows of batches)
      for (const row of rows) {
        const added = sheet.addRow(row.map(neutraliseFormula))
        added.eachCell((cell) => {
          cell.numFmt = '@'
        })
        added.commit()
      }
    sheet.commit()
    await workbook.commit()
  })().catch((error: unknown) => output.destroy(error as Error))
  return output
}
