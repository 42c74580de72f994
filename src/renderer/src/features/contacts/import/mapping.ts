/** The contact fields a spreadsheet column can be mapped to (000 §5 Contact import). */
export const IMPORT_FIELDS = ['name', 'number', 'email', 'tags'] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]

/** Column index → the field it fills; an unmapped column is absent. */
export type ColumnMapping = Partial<Record<number, ImportField>>

/** One row ready for POST /contactsImport. */
export interface MappedContact {
  name: string
  number: string
  email: string
  tags: string
}

/** Why the mapping cannot be confirmed yet; the page shows each as the spec's message. */
export type MappingProblem =
  { kind: 'missingNumber' } | { kind: 'missingName' } | { kind: 'noRowSelected' }

/**
 * Maps `column` to `field`, or explains why not: a field already taken by another column is
 * refused ('O campo {x} já foi selecionado.'); an empty field clears the column.
 */
export const assignColumn = (
  mapping: ColumnMapping,
  column: number,
  field: ImportField | null,
): { mapping: ColumnMapping } | { duplicate: ImportField } => {
  if (field !== null) {
    const taken = Object.entries(mapping).some(
      ([index, mapped]) => mapped === field && Number(index) !== column,
    )
    if (taken) return { duplicate: field }
  }
  const next = { ...mapping }
  if (field === null) delete next[column]
  else next[column] = field
  return { mapping: next }
}

const columnOf = (mapping: ColumnMapping, field: ImportField): number | undefined => {
  const entry = Object.entries(mapping).find(([, mapped]) => mapped === field)
  return entry ? Number(entry[0]) : undefined
}

/** The first rule the mapping breaks, in the order the spec lists them, or null when it is ready. */
export const mappingProblem = (
  mapping: ColumnMapping,
  selectedRows: ReadonlySet<number>,
): MappingProblem | null => {
  if (columnOf(mapping, 'number') === undefined) return { kind: 'missingNumber' }
  if (columnOf(mapping, 'name') === undefined) return { kind: 'missingName' }
  if (selectedRows.size === 0) return { kind: 'noRowSelected' }
  return null
}

const cell = (row: readonly string[], column: number | undefined): string =>
  column === undefined ? '' : (row[column] ?? '').trim()

/**
 * A row's number as the user sees it in the spreadsheet: the header is row 1, so the first data
 * row (index 0 of the preview) is row 2.
 */
export const sheetRowNumber = (index: number): number => index + 2

/** A selected row left out before sending because a required cell is empty (000 §5). */
export interface LeftOutRow {
  /** The spreadsheet's row number (`sheetRowNumber`). */
  row: number
  reason: 'missingName' | 'missingNumber'
  name: string
  number: string
}

/**
 * The selected rows as contacts, in file order, each with its spreadsheet row number (so the
 * server's per-row results can be named as the user sees them). A row whose name or number cell
 * is empty is left out (000 §5) and listed, so the summary counts only what it shows.
 */
export const mapRows = (
  rows: readonly (readonly string[])[],
  mapping: ColumnMapping,
  selectedRows: ReadonlySet<number>,
): { contacts: MappedContact[]; sheetRows: number[]; leftOut: LeftOutRow[] } => {
  const columns = {
    name: columnOf(mapping, 'name'),
    number: columnOf(mapping, 'number'),
    email: columnOf(mapping, 'email'),
    tags: columnOf(mapping, 'tags'),
  }
  const contacts: MappedContact[] = []
  const sheetRows: number[] = []
  const leftOut: LeftOutRow[] = []
  rows.forEach((row, index) => {
    if (!selectedRows.has(index)) return
    const contact = {
      name: cell(row, columns.name),
      number: cell(row, columns.number),
      email: cell(row, columns.email),
      tags: cell(row, columns.tags),
    }
    if (!contact.name || !contact.number) {
      const reason = contact.name ? 'missingNumber' : 'missingName'
      leftOut.push({
        row: sheetRowNumber(index),
        reason,
        name: contact.name,
        number: contact.number,
      })
      return
    }
    contacts.push(contact)
    sheetRows.push(sheetRowNumber(index))
  })
  return { contacts, sheetRows, leftOut }
}

const HEADER_GUESSES: Record<ImportField, readonly string[]> = {
  name: ['nome', 'name', 'nombre', 'ad', 'isim'],
  number: ['numero', 'número', 'number', 'telefone', 'phone', 'celular', 'whatsapp', 'telefono'],
  email: ['email', 'e-mail', 'correo'],
  tags: ['tags', 'etiquetas', 'etiketler'],
}

/**
 * A first mapping from the header row, so a file with the usual headers (the server's aliases:
 * nome, número, e-mail) needs no clicks; each field is guessed at most once.
 */
export const guessMapping = (header: readonly string[]): ColumnMapping => {
  const mapping: ColumnMapping = {}
  const used = new Set<ImportField>()
  header.forEach((title, column) => {
    const normalised = title.trim().toLowerCase()
    const field = IMPORT_FIELDS.find(
      (candidate) => !used.has(candidate) && HEADER_GUESSES[candidate].includes(normalised),
    )
    if (field) {
      mapping[column] = field
      used.add(field)
    }
  })
  return mapping
}
