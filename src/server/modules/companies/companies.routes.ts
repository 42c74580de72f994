import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { MessageResponse } from '@shared/contracts/common'
import {
  CompaniesPlanResponse,
  CompanyDto,
  CompanyList,
  CompanyParams,
  CompanySchedulesBody,
  CompanyWithPlanDto,
  CreateCompanyBody,
  ListCompaniesQuery,
  ListCompaniesResponse,
  UpdateCompanyBody,
} from '@shared/contracts/companies'
import type { Services } from '@server/services'

export const companiesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { companies, companyPlatform } = services

  app.get(
    '/companies',
    {
      schema: { querystring: ListCompaniesQuery, response: { 200: ListCompaniesResponse } },
      config: { access: 'user' },
    },
    (request) => companies.list(request.ctx, request.query),
  )

  app.get(
    '/companies/list',
    { schema: { response: { 200: CompanyList } }, config: { access: 'user' } },
    (request) => companies.listAll(request.ctx),
  )

  app.get(
    '/companies/:id',
    {
      schema: { params: CompanyParams, response: { 200: CompanyWithPlanDto } },
      config: { access: 'user' },
    },
    (request) => companies.withPlan(request.ctx, request.params.id),
  )

  app.get(
    '/companies/listPlan/:id',
    {
      schema: { params: CompanyParams, response: { 200: CompanyWithPlanDto } },
      config: { access: 'user', allowExpired: true },
    },
    (request) => companies.withPlan(request.ctx, request.params.id),
  )

  app.get(
    '/companiesPlan',
    {
      schema: { querystring: ListCompaniesQuery, response: { 200: CompaniesPlanResponse } },
      config: { access: 'super' },
    },
    (request) => companies.companiesPlan(request.query),
  )

  app.post(
    '/companies',
    {
      schema: { body: CreateCompanyBody, response: { 201: CompanyWithPlanDto } },
      config: { access: 'super' },
    },
    async (request, reply) => reply.status(201).send(await companyPlatform.create(request.body)),
  )

  app.put(
    '/companies/:id',
    {
      schema: {
        params: CompanyParams,
        body: UpdateCompanyBody,
        response: { 200: CompanyWithPlanDto },
      },
      config: { access: 'super' },
    },
    (request) => companyPlatform.update(request.ctx, request.params.id, request.body),
  )

  app.delete(
    '/companies/:id',
    {
      schema: { params: CompanyParams, response: { 200: MessageResponse } },
      config: { access: 'super' },
    },
    (request) => companyPlatform.remove(request.ctx, request.params.id),
  )

  app.put(
    '/companies/:id/schedules',
    {
      schema: { params: CompanyParams, body: CompanySchedulesBody, response: { 200: CompanyDto } },
      config: { access: 'admin' },
    },
    (request) => companies.updateSchedules(request.ctx, request.params.id, request.body.schedules),
  )
}
