import type { FileListDto, FileListSummaryDto, FileOptionDto } from '@shared/contracts/file-lists'

const STAMP = '2026-01-01T00:00:00.000Z'

/** An option whose PDF is stored, as the server answers it; `overrides` change any field. */
export const fileOption = (id: number, overrides: Partial<FileOptionDto> = {}) =>
  ({
    id,
    name: `Arquivo ${id}`,
    path: `company1/fileList/arquivo-${id}.pdf`,
    mediaType: 'application/pdf',
    url: `https://cdn.loja.com/preview/arquivo-${id}.pdf?sig=abc`,
    ...overrides,
  }) satisfies FileOptionDto

/** A file list as GET /files/{id} answers it; `overrides` change any field. */
export const fileList = (id: number, overrides: Partial<FileListDto> = {}) =>
  ({
    id,
    name: `Lista ${id}`,
    message: 'Seguem os arquivos:',
    options: [],
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  }) satisfies FileListDto

/** The row of GET /files/ a list makes. */
export const fileListSummary = (list: FileListDto): FileListSummaryDto => ({
  id: list.id,
  name: list.name,
  message: list.message,
  optionCount: list.options.length,
  createdAt: list.createdAt,
  updatedAt: list.updatedAt,
})

/** A file the size of `bytes` without holding them: only its `size` is read before sending. */
export const sizedFile = (name: string, type: string, bytes: number): File => {
  const file = new File(['%'], name, { type })
  Object.defineProperty(file, 'size', { value: bytes })
  return file
}
