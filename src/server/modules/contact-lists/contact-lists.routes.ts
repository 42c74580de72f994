import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { IdParams, MessageResponse } from '@shared/contracts/common'
import {
  CONTACT_LIST_UPLOAD_EXTENSIONS,
  CONTACT_LIST_UPLOAD_MAX_BYTES,
  ContactListDto,
  ContactListItemDto,
  ContactListItemList,
  ContactListItemListQuery,
  ContactListItemPage,
  ContactListList,
  ContactListListQuery,
  ContactListPage,
  ContactListUploadResult,
  CreateContactListItemBody,
  ListContactListItemsQuery,
  ListContactListsQuery,
  SaveContactListBody,
  UpdateContactListItemBody,
} from '@shared/contracts/contact-lists'
import { AppError } from '@server/lib/app-error'
import type { Services } from '@server/services'
import { singleFileUpload } from '../media/media.upload'

/** The `file` part of a list upload (.xlsx or .csv), read into memory within its size bound. */
async function uploadedList(request: FastifyRequest): Promise<Buffer> {
  const upload = await singleFileUpload(request, { maxBytes: CONTACT_LIST_UPLOAD_MAX_BYTES })
  const extension = upload.filename.split('.').pop()?.toLowerCase() ?? ''
  if (!(CONTACT_LIST_UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) {
    upload.file.resume()
    throw new AppError('ERR_INVALID_FILE')
  }
  const content = Buffer.concat(await upload.file.toArray())
  if ((upload.file as { truncated?: boolean }).truncated) throw new AppError('ERR_FILE_TOO_LARGE')
  return content
}

/**
 * Contact lists and their items (002 §7 "Campaigns and lists"): admins of plans with campaigns
 * (reference §0 table).
 */
export const contactListsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { contactLists, contactListItems } = services
  const config = { access: 'admin', feature: 'useCampaigns' } as const

  app.get(
    '/contact-lists',
    { schema: { querystring: ListContactListsQuery, response: { 200: ContactListPage } }, config },
    (request) => contactLists.list(request.ctx, request.query),
  )

  app.get(
    '/contact-lists/list',
    { schema: { querystring: ContactListListQuery, response: { 200: ContactListList } }, config },
    (request) => contactLists.all(request.ctx),
  )

  app.get('/contact-lists/example-sheet', { config }, async (_request, reply) =>
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="planilha-exemplo.xlsx"')
      .send(await contactLists.exampleSheet()),
  )

  app.get(
    '/contact-lists/:id',
    { schema: { params: IdParams, response: { 200: ContactListDto } }, config },
    (request) => contactLists.get(request.ctx, request.params.id),
  )

  app.post(
    '/contact-lists',
    { schema: { body: SaveContactListBody, response: { 200: ContactListDto } }, config },
    (request) => contactLists.create(request.ctx, request.body),
  )

  app.put(
    '/contact-lists/:id',
    {
      schema: { params: IdParams, body: SaveContactListBody, response: { 200: ContactListDto } },
      config,
    },
    (request) => contactLists.update(request.ctx, request.params.id, request.body),
  )

  app.delete(
    '/contact-lists/:id',
    { schema: { params: IdParams, response: { 200: MessageResponse } }, config },
    async (request) => {
      await contactLists.remove(request.ctx, request.params.id)
      return { message: 'Contact list deleted' }
    },
  )

  app.post(
    '/contact-lists/:id/upload',
    { schema: { params: IdParams, response: { 200: ContactListUploadResult } }, config },
    (request) => contactLists.upload(request.ctx, request.params.id, () => uploadedList(request)),
  )

  app.get(
    '/contact-list-items',
    {
      schema: { querystring: ListContactListItemsQuery, response: { 200: ContactListItemPage } },
      config,
    },
    (request) => contactListItems.list(request.ctx, request.query),
  )

  app.get(
    '/contact-list-items/list',
    {
      schema: { querystring: ContactListItemListQuery, response: { 200: ContactListItemList } },
      config,
    },
    (request) => contactListItems.all(request.ctx, request.query.contactListId),
  )

  app.get(
    '/contact-list-items/:id',
    { schema: { params: IdParams, response: { 200: ContactListItemDto } }, config },
    (request) => contactListItems.get(request.ctx, request.params.id),
  )

  app.post(
    '/contact-list-items',
    {
      schema: { body: CreateContactListItemBody, response: { 200: ContactListItemDto } },
      config,
    },
    (request) => contactListItems.create(request.ctx, request.body),
  )

  app.put(
    '/contact-list-items/:id',
    {
      schema: {
        params: IdParams,
        body: UpdateContactListItemBody,
        response: { 200: ContactListItemDto },
      },
      config,
    },
    (request) => contactListItems.update(request.ctx, request.params.id, request.body),
  )

  app.delete(
    '/contact-list-items/:id',
    { schema: { params: IdParams, response: { 200: MessageResponse } }, config },
    async (request) => {
      await contactListItems.remove(request.ctx, request.params.id)
      return { message: 'Contact list item deleted' }
    },
  )
}
