import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, normalize, sep } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type'
import type { CoreDeps } from '@server/deps'
import { AppError } from '@server/lib/app-error'

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

/**
 * Files under `DATA_DIR/media/{companyId}/…` with server-made names; the content decides the
 * type, never the client's file name. Files are served through short-lived signed URLs.
 */
export function createMediaService(deps: CoreDeps) {
  const root = deps.config.mediaDir

  const absolute = (companyId: number, relative: string) => {
    const companyRoot = join(root, String(companyId))
    const path = normalize(join(companyRoot, relative))
    if (!path.startsWith(companyRoot + sep)) throw new AppError('ERR_NOT_FOUND')
    return path
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
      if (!extension) throw new AppError('ERR_INVALID_FILE')
      const relative = `${folder}/${randomBytes(16).toString('hex')}.${extension}`
      const path = absolute(companyId, relative)
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, content, { mode: 0o640 })
      return relative
    },

    /**
     * Stores any file of at most `maxBytes` under `folder`, streaming it to disk. The type comes
     * from the content (file-type); the server makes the name. Throws ERR_FILE_TOO_LARGE.
     */
    async saveFile(
      companyId: number,
      folder: string,
      content: Buffer | Readable,
      options: { maxBytes: number; originalName?: string },
    ): Promise<StoredFile> {
      const id = randomBytes(16).toString('hex')
      const partial = absolute(companyId, `${folder}/.${id}.part`)
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
        await rename(partial, absolute(companyId, relative))
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

    /** The file's place on disk (for drivers that upload from a path). */
    absolutePath: (companyId: number, relative: string) => absolute(companyId, relative),

    /** The file's bytes; ERR_MEDIA_UNAVAILABLE when it is gone. */
    async readFile(companyId: number, relative: string): Promise<Buffer> {
      try {
        return await readFile(absolute(companyId, relative))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT')
          throw new AppError('ERR_MEDIA_UNAVAILABLE')
        throw error
      }
    },

    async remove(companyId: number, relative: string): Promise<void> {
      await rm(absolute(companyId, relative), { force: true })
    },

    signedUrl(companyId: number, relative: string): string {
      const path = `/media/${companyId}/${relative}`
      const expires =
        (Math.floor(Date.now() / 1000 / URL_LIFETIME_SECONDS) + 2) * URL_LIFETIME_SECONDS
      return `${path}?expires=${expires}&signature=${deps.tokens.signPath(path, expires)}`
    },

    /** The file behind a signed URL, or null when the signature is wrong or expired. */
    resolveSigned(
      companyId: number,
      relative: string,
      expires: number,
      signature: string,
    ): string | null {
      const path = `/media/${companyId}/${relative}`
      if (!deps.tokens.verifyPathSignature(path, expires, signature)) return null
      return absolute(companyId, relative)
    },
  }
}

export type MediaService = ReturnType<typeof createMediaService>
