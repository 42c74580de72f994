import { Type, type Static } from '@sinclair/typebox'
import { Id } from './common'

/** 002 §5: the name, required, at least 3 characters; unique within the company. */
export const FILE_LIST_NAME = { min: 3, max: 100 } as const
export const FILE_LIST_MESSAGE_MAX = 4096
export const FILE_LIST_PAGE_SIZE = 20
/** Files a list offers; each is sent as its own message. */
export const FILE_LIST_OPTIONS_MAX = 20
/** One option's file: the largest a WhatsApp video may be (002 §5, video 20 MB). */
export const FILE_OPTION_MAX_BYTES = 20 * 1024 * 1024

/** One file of a list: `path` and `mediaType` stay null until its file is uploaded. */
export const FileOptionDto = Type.Object({
  id: Id,
  name: Type.String(),
  /** The stored file, relative to the company's media. */
  path: Type.Union([Type.String(), Type.Null()]),
  /** The file's MIME type, read from its content. */
  mediaType: Type.Union([Type.String(), Type.Null()]),
  /** A short-lived address to preview the file. */
  url: Type.Union([Type.String(), Type.Null()]),
})
export type FileOptionDto = Static<typeof FileOptionDto>

/** A file list (002 §3.13, reference §8): its message is sent before its files. */
export const FileListDto = Type.Object({
  id: Id,
  name: Type.String(),
  message: Type.String(),
  options: Type.Array(FileOptionDto),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type FileListDto = Static<typeof FileListDto>

/** A row of GET /files/: the list without its options, and how many it has. */
export const FileListSummaryDto = Type.Object({
  id: Id,
  name: Type.String(),
  message: Type.String(),
  optionCount: Type.Integer({ minimum: 0 }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type FileListSummaryDto = Static<typeof FileListSummaryDto>

/** GET /files/ (searchParam, pageNumber), by name. */
export const ListFileListsQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
})
export type ListFileListsQuery = Static<typeof ListFileListsQuery>

export const FileListPage = Type.Object({
  files: Type.Array(FileListSummaryDto),
  count: Type.Integer({ minimum: 0 }),
  hasMore: Type.Boolean(),
})
export type FileListPage = Static<typeof FileListPage>

/**
 * POST /files and PUT /files/{id}: the list and its options by name. An option with an id keeps
 * its file; one without is new (its file is uploaded next); a stored option left out is deleted
 * with its file.
 */
export const SaveFileListBody = Type.Object({
  name: Type.String({ maxLength: 500 }),
  message: Type.String({ maxLength: FILE_LIST_MESSAGE_MAX }),
  options: Type.Array(
    Type.Object({ id: Type.Optional(Id), name: Type.String({ maxLength: 500 }) }),
    { maxItems: FILE_LIST_OPTIONS_MAX },
  ),
})
export type SaveFileListBody = Static<typeof SaveFileListBody>

/**
 * POST /files/uploadList/{id} (002 §7): multipart with `fileId`, `typeArch` "fileList", then per
 * option `files`, `mediaType`, `name` and `id`. The answer keeps the spec's `mensagem` and adds
 * the list as it now is.
 */
export const FileUploadResponse = Type.Object({ mensagem: Type.String(), files: FileListDto })
export type FileUploadResponse = Static<typeof FileUploadResponse>
