import type { CoreDeps } from '@server/deps'
import type { ErrorCode } from '@shared/errors'
import { AppError } from '@server/lib/app-error'
import type { MediaService, StoredFile } from './media.service'
import type { UploadedFile } from './media.upload'

/** The columns of a record's one attached file. */
export interface AttachmentFields {
  mediaPath: string | null
  mediaName: string | null
  mediaMime: string | null
}

export const NO_ATTACHMENT: AttachmentFields = { mediaPath: null, mediaName: null, mediaMime: null }

/**
 * The one file a record carries (a quick message's, a campaign's, a schedule's), kept under the
 * company's `folder` with a generated name. A replaced or removed file is deleted unless a sent
 * message shows it (messages share the files they send), and a failure to delete one leaves the
 * file, never the change.
 */
export function createAttachments(
  deps: CoreDeps,
  options: {
    media: Pick<MediaService, 'saveFile' | 'remove'>
    /** Whether a sent message shows a stored file. */
    fileShown: (companyId: number, path: string) => Promise<boolean>
    folder: string
    maxBytes: number
    /** The kinds of file the record takes (any when absent); others are ERR_INVALID_FILE. */
    accepts?: (file: StoredFile) => boolean
    /** The record's not-found code, when it was deleted while the file was read. */
    missing: ErrorCode
  },
) {
  const { media, fileShown } = options

  async function release(companyId: number, path: string | null | undefined) {
    if (!path) return
    await (async () => {
      if (!(await fileShown(companyId, path))) await media.remove(companyId, path)
    })().catch((error: unknown) => {
      deps.log.warn({ err: error, companyId, path }, 'an attached file was not removed')
    })
  }

  return {
    release,

    /**
     * Stores the upload and hands its columns to `save`, which answers false when the record is
     * gone; the new file is then removed and nothing changes. The previous file goes after.
     */
    async replace(
      companyId: number,
      upload: UploadedFile,
      previous: string | null,
      save: (fields: AttachmentFields) => Promise<boolean>,
    ): Promise<void> {
      const stored = await media.saveFile(companyId, options.folder, upload.file, {
        maxBytes: options.maxBytes,
        originalName: upload.filename,
      })
      const discard = async (error: unknown): Promise<never> => {
        await release(companyId, stored.path)
        throw error
      }
      if (options.accepts && !options.accepts(stored))
        await discard(new AppError('ERR_INVALID_FILE'))
      const fields = { mediaPath: stored.path, mediaName: stored.name, mediaMime: stored.mime }
      if (!(await save(fields).catch(discard))) await discard(new AppError(options.missing))
      await release(companyId, previous)
    },

    /** Clears the record's file with `save` (false: the record is gone), then deletes it. */
    async clear(
      companyId: number,
      previous: string | null,
      save: (fields: AttachmentFields) => Promise<boolean>,
    ): Promise<void> {
      if (!(await save(NO_ATTACHMENT))) throw new AppError(options.missing)
      await release(companyId, previous)
    },
  }
}
