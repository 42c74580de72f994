import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdParams } from '@shared/contracts/common'
import {
  DeletePromptResponse,
  ListPromptsQuery,
  PromptDto,
  PromptList,
  SavePromptBody,
} from '@shared/contracts/prompts'
import type { Services } from '@server/services'

/** AI prompts (002 §7 "Announcements, chat, prompts"): admins, on plans with useOpenAi. */
export const promptsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { prompts } = services
  const config = { access: 'admin', feature: 'useOpenAi' } as const

  app.get(
    '/prompt',
    { schema: { querystring: ListPromptsQuery, response: { 200: PromptList } }, config },
    (request) => prompts.list(request.ctx, request.query),
  )

  app.get(
    '/prompt/:id',
    { schema: { params: IdParams, response: { 200: PromptDto } }, config },
    (request) => prompts.get(request.ctx, request.params.id),
  )

  app.post(
    '/prompt',
    { schema: { body: SavePromptBody, response: { 200: PromptDto } }, config },
    (request) => prompts.create(request.ctx, request.body),
  )

  app.put(
    '/prompt/:id',
    { schema: { params: IdParams, body: SavePromptBody, response: { 200: PromptDto } }, config },
    (request) => prompts.update(request.ctx, request.params.id, request.body),
  )

  app.delete(
    '/prompt/:id',
    { schema: { params: IdParams, response: { 200: DeletePromptResponse } }, config },
    (request) => prompts.remove(request.ctx, request.params.id),
  )
}
