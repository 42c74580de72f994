import { posix } from 'node:path'
import type { Readable } from 'node:stream'
import { AppError } from '@server/lib/app-error'

/** Bytes and files a company stores. */
export interface MediaUsage {
  size: number
  files: number
}

/** A stored file's content: a file on this machine, or a stream from elsewhere. */
export type StoredContent =
  | { path: string }
  | {
      body: Readable
      /** The content type given when the file was stored. */
      contentType: string
      /** Bytes in `body`. */
      length: number
      /** `bytes start-end/total` when `body` is the part a range asked for. */
      contentRange: string | null
      lastModified: Date | null
      etag: string | null
    }

/**
 * Where a company's media lives: files named `{companyId}/{relative}`, where `relative` is what
 * the database stores (`messages/ab12….jpg`). The same relative paths work in every storage.
 * Members are functions, not methods: a storage is composed from another's members.
 */
export interface MediaStorage {
  /**
   * A file of this machine to write an upload to while it is measured and sniffed, before
   * `commit` stores it under its final name. The caller creates its folder and removes it on
   * failure.
   */
  stagingPath: (companyId: number, folder: string, id: string) => string
  /** Stores the staged file as `relative`; the staged file is gone afterwards. */
  commit: (
    staged: string,
    companyId: number,
    relative: string,
    contentType: string,
  ) => Promise<void>
  write: (
    companyId: number,
    relative: string,
    content: Buffer,
    contentType: string,
  ) => Promise<void>
  /**
   * The file, or null when there is none. `range` (one Range header range, `bytes=0-99`) is
   * honoured by streams; a file on this machine is served with its own range handling.
   */
  read: (companyId: number, relative: string, range?: string) => Promise<StoredContent | null>
  /** Removes the file; a missing file is not an error. */
  remove: (companyId: number, relative: string) => Promise<void>
  /** Removes every file of the company. */
  removeCompany: (companyId: number) => Promise<void>
  usage: (companyId: number) => Promise<MediaUsage>
}

/**
 * `relative` as a key under the company's own folder, or ERR_NOT_FOUND when it would leave it
 * (`..`, an absolute path): a signed URL of one company never reaches another's files.
 */
export function companyKey(companyId: number, relative: string): string {
  const normal = posix.normalize(relative)
  if (
    normal === '.' ||
    normal.startsWith('../') ||
    normal === '..' ||
    posix.isAbsolute(normal) ||
    normal.includes('\\')
  )
    throw new AppError('ERR_NOT_FOUND')
  return `${companyId}/${normal}`
}
