import { normalizePhoneNumber } from '@shared/contacts/phone'
import {
  CONTACT_LIST_SHEET_HEADERS,
  type ContactListUploadResult,
} from '@shared/contracts/contact-lists'
import { contactListRowProblem } from '@shared/contracts/contact-lists-rules'
import { UPLOAD_HEADER_ALIASES } from '@shared/contracts/contacts'
import { AppError } from '@server/lib/app-error'
import { buildContactsWorkbook, foldHeader, parseSheet } from '../contacts/contacts.sheet'
import type { ContactListItemValues } from './contact-list-items.repository'

/** An uploaded sheet's rows sorted out: those to add, and those refused with their problem. */
export interface SortedSheet {
  total: number
  accepted: ContactListItemValues[]
  rejected: ContactListUploadResult['rejected']
}

/**
 * Reads an uploaded list (reference §1, Upload): the first sheet, its columns found by their
 * headers (nome/name, the number aliases, email/e-mail); every row held to the item rules, and
 * a number seen earlier in the file refused as a duplicate. ERR_INVALID_FILE without a name and
 * a number column; a sheet longer than an import takes is refused whole, never cut.
 */
export async function sortUploadedSheet(data: Buffer): Promise<SortedSheet> {
  const sheet = await parseSheet(data)
  if (sheet.truncated) throw new AppError('ERR_SHEET_TOO_MANY_ROWS')
  const [headers = [], ...rows] = sheet.rows
  const folded = headers.map(foldHeader)
  const column = (aliases: readonly string[]) => {
    const index = folded.findIndex((header) => aliases.includes(header))
    return index === -1 ? null : index
  }
  const nameColumn = column(UPLOAD_HEADER_ALIASES.name)
  const numberColumn = column(UPLOAD_HEADER_ALIASES.number)
  const emailColumn = column(UPLOAD_HEADER_ALIASES.email)
  if (nameColumn === null || numberColumn === null) throw new AppError('ERR_INVALID_FILE')

  const seen = new Set<string>()
  const sorted: SortedSheet = { total: rows.length, accepted: [], rejected: [] }
  for (const [index, cells] of rows.entries()) {
    const form = {
      name: (cells[nameColumn] ?? '').trim(),
      number: (cells[numberColumn] ?? '').trim(),
      email: emailColumn === null ? '' : (cells[emailColumn] ?? '').trim(),
    }
    const number = normalizePhoneNumber(form.number)
    const problem =
      contactListRowProblem(form) ?? (number && seen.has(number) ? 'duplicateInFile' : null)
    if (problem || !number) {
      sorted.rejected.push({
        row: index + 2,
        problem: problem ?? 'invalidNumber',
        name: form.name,
        number: form.number,
      })
      continue
    }
    seen.add(number)
    sorted.accepted.push({ name: form.name, number, email: form.email })
  }
  return sorted
}

/** The example spreadsheet (002 §2.4): the headers an upload reads first, and two rows. */
export const exampleSheet = (): Promise<Buffer> =>
  buildContactsWorkbook(CONTACT_LIST_SHEET_HEADERS, [
    ['Maria Silva', '5511987654321', 'maria@exemplo.com.br'],
    ['João Souza', '5521998765432', ''],
  ])
