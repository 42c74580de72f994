import { describe, expect, it } from 'vitest'
import { CONTACT_LIST_UPLOAD_MAX_BYTES } from '@shared/contracts/contact-lists'
import { IMPORT_ACCEPT, importFileProblem } from './import-file'

/** A file the size of `bytes` without holding them. */
const sized = (name: string, bytes = 10): File => {
  const file = new File(['x'], name)
  Object.defineProperty(file, 'size', { value: bytes })
  return file
}

describe('importFileProblem (002 §2.5: .xls/.xlsx, and .csv)', () => {
  it('offers the spreadsheets of 002 §2.5 and csv in the picker', () => {
    expect(IMPORT_ACCEPT.split(',').sort()).toEqual(['.csv', '.xls', '.xlsx'])
  })

  it('accepts the spreadsheets the upload reads, in any case', () => {
    for (const name of ['clientes.xlsx', 'CLIENTES.XLSX', 'lista.csv']) {
      expect(importFileProblem(sized(name))).toBeNull()
    }
  })

  it('tells the legacy .xls apart, which the server cannot read', () => {
    expect(importFileProblem(sized('antiga.xls'))).toBe('legacy')
    expect(importFileProblem(sized('ANTIGA.XLS'))).toBe('legacy')
  })

  it('refuses another type before sending it', () => {
    for (const name of ['foto.png', 'xlsx', 'planilha.xlsx.pdf']) {
      expect(importFileProblem(sized(name))).toBe('type')
    }
  })

  it('refuses a file over the upload limit', () => {
    expect(importFileProblem(sized('grande.xlsx', CONTACT_LIST_UPLOAD_MAX_BYTES))).toBeNull()
    expect(importFileProblem(sized('grande.xlsx', CONTACT_LIST_UPLOAD_MAX_BYTES + 1))).toBe('size')
  })
})
