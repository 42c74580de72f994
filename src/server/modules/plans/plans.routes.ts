import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { PlanList, PublicPlanList } from '../../../shared/contracts/plans'
import type { Services } from '../../services'

export const plansRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    '/plans/list',
    { schema: { response: { 200: PublicPlanList } }, config: { access: 'public' } },
    () => services.plans.listPublic(),
  )

  app.get(
    '/plans/all',
    { schema: { response: { 200: PlanList } }, config: { access: 'super' } },
    () => services.plans.listAll(),
  )
}
