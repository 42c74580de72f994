import type { PlanDto, PublicPlanDto } from '../../../shared/contracts/plans'
import type { CoreDeps } from '../../deps'
import type { Executor } from '../../db/client'
import { presentPlan, presentPublicPlan } from './plans.presenter'
import { plansRepository } from './plans.repository'
import type { plans } from './plans.table'

export function createPlansService(deps: CoreDeps) {
  const repo = plansRepository(deps.db)
  return {
    async listPublic(): Promise<PublicPlanDto[]> {
      return (await repo.listPublic()).map(presentPublicPlan)
    },
    async listAll(): Promise<PlanDto[]> {
      return (await repo.listAll()).map(presentPlan)
    },
    /** A plan offered at sign-up; undefined for private or unknown ones. */
    async findPublic(id: number) {
      const plan = await repo.findById(id)
      return plan?.isPublic ? plan : undefined
    },
    create: (tx: Executor, values: typeof plans.$inferInsert) => plansRepository(tx).insert(values),
  }
}

export type PlansService = ReturnType<typeof createPlansService>
