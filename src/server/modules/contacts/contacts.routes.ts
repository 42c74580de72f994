import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import { IdParams, MessageResponse } from '@shared/contracts/common'
import {
  BlockContactBody,
  CONTACT_UPLOAD_EXTENSIONS,
  CONTACT_UPLOAD_MAX_BYTES,
  ContactDetailDto,
  ContactDto,
  ContactList,
  ContactPickerList,
  ContactPickerQuery,
  ContactProfileDto,
  ContactProfileParams,
  ContactTagsDto,
  CreateContactBody,
  ExportContactsQuery,
  ImportContactBody,
  ImportFromConnectionQuery,
  ImportJobDetailDto,
  ImportJobDto,
  ImportRowsBody,
  ListContactsQuery,
  UpdateContactBody,
  UploadPreviewDto,
} from '@shared/contracts/contacts'
import { SyncContactTagsBody } from '@shared/contracts/tags'
import { AppError } from '@server/lib/app-error'
import type { Services } from '@server/services'

const ContactIdParams = Type.Object({ contactId: IdParams.properties.id })

/**
 * The `file` part of an upload (000 §5: xls, xlsx, csv, txt), read into memory: at most
 * CONTACT_UPLOAD_MAX_BYTES (10 MiB, else 413 ERR_FILE_TOO_LARGE). What the sheet inside may
 * hold is SHEET_LIMITS (contacts.sheet.limits.ts), checked while it is read on a worker thread,
 * each bound with its 400: 50,000 rows (the preview answers the first ones with `truncated`,
 * an upload is ERR_SHEET_TOO_MANY_ROWS), 100 filled columns (ERR_SHEET_TOO_MANY_COLUMNS),
 * 1,000,000 filled cells (ERR_SHEET_TOO_MANY_CELLS), 16 million characters
 * (ERR_SHEET_TOO_MUCH_TEXT), an xlsx of 1,000 entries and 128 MiB unpacked, or a read of
 * more than 30 s (ERR_SHEET_TOO_LARGE).
 */
async function uploadedSheet(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('ERR_INVALID_FILE')
  const file = await request.file({
    limits: { fileSize: CONTACT_UPLOAD_MAX_BYTES, files: 1, fields: 10 },
  })
  if (file?.fieldname !== 'file') throw new AppError('ERR_INVALID_FILE')
  const extension = file.filename.split('.').pop()?.toLowerCase() ?? ''
  if (!(CONTACT_UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) {
    file.file.resume()
    throw new AppError('ERR_INVALID_FILE')
  }
  return file.toBuffer()
}

/** Contacts, contact tags and imports (000 §7 Contacts, reference §10). */
export const contactsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { contacts, contactImports } = services

  app.get(
    '/contacts',
    {
      schema: { querystring: ListContactsQuery, response: { 200: ContactList } },
      config: { access: 'user' },
    },
    (request) => contacts.list(request.ctx, request.query),
  )

  app.get(
    '/contacts/list',
    {
      schema: { querystring: ContactPickerQuery, response: { 200: ContactPickerList } },
      config: { access: 'user' },
    },
    (request) => contacts.picker(request.ctx, request.query),
  )

  app.get(
    '/contacts/export',
    { schema: { querystring: ExportContactsQuery }, config: { access: 'user' } },
    async (request, reply) => {
      const file = await contacts.exportSheet(request.ctx, request.query)
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="contatos.xlsx"')
        .send(file)
    },
  )

  app.get(
    '/contacts/profile/:number',
    {
      schema: { params: ContactProfileParams, response: { 200: ContactProfileDto } },
      config: { access: 'user' },
    },
    (request) => contacts.profile(request.ctx, request.params.number),
  )

  app.get(
    '/contacts/import/jobs/:id',
    {
      schema: { params: IdParams, response: { 200: ImportJobDetailDto } },
      config: { access: 'user' },
    },
    (request) => contactImports.job(request.ctx, request.params.id),
  )

  app.get(
    '/contacts/:id',
    {
      schema: { params: IdParams, response: { 200: ContactDetailDto } },
      config: { access: 'user' },
    },
    (request) => contacts.get(request.ctx, request.params.id),
  )

  app.post(
    '/contacts',
    {
      schema: { body: CreateContactBody, response: { 200: ContactDetailDto } },
      config: { access: 'user' },
    },
    (request) => contacts.create(request.ctx, request.body),
  )

  app.put(
    '/contacts/:id',
    {
      schema: { params: IdParams, body: UpdateContactBody, response: { 200: ContactDetailDto } },
      config: { access: 'user' },
    },
    (request) => contacts.update(request.ctx, request.params.id, request.body),
  )

  app.delete(
    '/contacts/:id',
    {
      schema: { params: IdParams, response: { 200: MessageResponse } },
      // `contacts-page:deleteContact` is checked by the service.
      config: { access: 'user' },
    },
    (request) => contacts.remove(request.ctx, request.params.id),
  )

  app.put(
    '/contacts/block/:id',
    {
      schema: { params: IdParams, body: BlockContactBody, response: { 200: ContactDetailDto } },
      config: { access: 'user' },
    },
    (request) => contacts.setActive(request.ctx, request.params.id, request.body.active),
  )

  app.put(
    '/contacts/toggleDisableBot/:id',
    {
      schema: { params: IdParams, response: { 200: ContactDetailDto } },
      config: { access: 'user' },
    },
    (request) => contacts.toggle(request.ctx, request.params.id, 'disableBot'),
  )

  app.put(
    '/contacts/toggleAcceptAudio/:id',
    {
      schema: { params: IdParams, response: { 200: ContactDetailDto } },
      config: { access: 'user' },
    },
    (request) => contacts.toggle(request.ctx, request.params.id, 'acceptAudioMessage'),
  )

  app.post(
    '/contacts/import',
    {
      schema: { querystring: ImportFromConnectionQuery, response: { 202: ImportJobDto } },
      config: { access: 'user' },
    },
    async (request, reply) =>
      reply.status(202).send(await contactImports.fromPhone(request.ctx, request.query)),
  )

  app.post(
    '/contacts/import/chats',
    {
      schema: { querystring: ImportFromConnectionQuery, response: { 202: ImportJobDto } },
      config: { access: 'user' },
    },
    async (request, reply) =>
      reply.status(202).send(await contactImports.fromChats(request.ctx, request.query)),
  )

  app.post(
    '/contacts/upload',
    { schema: { response: { 202: ImportJobDto } }, config: { access: 'user' } },
    async (request, reply) =>
      reply
        .status(202)
        .send(await contactImports.upload(request.ctx, await uploadedSheet(request))),
  )

  app.post(
    '/contacts/upload/preview',
    { schema: { response: { 200: UploadPreviewDto } }, config: { access: 'user' } },
    async (request) => contactImports.preview(await uploadedSheet(request)),
  )

  app.post(
    '/contactsImport',
    {
      schema: { body: ImportContactBody, response: { 200: ContactDto } },
      config: { access: 'user' },
    },
    (request) => contactImports.importOne(request.ctx, request.body),
  )

  app.post(
    '/contactsImport/jobs',
    {
      schema: { body: ImportRowsBody, response: { 202: ImportJobDto } },
      // Mapped rows of a large sheet: more than the default 1 MiB body.
      bodyLimit: 20 * 1024 * 1024,
      config: { access: 'user' },
    },
    async (request, reply) =>
      reply.status(202).send(await contactImports.importRows(request.ctx, request.body)),
  )

  app.get(
    '/contactTags/:contactId',
    {
      schema: { params: ContactIdParams, response: { 200: ContactTagsDto } },
      config: { access: 'user' },
    },
    (request) => contacts.tagsOf(request.ctx, request.params.contactId),
  )

  app.post(
    '/tags/sync',
    {
      schema: { body: SyncContactTagsBody, response: { 200: ContactDto } },
      config: { access: 'user' },
    },
    (request) => contacts.syncTags(request.ctx, request.body),
  )
}
