import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse } from '@shared/contracts/common'
import {
  CreatePlanBody,
  ListPlansQuery,
  ListPlansResponse,
  PlanDto,
  PlanList,
  PublicPlanList,
  UpdatePlanBody,
} from '@shared/contracts/plans'
import type { Services } from '@server/services'

export const plansRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { plans } = services

  app.get(
    '/plans/list',
    { schema: { response: { 200: PublicPlanList } }, config: { access: 'public' } },
    () => plans.listPublic(),
  )

  app.get(
    '/plans/all',
    { schema: { response: { 200: PlanList } }, config: { access: 'super' } },
    () => plans.listAll(),
  )

  app.get(
    '/plans',
    {
      schema: { querystring: ListPlansQuery, response: { 200: ListPlansResponse } },
      config: { access: 'user' },
    },
    (request) => plans.list(request.ctx, request.query),
  )

  app.get(
    '/plans/:id',
    { schema: { params: IdParams, response: { 200: PlanDto } }, config: { access: 'user' } },
    (request) => plans.get(request.ctx, request.params.id),
  )

  app.post(
    '/plans',
    { schema: { body: CreatePlanBody, response: { 201: PlanDto } }, config: { access: 'super' } },
    async (request, reply) => reply.status(201).send(await plans.create(request.body)),
  )

  app.put(
    '/plans/:id',
    {
      schema: { params: IdParams, body: UpdatePlanBody, response: { 200: PlanDto } },
      config: { access: 'super' },
    },
    (request) => plans.update(request.params.id, request.body),
  )

  app.delete(
    '/plans/:id',
    {
      schema: { params: IdParams, response: { 200: MessageResponse } },
      config: { access: 'super' },
    },
    (request) => plans.remove(request.params.id),
  )
}
