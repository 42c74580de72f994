import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, open, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, extname, join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { pipeline } from 'node:stream/promises'
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type'
import type { ServerConfig } from '@server/config'
import type { CoreDeps } from '@server/deps'
import { AppError } from '@server/lib/app-error'
import { createDiskStorage } from './media.disk'
import { withDiskFallback } from './media.legacy'
import { createS3Storage } from './media.s3'
import type { MediaStorage } from './media.storage'

const IMAGE_TYPES = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/webp', 'webp'],
  ['image/gif', 'gif'],
])

/**
 * Sniffed document types whose own extension is kept. Anything else is stored as `.bin`, so the
 * file server never labels an upload as markup (XML, HTML) that a browser would run.
 */
const DOCUMENT_EXTENSIONS = new Set([
  'pdf',
  'zip',
  'gz',
  '7z',
  'rar',
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'ods',
  'odp',
  'rtf',
  'epub',
  'cfb',
])

export type MediaKind = 'image' | 'audio' | 'video' | 'application' | 'text'

/** A file stored by `saveFile`. */
export interface StoredFile {
  /** Relative to the company's media folder. */
  path: string
  mime: string
  /** The MIME family, as messages name their mediaType. */
  kind: MediaKind
  /** The uploader's file name made safe for display and for the provider's document name. */
  name: string
  size: number
}

const kindOf = (mime: string): MediaKind => {
  const family = mime.split('/')[0]
  return family === 'image' || family === 'audio' || family === 'video' || family === 'text'
    ? family
    : 'application'
}

/** A display name without folders, control characters or absurd length. */
export function safeFileName(original: string | undefined, fallback: string): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? ''
  const cleaned = [...base]
    .filter((char) => char.charCodeAt(0) > 0x1f && char !== '\u007f')
    .join('')
    .trim()
    .slice(-200)
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : fallback
}

/** Plain UTF-8 text (no NUL, decodes cleanly): the only undetected content given a text type. */
function looksLikeText(head: Buffer): boolean {
  if (head.length === 0 || head.includes(0)) return false
  try {
    // `stream` tolerates a multi-byte character cut at the end of the sample.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true })
    return true
  } catch {
    return false
  }
}

/** Signed URLs stay identical within an hour so clients can cache them. */
const URL_LIFETIME_SECONDS = 3600

/** Uploads on their way to an object store, and objects a driver needs as a file. */
const STAGING_DIR = join(tmpdir(), 'atende-media')

/**
 * The configured storage: the S3 bucket when `S3_BUCKET` is set, still reading the files kept
 * on disk before it; otherwise the disk under `DATA_DIR/media`.
 */
function createMediaStorage(config: ServerConfig): MediaStorage {
  const disk = createDiskStorage(config.mediaDir)
  return config.s3
    ? withDiskFallback(createS3Storage(config.s3, { stagingDir: STAGING_DIR }), disk)
    : disk
}

/**
 * Media files of each company, `{companyId}/{folder}/{name}`, on disk or in an object store
 * (`createMediaStorage`), with server-made names; the content decides the type, never the
 * client's file name. Files are served through short-lived signed URLs.
 */
export function createMediaService(deps: CoreDeps) {
  const storage = createMediaStorage(deps.config)

  /** The file's content; ERR_MEDIA_UNAVAILABLE when it is gone. */
  async function contentOf(companyId: number, relative: string, range?: string) {
    const content = await storage.read(companyId, relative, range)
    if (!content) throw new AppError('ERR_MEDIA_UNAVAILABLE')
    return content
  }

  return {
    /** Stores an image of at most `maxBytes`; answers its path relative to the company folder. */
    async saveImage(
      companyId: number,
      folder: string,
      content: Buffer,
      maxBytes: number,
    ): Promise<string> {
      if (content.length > maxBytes) throw new AppError('ERR_FILE_TOO_LARGE')
      const type = await fileTypeFromBuffer(content)
      const extension = type ? IMAGE_TYPES.get(type.mime) : undefined
      if (!type || !extension) throw new AppError('ERR_INVALID_FILE')
      const relative = `${folder}/${randomBytes(16).toString('hex')}.${extension}`
      await storage.write(companyId, relative, content, type.mime)
      return relative
    },

    /**
     * Stores any file of at most `maxBytes` under `folder`, streaming it to a staging file, then
     * to the storage. The type comes from the content (file-type); the server makes the name.
     * Throws ERR_FILE_TOO_LARGE.
     */
    async saveFile(
      companyId: number,
      folder: string,
      content: Buffer | Readable,
      options: { maxBytes: number; originalName?: string },
    ): Promise<StoredFile> {
      const id = randomBytes(16).toString('hex')
      const partial = storage.stagingPath(companyId, folder, id)
      await mkdir(dirname(partial), { recursive: true })
      let size = 0
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length
          done(size > options.maxBytes ? new AppError('ERR_FILE_TOO_LARGE') : null, chunk)
        },
      })
      try {
        const source = Buffer.isBuffer(content) ? Readable.from([content]) : content
        await pipeline(source, limit, createWriteStream(partial, { mode: 0o640 }))
        // Busboy cuts a part at its own limit without an error: the file is incomplete.
        if ((content as Readable & { truncated?: boolean }).truncated)
          throw new AppError('ERR_FILE_TOO_LARGE')

        const sniffed = await fileTypeFromFile(partial)
        let mime = sniffed?.mime ?? 'application/octet-stream'
        let extension = 'bin'
        if (sniffed) {
          const kind = kindOf(sniffed.mime)
          if (kind === 'image' || kind === 'audio' || kind === 'video') extension = sniffed.ext
          else if (DOCUMENT_EXTENSIONS.has(sniffed.ext)) extension = sniffed.ext
        } else {
          const handle = await open(partial)
          const head = Buffer.alloc(Math.min(size, 4096))
          await handle.read(head, 0, head.length, 0).finally(() => handle.close())
          if (looksLikeText(head)) {
            mime = 'text/plain'
            extension = 'txt'
          }
        }
        const relative = `${folder}/${id}.${extension}`
        await storage.commit(partial, companyId, relative, servedType(mime, extension))
        return {
          path: relative,
          mime,
          kind: kindOf(mime),
          name: safeFileName(options.originalName, `${id}.${extension}`),
          size,
        }
      } catch (error) {
        await rm(partial, { force: true })
        throw error
      }
    },

    /**
     * Runs `use` with the file as a path of this machine (for drivers that upload from a path):
     * a file of the object store is downloaded for the call and removed after it.
     * ERR_MEDIA_UNAVAILABLE when the file is gone.
     */
    async withLocalFile<T>(
      companyId: number,
      relative: string,
      use: (path: string) => Promise<T>,
    ): Promise<T> {
      const content = await contentOf(companyId, relative)
      if ('path' in content) return use(content.path)
      const copy = join(STAGING_DIR, `${randomBytes(16).toString('hex')}${extname(relative)}`)
      try {
        await mkdir(STAGING_DIR, { recursive: true })
        await pipeline(content.body, createWriteStream(copy, { mode: 0o600 }))
        return await use(copy)
      } finally {
        await rm(copy, { force: true })
      }
    },

    /** The file's bytes; ERR_MEDIA_UNAVAILABLE when it is gone. */
    async readFile(companyId: number, relative: string): Promise<Buffer> {
      const content = await contentOf(companyId, relative)
      return 'path' in content ? readFile(content.path) : buffer(content.body)
    },

    /** The file to serve for a signed URL; `range` is one Range header range. */
    content: contentOf,

    async remove(companyId: number, relative: string): Promise<void> {
      await storage.remove(companyId, relative)
    },

    /** Every file of the company (its deletion). */
    async removeCompany(companyId: number): Promise<void> {
      await storage.removeCompany(companyId)
    },

    /** Bytes and files the company stores. */
    usage: (companyId: number) => storage.usage(companyId),

    signedUrl(companyId: number, relative: string): string {
      const path = `/media/${companyId}/${relative}`
      const expires =
        (Math.floor(Date.now() / 1000 / URL_LIFETIME_SECONDS) + 2) * URL_LIFETIME_SECONDS
      return `${path}?expires=${expires}&signature=${deps.tokens.signPath(path, expires)}`
    },

    /** Whether a media URL's signature is ours and has not expired. */
    isSigned(companyId: number, relative: string, expires: number, signature: string): boolean {
      return deps.tokens.verifyPathSignature(`/media/${companyId}/${relative}`, expires, signature)
    },
  }
}

/**
 * The type a file is served with: the sniffed one where the extension was kept; a `.bin` is
 * opaque bytes however it sniffed, so no upload is ever served as markup a browser would run.
 */
function servedType(mime: string, extension: string): string {
  if (extension === 'bin') return 'application/octet-stream'
  if (extension === 'txt') return 'text/plain; charset=utf-8'
  return mime
}

export type MediaService = ReturnType<typeof createMediaService>
