import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { CompanyParams, CompanyWithPlanDto } from '../../../shared/contracts/companies'
import type { Services } from '../../services'

export const companiesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    '/companies/listPlan/:id',
    {
      schema: { params: CompanyParams, response: { 200: CompanyWithPlanDto } },
      config: { access: 'user', allowExpired: true },
    },
    (request) => services.companies.withPlan(request.ctx, request.params.id),
  )
}
