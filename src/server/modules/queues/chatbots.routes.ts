import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse } from '@shared/contracts/common'
import {
  ChatbotDetailDto,
  ChatbotList,
  CreateChatbotBody,
  UpdateChatbotBody,
} from '@shared/contracts/queues'
import type { Services } from '@server/services'

/** Chatbot options (001 §7, reference §7): admin-only, the caller's company only. */
export const chatbotsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { chatbots } = services

  app.get(
    '/chatbot',
    { schema: { response: { 200: ChatbotList } }, config: { access: 'admin' } },
    (request) => chatbots.list(request.ctx),
  )

  app.get(
    '/chatbot/:id',
    {
      schema: { params: IdParams, response: { 200: ChatbotDetailDto } },
      config: { access: 'admin' },
    },
    (request) => chatbots.get(request.ctx, request.params.id),
  )

  app.post(
    '/chatbot',
    {
      schema: { body: CreateChatbotBody, response: { 201: ChatbotDetailDto } },
      config: { access: 'admin' },
    },
    async (request, reply) =>
      reply.status(201).send(await chatbots.create(request.ctx, request.body)),
  )

  app.put(
    '/chatbot/:id',
    {
      schema: { params: IdParams, body: UpdateChatbotBody, response: { 200: ChatbotDetailDto } },
      config: { access: 'admin' },
    },
    (request) => chatbots.update(request.ctx, request.params.id, request.body),
  )

  app.delete(
    '/chatbot/:id',
    {
      schema: { params: IdParams, response: { 200: MessageResponse } },
      config: { access: 'admin' },
    },
    (request) => chatbots.remove(request.ctx, request.params.id),
  )
}
