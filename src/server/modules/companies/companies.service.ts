import type { CompanyContext, RequestContext } from '@server/context'
import { PAGE_SIZE } from '@shared/constants'
import type {
  CompaniesPlanResponse,
  CompanyDto,
  CompanyWithPlanDto,
  ListCompaniesQuery,
  ListCompaniesResponse,
} from '@shared/contracts/companies'
import { isValidServiceHours, type ServiceHours } from '@shared/contracts/service-hours'
import { isSuper } from '@shared/permissions'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import { AppError, validationError } from '@server/lib/app-error'
import type { MediaService } from '../media/media.service'
import {
  companyContextOf,
  presentCompany,
  presentCompanyAdmin,
  presentCompanyWithPlan,
} from './companies.presenter'
import { companiesRepository, type CompanyChanges } from './companies.repository'
import type { companies, CompanyRow } from './companies.table'

/** Media use is measured at most this often per company: walking a folder or a bucket is slow. */
export const FOLDER_USAGE_TTL_MS = 60 * 60 * 1000

export function createCompaniesService(deps: CoreDeps, { media }: { media: MediaService }) {
  const repo = companiesRepository(deps.db)

  /** Own company, or any for the super user; others are not found. */
  const assertReachable = (ctx: RequestContext, companyId: number) => {
    if (companyId !== ctx.companyId && !isSuper(ctx.user))
      throw new AppError('ERR_NO_COMPANY_FOUND')
  }

  async function found(companyId: number) {
    const row = await repo.findWithPlan(companyId)
    if (!row) throw new AppError('ERR_NO_COMPANY_FOUND')
    return row
  }

  /**
   * Re-measures the media folders of `companyIds` whose cached numbers are out of date and
   * answers the new numbers by company.
   */
  async function refreshFolderUsage(companyIds: number[]) {
    const stale = await repo.staleFolderUsage(
      companyIds,
      new Date(Date.now() - FOLDER_USAGE_TTL_MS),
    )
    const fresh = new Map<
      number,
      Pick<CompanyRow, 'folderSize' | 'numberFileFolder' | 'updatedAtFolder'>
    >()
    for (const companyId of stale) {
      const usage = await media.usage(companyId)
      fresh.set(companyId, await repo.saveFolderUsage(companyId, usage))
    }
    return fresh
  }

  return {
    async context(companyId: number): Promise<CompanyContext | undefined> {
      const row = await repo.findWithPlan(companyId)
      return row && companyContextOf(row.company, row.plan)
    },

    /** GET /companies/listPlan/{id} and GET /companies/{id}. */
    async withPlan(ctx: RequestContext, companyId: number): Promise<CompanyWithPlanDto> {
      assertReachable(ctx, companyId)
      const { company, plan } = await found(companyId)
      return presentCompanyWithPlan(company, plan)
    },

    /** GET /companies: every company (page 20) for the super user; the own one for others. */
    async list(ctx: RequestContext, query: ListCompaniesQuery): Promise<ListCompaniesResponse> {
      if (!isSuper(ctx.user)) {
        const { company, plan } = await found(ctx.companyId)
        return { companies: [presentCompanyAdmin(company, plan)], count: 1, hasMore: false }
      }
      const pageNumber = query.pageNumber ?? 1
      const limit = PAGE_SIZE.companies
      const page = await repo.page({
        search: query.searchParam?.trim() || undefined,
        limit,
        offset: (pageNumber - 1) * limit,
      })
      return {
        companies: page.rows.map((row) => presentCompanyAdmin(row.company, row.plan)),
        count: page.count,
        hasMore: page.count > (pageNumber - 1) * limit + page.rows.length,
      }
    },

    /** GET /companies/list: every company with its plan for the super user; others [own]. */
    async listAll(ctx: RequestContext): Promise<CompanyWithPlanDto[]> {
      const rows = isSuper(ctx.user) ? await repo.listAllWithPlan() : [await found(ctx.companyId)]
      return rows.map((row) => presentCompanyWithPlan(row.company, row.plan))
    },

    /**
     * GET /companiesPlan/ (super): a page of companies with plan and disk use. Only the page's
     * folders older than FOLDER_USAGE_TTL_MS are walked; the rest answer from the cache.
     */
    async companiesPlan(query: ListCompaniesQuery): Promise<CompaniesPlanResponse> {
      const pageNumber = query.pageNumber ?? 1
      const limit = PAGE_SIZE.companies
      const options = {
        search: query.searchParam?.trim() || undefined,
        limit,
        offset: (pageNumber - 1) * limit,
      }
      const page = await repo.page(options)
      const fresh = await refreshFolderUsage(page.rows.map((row) => row.company.id))
      return {
        companies: page.rows.map((row) =>
          presentCompanyAdmin({ ...row.company, ...fresh.get(row.company.id) }, row.plan),
        ),
        hasMore: page.count > (pageNumber - 1) * limit + page.rows.length,
      }
    },

    /** PUT /companies/{id}/schedules: an admin of the company, or the super user. */
    async updateSchedules(
      ctx: RequestContext,
      companyId: number,
      schedules: ServiceHours,
    ): Promise<CompanyDto> {
      assertReachable(ctx, companyId)
      if (!isValidServiceHours(schedules)) throw validationError('schedules')
      const row = await repo.update(companyId, { schedules })
      if (!row) throw new AppError('ERR_NO_COMPANY_FOUND')
      return presentCompany(row)
    },

    /** Locks the company row inside `tx`; plan limits are counted under this lock. */
    async lockWithPlan(tx: Executor, companyId: number) {
      const row = await companiesRepository(tx).lockWithPlan(companyId)
      if (!row) throw new AppError('ERR_NO_COMPANY_FOUND')
      return row
    },

    findWithPlan: (companyId: number) => repo.findWithPlan(companyId),
    create: (tx: Executor, values: typeof companies.$inferInsert) =>
      companiesRepository(tx).insert(values),
    update: (tx: Executor, companyId: number, changes: CompanyChanges) =>
      companiesRepository(tx).update(companyId, changes),
    remove: (tx: Executor, companyId: number) => companiesRepository(tx).remove(companyId),
    ids: () => repo.ids(),
    exists: (companyId: number) => repo.exists(companyId),
    recordLogin: (companyId: number) => repo.recordLogin(companyId),
  }
}

export type CompaniesService = ReturnType<typeof createCompaniesService>
