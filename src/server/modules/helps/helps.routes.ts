import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse } from '@shared/contracts/common'
import {
  CreateHelpBody,
  HelpDto,
  HelpList,
  ListHelpsQuery,
  ListHelpsResponse,
  UpdateHelpBody,
} from '@shared/contracts/helps'
import type { Services } from '@server/services'

export const helpsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { helps } = services

  app.get(
    '/helps',
    {
      schema: { querystring: ListHelpsQuery, response: { 200: ListHelpsResponse } },
      config: { access: 'user' },
    },
    (request) => helps.list(request.query),
  )

  app.get(
    '/helps/list',
    { schema: { response: { 200: HelpList } }, config: { access: 'user' } },
    () => helps.listAll(),
  )

  app.post(
    '/helps',
    { schema: { body: CreateHelpBody, response: { 201: HelpDto } }, config: { access: 'super' } },
    async (request, reply) => reply.status(201).send(await helps.create(request.body)),
  )

  app.put(
    '/helps/:id',
    {
      schema: { params: IdParams, body: UpdateHelpBody, response: { 200: HelpDto } },
      config: { access: 'super' },
    },
    (request) => helps.update(request.params.id, request.body),
  )

  app.delete(
    '/helps/:id',
    {
      schema: { params: IdParams, response: { 200: MessageResponse } },
      config: { access: 'super' },
    },
    (request) => helps.remove(request.params.id),
  )
}
