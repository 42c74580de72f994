import type { CompanyWithPlanDto } from '../../../shared/contracts/companies'
import type { PlanDto } from '../../../shared/contracts/plans'
import { isSuper } from '../../../shared/permissions'
import type { CoreDeps } from '../../deps'
import type { Executor } from '../../db/client'
import { AppError } from '../../lib/app-error'
import type { RequestContext } from '../auth/auth.service'
import { presentPlan } from '../plans/plans.presenter'
import { presentCompany } from './companies.presenter'
import { companiesRepository } from './companies.repository'
import type { companies } from './companies.table'

/** What every request knows about its company. */
export interface CompanyContext {
  id: number
  name: string
  dueDate: string
  timezone: string
  status: boolean
  plan: PlanDto
}

export function createCompaniesService(deps: CoreDeps) {
  const repo = companiesRepository(deps.db)

  return {
    async context(companyId: number): Promise<CompanyContext | undefined> {
      const found = await repo.findWithPlan(companyId)
      if (!found) return undefined
      const { company, plan } = found
      return {
        id: company.id,
        name: company.name,
        dueDate: company.dueDate,
        timezone: company.timezone,
        status: company.status,
        plan: presentPlan(plan),
      }
    },

    /** GET /companies/listPlan/{id}: own company, or any for the super user; others are not found. */
    async withPlan(ctx: RequestContext, companyId: number): Promise<CompanyWithPlanDto> {
      if (companyId !== ctx.companyId && !isSuper(ctx.user))
        throw new AppError('ERR_NO_COMPANY_FOUND')
      const found = await repo.findWithPlan(companyId)
      if (!found) throw new AppError('ERR_NO_COMPANY_FOUND')
      return { ...presentCompany(found.company), plan: presentPlan(found.plan) }
    },

    /** Locks the company row inside `tx`; plan limits are counted under this lock. */
    async lockWithPlan(tx: Executor, companyId: number) {
      const found = await companiesRepository(tx).lockWithPlan(companyId)
      if (!found) throw new AppError('ERR_NO_COMPANY_FOUND')
      return found
    },

    create: (tx: Executor, values: typeof companies.$inferInsert) =>
      companiesRepository(tx).insert(values),
    exists: (companyId: number) => repo.exists(companyId),
    recordLogin: (companyId: number) => repo.recordLogin(companyId),
  }
}

export type CompaniesService = ReturnType<typeof createCompaniesService>
