import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import type { DashboardAttendant } from '@shared/contracts/dashboard'
import { attendantsSheetRows, buildAttendantsWorkbook, safeCell } from './attendants-sheet'

const attendant = (overrides: Partial<DashboardAttendant>): DashboardAttendant => ({
  id: 1,
  name: 'Ana',
  online: true,
  rating: 9.5,
  countRating: 4,
  tickets: 10,
  avgWaitTime: 5.2,
  avgSupportTime: 75.5,
  ...overrides,
})

const TEXT = {
  header: ['Nome', 'Avaliação', 'Avaliados', 'Total', 'Espera', 'Atendimento', 'Status'],
  online: 'Online',
  offline: 'Offline',
} as const

describe('attendants spreadsheet', () => {
  it('keeps text that a spreadsheet would run as a formula as text', () => {
    expect(
      ['=SUM(A1)', '+55', '-1', '@cmd', '\t=1', '\r=1', 'Ana', 'a=b', 7].map(safeCell),
    ).toEqual(["'=SUM(A1)", "'+55", "'-1", "'@cmd", "'\t=1", "'\r=1", 'Ana', 'a=b', 7])
  })

  it('has the header in the interface language, then one row per attendant', () => {
    const rows = attendantsSheetRows(
      [attendant({}), attendant({ id: 2, name: '=HYPERLINK("x")', online: false, rating: 0 })],
      TEXT,
    )
    expect(rows).toEqual([
      [...TEXT.header],
      ['Ana', 9.5, 4, 10, '00h 05m', '01h 16m', 'Online'],
      ['\'=HYPERLINK("x")', 0, 4, 10, '00h 05m', '01h 16m', 'Offline'],
    ])
  })

  it('writes an xlsx whose cells are values, never formulas', async () => {
    const rows = attendantsSheetRows([attendant({ name: '=1+1' })], TEXT)
    const content = await buildAttendantsWorkbook(rows, 'Atendentes')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(content)
    const sheet = workbook.getWorksheet('Atendentes')!
    expect(sheet.getRow(1).getCell(1).value).toBe('Nome')
    expect(sheet.getRow(2).getCell(1).value).toBe("'=1+1")
    expect(sheet.getRow(2).getCell(2).value).toBe(9.5)
  })
})
