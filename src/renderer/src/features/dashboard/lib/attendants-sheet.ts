import type { DashboardAttendant } from '@shared/contracts/dashboard'
import { formatMinutes } from './minutes'

export type SheetCell = string | number

/**
 * Text a spreadsheet could read as a formula (= + - @, or a tab or carriage return before one)
 * gets a leading apostrophe, so an attendant's name is always shown as text (OWASP CSV
 * injection).
 */
export const safeCell = (value: SheetCell): SheetCell =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value

export interface AttendantsSheetText {
  /** The header row, in the interface language, in the table's order. */
  header: readonly [string, string, string, string, string, string, string]
  online: string
  offline: string
}

/** The rows of the attendants' spreadsheet: the header, then one row per attendant. */
export const attendantsSheetRows = (
  attendants: readonly DashboardAttendant[],
  text: AttendantsSheetText,
): SheetCell[][] => [
  text.header.map(safeCell),
  ...attendants.map((attendant) =>
    [
      attendant.name,
      attendant.rating,
      attendant.countRating,
      attendant.tickets,
      formatMinutes(attendant.avgWaitTime),
      formatMinutes(attendant.avgSupportTime),
      attendant.online ? text.online : text.offline,
    ].map(safeCell),
  ),
]

/** The spreadsheet's name (000 §2: named for the attendants report). */
export const ATTENDANTS_SHEET_FILE = 'relatorio-atendentes.xlsx'

/** An .xlsx of `rows` (first row bold), built here: exceljs is fetched on the first export. */
export const buildAttendantsWorkbook = async (
  rows: SheetCell[][],
  sheetName: string,
): Promise<ArrayBuffer> => {
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31))
  sheet.addRows(rows)
  sheet.getRow(1).font = { bold: true }
  sheet.columns.forEach((column) => {
    column.width = 20
  })
  return workbook.xlsx.writeBuffer()
}

/** Saves `content` as `fileName` through a temporary link. */
export const downloadFile = (content: ArrayBuffer, fileName: string, type: string): void => {
  const url = URL.createObjectURL(new Blob([content], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  window.setTimeout(() => URL.revokeObjectURL(url), 0)
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
