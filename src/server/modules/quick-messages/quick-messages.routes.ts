import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse } from '@shared/contracts/common'
import {
  ListQuickMessagesQuery,
  QUICK_MESSAGE_MEDIA_MAX_BYTES,
  QuickMessageDto,
  QuickMessageList,
  QuickMessageListQuery,
  QuickMessagePage,
  SaveQuickMessageBody,
} from '@shared/contracts/quick-messages'
import type { Services } from '@server/services'
import { singleFileUpload } from '../media/media.upload'

/** Quick messages (002 §7 "Quick messages, schedules"): every user, no plan gate (reference §0). */
export const quickMessagesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { quickMessages } = services
  const config = { access: 'user' } as const

  app.get(
    '/quick-messages',
    {
      schema: { querystring: ListQuickMessagesQuery, response: { 200: QuickMessagePage } },
      config,
    },
    (request) => quickMessages.list(request.ctx, request.query),
  )

  app.get(
    '/quick-messages/list',
    {
      schema: { querystring: QuickMessageListQuery, response: { 200: QuickMessageList } },
      config,
    },
    (request) => quickMessages.offered(request.ctx),
  )

  app.get(
    '/quick-messages/:id',
    { schema: { params: IdParams, response: { 200: QuickMessageDto } }, config },
    (request) => quickMessages.get(request.ctx, request.params.id),
  )

  app.post(
    '/quick-messages',
    { schema: { body: SaveQuickMessageBody, response: { 200: QuickMessageDto } }, config },
    (request) => quickMessages.create(request.ctx, request.body),
  )

  app.put(
    '/quick-messages/:id',
    {
      schema: { params: IdParams, body: SaveQuickMessageBody, response: { 200: QuickMessageDto } },
      config,
    },
    (request) => quickMessages.update(request.ctx, request.params.id, request.body),
  )

  app.delete(
    '/quick-messages/:id',
    { schema: { params: IdParams, response: { 200: MessageResponse } }, config },
    async (request) => {
      await quickMessages.remove(request.ctx, request.params.id)
      return { message: 'Quick message deleted' }
    },
  )

  app.post(
    '/quick-messages/:id/media-upload',
    { schema: { params: IdParams, response: { 200: QuickMessageDto } }, config },
    (request) =>
      quickMessages.uploadMedia(request.ctx, request.params.id, () =>
        singleFileUpload(request, { maxBytes: QUICK_MESSAGE_MEDIA_MAX_BYTES }),
      ),
  )

  app.delete(
    '/quick-messages/:id/media-upload',
    { schema: { params: IdParams, response: { 200: QuickMessageDto } }, config },
    (request) => quickMessages.removeMedia(request.ctx, request.params.id),
  )
}
