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
