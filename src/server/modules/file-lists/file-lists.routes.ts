import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { IdParams, MessageResponse } from '@shared/contracts/common'
import {
  FILE_LIST_OPTIONS_MAX,
  FILE_OPTION_MAX_BYTES,
  FileListDto,
  FileListPage,
  FileUploadResponse,
  ListFileListsQuery,
  SaveFileListBody,
} from '@shared/contracts/file-lists'
import { AppError } from '@server/lib/app-error'
import type { Services } from '@server/services'
import type { UploadPart } from './file-lists.service'

/** The upload form's parts, files streamed as they come. */
async function* uploadParts(request: FastifyRequest): AsyncIterable<UploadPart> {
  if (!request.isMultipart()) throw new AppError('ERR_INVALID_FILE')
  const parts = request.parts({
    limits: {
      fileSize: FILE_OPTION_MAX_BYTES,
      files: FILE_LIST_OPTIONS_MAX,
      fields: 10 + 4 * FILE_LIST_OPTIONS_MAX,
    },
  })
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'files') {
        part.file.resume()
        throw new AppError('ERR_INVALID_FILE')
      }
      yield { kind: 'file', file: part.file, filename: part.filename }
    } else yield { kind: 'field', name: part.fieldname, value: String(part.value) }
  }
}

/** File lists (002 §7 "Integrations and files"): admins; no plan gate (reference §0). */
export const fileListsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { fileLists } = services
  const config = { access: 'admin' } as const

  app.get(
    '/files',
    { schema: { querystring: ListFileListsQuery, response: { 200: FileListPage } }, config },
    (request) => fileLists.list(request.ctx, request.query),
  )

  app.get(
    '/files/:id',
    { schema: { params: IdParams, response: { 200: FileListDto } }, config },
    (request) => fileLists.get(request.ctx, request.params.id),
  )

  app.post(
    '/files',
    { schema: { body: SaveFileListBody, response: { 200: FileListDto } }, config },
    (request) => fileLists.create(request.ctx, request.body),
  )

  app.put(
    '/files/:id',
    {
      schema: { params: IdParams, body: SaveFileListBody, response: { 200: FileListDto } },
      config,
    },
    (request) => fileLists.update(request.ctx, request.params.id, request.body),
  )

  app.delete(
    '/files/:id',
    { schema: { params: IdParams, response: { 200: MessageResponse } }, config },
    async (request) => {
      await fileLists.remove(request.ctx, request.params.id)
      return { message: 'File list deleted.' }
    },
  )

  app.post(
    '/files/uploadList/:id',
    { schema: { params: IdParams, response: { 200: FileUploadResponse } }, config },
    // The form is read only once the caller may change the list.
    (request) => fileLists.upload(request.ctx, request.params.id, () => uploadParts(request)),
  )
}
