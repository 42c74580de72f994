import type { FileListDto, FileListSummaryDto } from '@shared/contracts/file-lists'
import type { FileListWithOptions } from './file-lists.repository'
import type { FileListRow } from './file-lists.table'

/** A stored file's short-lived address. */
export type MediaUrl = (path: string) => string

export function presentFileList(row: FileListWithOptions, mediaUrl: MediaUrl): FileListDto {
  return {
    id: row.id,
    name: row.name,
    message: row.message,
    options: row.options.map((option) => ({
      id: option.id,
      name: option.name,
      path: option.path,
      mediaType: option.mediaType,
      url: option.path === null ? null : mediaUrl(option.path),
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function presentFileListSummary(
  row: FileListRow & { optionCount: number },
): FileListSummaryDto {
  return {
    id: row.id,
    name: row.name,
    message: row.message,
    optionCount: row.optionCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
