import { once } from 'node:events'
import { crc32, createDeflateRaw } from 'node:zlib'

/**
 * Hand-made xlsx files for the sheet limits: a workbook whose one sheet is whatever XML the test
 * streams in, deflated as it comes (a sheet of a gigabyte never sits in memory), optionally with
 * a declared size that lies. Excel and exceljs write honest archives; attackers need not.
 */

interface ZipEntry {
  name: string
  deflated: Buffer
  crc: number
  size: number
  /** What the headers claim the entry unpacks to. */
  declaredSize: number
}

async function deflateEntry(
  name: string,
  parts: Iterable<string>,
  declaredSize?: number,
): Promise<ZipEntry> {
  const deflater = createDeflateRaw()
  const chunks: Buffer[] = []
  deflater.on('data', (chunk: Buffer) => chunks.push(chunk))
  let crc = 0
  let size = 0
  for (const part of parts) {
    const bytes = Buffer.from(part)
    crc = crc32(bytes, crc)
    size += bytes.length
    if (!deflater.write(bytes)) await once(deflater, 'drain')
  }
  deflater.end()
  await once(deflater, 'end')
  return { name, deflated: Buffer.concat(chunks), crc, size, declaredSize: declaredSize ?? size }
}

function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(entry.crc >>> 0, 14)
    local.writeUInt32LE(entry.deflated.length, 18)
    local.writeUInt32LE(entry.declaredSize, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(entry.crc >>> 0, 16)
    central.writeUInt32LE(entry.deflated.length, 20)
    central.writeUInt32LE(entry.declaredSize, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, entry.deflated)
    centrals.push(central, name)
    offset += local.length + name.length + entry.deflated.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const PACKAGE_PARTS: [string, string][] = [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  ],
  [
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ],
  [
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Planilha" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ],
  [
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  ],
]

const SHEET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
const SHEET_CLOSE = '</sheetData></worksheet>'

/**
 * An xlsx whose first sheet's `<sheetData>` holds `content`, streamed in parts; cells of type
 * `s` refer to `sharedStrings` by index.
 */
export async function xlsxWithSheetData(
  content: Iterable<string>,
  options: { declaredSheetSize?: number; sharedStrings?: string[] } = {},
): Promise<Buffer> {
  const entries = await Promise.all(PACKAGE_PARTS.map(([name, xml]) => deflateEntry(name, [xml])))
  if (options.sharedStrings) {
    const strings = options.sharedStrings.map((text) => `<si><t>${text}</t></si>`).join('')
    entries.push(
      await deflateEntry('xl/sharedStrings.xml', [
        `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${strings}</sst>`,
      ]),
    )
  }
  const sheet = await deflateEntry(
    'xl/worksheets/sheet1.xml',
    (function* () {
      yield SHEET_OPEN
      yield* content
      yield SHEET_CLOSE
    })(),
    options.declaredSheetSize,
  )
  return zip([...entries, sheet])
}

/** `bytes` of spaces in parts of 1 MiB: a sheet that deflates about a thousandfold. */
export function* spaces(bytes: number): Generator<string> {
  const part = ' '.repeat(1024 * 1024)
  for (let left = bytes; left > 0; left -= part.length)
    yield left >= part.length ? part : part.slice(0, left)
}

/** `count` rows of one text cell each, as an export with inline strings writes them. */
export function* oneCellRows(count: number, text: (row: number) => string): Generator<string> {
  for (let row = 1; row <= count; row++)
    yield `<row r="${row}"><c r="A${row}" t="inlineStr"><is><t>${text(row)}</t></is></c></row>`
}
