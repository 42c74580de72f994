import type { Readable } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import { AppError } from '@server/lib/app-error'

/** A file of a multipart form, streamed: read only once the caller may change the record. */
export interface UploadedFile {
  file: Readable
  filename: string
}

/**
 * The one file of an upload form, in its part `field`; other fields (the spec's `typeArch`)
 * are ignored. ERR_INVALID_FILE when the request is not multipart or names another part;
 * busboy stops the file at `maxBytes` and the storage then refuses it as too large.
 */
export async function singleFileUpload(
  request: FastifyRequest,
  options: { maxBytes: number; field?: string },
): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new AppError('ERR_INVALID_FILE')
  const file = await request.file({ limits: { fileSize: options.maxBytes, files: 1, fields: 10 } })
  if (file?.fieldname !== (options.field ?? 'file')) {
    file?.file.resume()
    throw new AppError('ERR_INVALID_FILE')
  }
  return { file: file.file, filename: file.filename }
}
