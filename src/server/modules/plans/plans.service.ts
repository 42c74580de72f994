import type { RequestContext } from '@server/context'
import { PAGE_SIZE } from '@shared/constants'
import {
  normaliseAmount,
  type CreatePlanBody,
  type ListPlansQuery,
  type ListPlansResponse,
  type PlanDto,
  type PublicPlanDto,
  type UpdatePlanBody,
} from '@shared/contracts/plans'
import { isSuper } from '@shared/permissions'
import type { CoreDeps } from '@server/deps'
import { AppError } from '@server/lib/app-error'
import { isUniqueViolation } from '@server/lib/unique-violation'
import { presentPlan, presentPublicPlan } from './plans.presenter'
import { plansRepository, type PlanChanges } from './plans.repository'
import type { plans } from './plans.table'

/** Body → columns: trimmed name, decimal amount, only the fields sent. */
function changesFrom(body: UpdatePlanBody): PlanChanges {
  const { name, amount, ...rest } = body
  return {
    ...rest,
    ...(name !== undefined ? { name: name.trim() } : {}),
    ...(amount !== undefined ? { amount: normaliseAmount(amount) } : {}),
  }
}

const rethrowDuplicate = (error: unknown): never => {
  if (isUniqueViolation(error)) throw new AppError('ERR_DUPLICATED_PLAN')
  throw error
}

export function createPlansService(deps: CoreDeps) {
  const repo = plansRepository(deps.db)
  return {
    async listPublic(): Promise<PublicPlanDto[]> {
      return (await repo.listPublic()).map(presentPublicPlan)
    },
    async listAll(): Promise<PlanDto[]> {
      return (await repo.listAll()).map(presentPlan)
    },

    /** GET /plans: the super user pages through every plan; others see their own plan. */
    async list(ctx: RequestContext, query: ListPlansQuery): Promise<ListPlansResponse> {
      if (!isSuper(ctx.user)) return { plans: [ctx.company.plan], count: 1, hasMore: false }
      const pageNumber = query.pageNumber ?? 1
      const limit = PAGE_SIZE.plans
      const page = await repo.page({
        search: query.searchParam?.trim() || undefined,
        limit,
        offset: (pageNumber - 1) * limit,
      })
      return {
        plans: page.rows.map(presentPlan),
        count: page.count,
        hasMore: page.count > (pageNumber - 1) * limit + page.rows.length,
      }
    },

    /** GET /plans/{id}: any plan for the super user; only the own plan for others. */
    async get(ctx: RequestContext, id: number): Promise<PlanDto> {
      if (!isSuper(ctx.user) && id !== ctx.company.plan.id) throw new AppError('ERR_NO_PLAN_FOUND')
      const row = await repo.findById(id)
      if (!row) throw new AppError('ERR_NO_PLAN_FOUND')
      return presentPlan(row)
    },

    async create(body: CreatePlanBody): Promise<PlanDto> {
      const row = await repo
        .insert(changesFrom(body) as typeof plans.$inferInsert)
        .catch(rethrowDuplicate)
      return presentPlan(row)
    },

    async update(id: number, body: UpdatePlanBody): Promise<PlanDto> {
      const row = await repo.update(id, changesFrom(body)).catch(rethrowDuplicate)
      if (!row) throw new AppError('ERR_NO_PLAN_FOUND')
      return presentPlan(row)
    },

    /** A plan some company is on cannot go: move the companies first. */
    async remove(id: number): Promise<{ message: string }> {
      await deps.db.transaction(async (tx) => {
        const txRepo = plansRepository(tx)
        const companiesOnPlan = await txRepo.lockAndCountCompanies(id)
        if (companiesOnPlan === undefined) throw new AppError('ERR_NO_PLAN_FOUND')
        if (companiesOnPlan > 0) throw new AppError('ERR_PLAN_IN_USE')
        await txRepo.remove(id)
      })
      return { message: 'Plan deleted' }
    },

    /** A plan offered at sign-up; undefined for private or unknown ones. */
    async findPublic(id: number) {
      const plan = await repo.findById(id)
      return plan?.isPublic ? plan : undefined
    },
    findById: (id: number) => repo.findById(id),
  }
}

export type PlansService = ReturnType<typeof createPlansService>
