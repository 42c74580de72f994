import { randomBytes } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join, normalize, sep } from 'node:path'
import { fileTypeFromBuffer } from 'file-type'
import type { CoreDeps } from '../../deps'
import { AppError } from '../../lib/app-error'

const IMAGE_TYPES = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/webp', 'webp'],
  ['image/gif', 'gif'],
])

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
