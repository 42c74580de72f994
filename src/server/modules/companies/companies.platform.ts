import type { RequestContext } from '@server/context'
import { PLATFORM_COMPANY_DUE_DATE, PLATFORM_COMPANY_ID } from '@shared/constants'
import {
  advanceDueDate,
  type CompanyWithPlanDto,
  type CreateCompanyBody,
  type UpdateCompanyBody,
} from '@shared/contracts/companies'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import { AppError } from '@server/lib/app-error'
import { hashPassword } from '@server/lib/passwords'
import { dateIn } from '@shared/dates'
import type { MediaService } from '../media/media.service'
import type { PlansService } from '../plans/plans.service'
import type { SettingsService } from '../settings/settings.service'
import type { UsersService } from '../users/users.service'
import { presentCompanyWithPlan } from './companies.presenter'
import type { CompanyChanges } from './companies.repository'
import type { CompaniesService } from './companies.service'

export interface CompanyPlatformCollaborators {
  companies: CompaniesService
  plans: PlansService
  settings: SettingsService
  users: UsersService
  media: MediaService
  /** The company's WhatsApp connection ids, for stopping their sessions before a delete. */
  whatsappConnectionIds: (ctx: RequestContext) => Promise<number[]>
  /** Ends a WhatsApp session and forgets its pairing (the session manager's logout). */
  logoutSession: (companyId: number, connectionId: number) => Promise<void>
}

/**
 * The super user acting inside another company: the same user, that company's id. Services of
 * other modules take the company from the context, so this is how an operator edits a
 * company's admin or lists its connections without a second code path.
 */
const actingIn = (ctx: RequestContext, companyId: number): RequestContext => ({
  ...ctx,
  companyId,
})

/**
 * The operator's writes on companies (POST/PUT/DELETE /companies, super only). Company 1, the
 * platform owner, is never deleted, disabled or expired.
 */
export function createCompanyPlatformService(
  deps: CoreDeps,
  {
    companies,
    plans,
    settings,
    users,
    media,
    whatsappConnectionIds,
    logoutSession,
  }: CompanyPlatformCollaborators,
) {
  async function assertPlan(planId: number) {
    if (!(await plans.findById(planId))) throw new AppError('ERR_NO_PLAN_FOUND')
  }

  function assertPlatformRules(companyId: number, changes: CompanyChanges) {
    if (companyId !== PLATFORM_COMPANY_ID) return
    if (changes.status === false) throw new AppError('ERR_PLATFORM_COMPANY', { field: 'status' })
    if (changes.dueDate !== undefined && changes.dueDate !== PLATFORM_COMPANY_DUE_DATE)
      throw new AppError('ERR_PLATFORM_COMPANY', { field: 'dueDate' })
  }

  async function present(companyId: number): Promise<CompanyWithPlanDto> {
    const row = await companies.findWithPlan(companyId)
    if (!row) throw new AppError('ERR_NO_COMPANY_FOUND')
    return presentCompanyWithPlan(row.company, row.plan)
  }

  return {
    /** The company, its first admin and its default settings, in one transaction. */
    async create(body: CreateCompanyBody): Promise<CompanyWithPlanDto> {
      await assertPlan(body.planId)
      const email = body.email.trim()
      if (await users.emailTaken(email)) throw new AppError('ERR_DUPLICATED_EMAIL')
      const passwordHash = await hashPassword(body.password)
      const recurrence = body.recurrence ?? 'MENSAL'
      const name = body.name.trim()
      const companyId = await deps.db.transaction(async (tx) => {
        const company = await companies.create(tx, {
          name,
          email,
          phone: body.phone?.trim() ?? '',
          document: body.document?.trim() ?? '',
          paymentMethod: body.paymentMethod?.trim() ?? '',
          planId: body.planId,
          status: body.status ?? true,
          recurrence,
          dueDate: body.dueDate ?? advanceDueDate(dateIn(deps.defaultTimeZone), recurrence),
          campaignsEnabled: body.campaignsEnabled ?? true,
          numberAttendants: body.numberAttendants ?? 1,
          numberConections: body.numberConections ?? 1,
        })
        await users.createFirstAdmin(tx, { companyId: company.id, name, email, passwordHash })
        await settings.createCompanyDefaults(tx, company.id)
        return company.id
      })
      return present(companyId)
    },

    /**
     * A new email or password is also the company admin's (the user whose email is the
     * company's): the email must be free, and a password needs that admin to exist.
     */
    async update(
      ctx: RequestContext,
      companyId: number,
      body: UpdateCompanyBody,
    ): Promise<CompanyWithPlanDto> {
      const current = await companies.findWithPlan(companyId)
      if (!current) throw new AppError('ERR_NO_COMPANY_FOUND')
      const { id: _id, password, name, email, phone, document, paymentMethod, ...rest } = body
      const changes: CompanyChanges = {
        ...rest,
        ...(name !== undefined ? { name: name.trim() } : {}),
        ...(email !== undefined ? { email: email.trim() } : {}),
        ...(phone !== undefined ? { phone: phone.trim() } : {}),
        ...(document !== undefined ? { document: document.trim() } : {}),
        ...(paymentMethod !== undefined ? { paymentMethod: paymentMethod.trim() } : {}),
      }
      assertPlatformRules(companyId, changes)
      if (changes.planId !== undefined) await assertPlan(changes.planId)

      const admin = await users.findByEmailForLogin(current.company.email)
      const companyAdmin = admin?.companyId === companyId ? admin : undefined
      const emailChanged =
        changes.email !== undefined &&
        changes.email.toLowerCase() !== current.company.email.toLowerCase()
      if (emailChanged) {
        const holder = await users.findByEmailForLogin(changes.email!)
        if (holder && holder.id !== companyAdmin?.id) throw new AppError('ERR_DUPLICATED_EMAIL')
      }
      if (password && !companyAdmin) throw new AppError('ERR_NO_USER_FOUND')

      const updateCompany = (tx: Executor) => companies.update(tx, companyId, changes)
      if (companyAdmin && (emailChanged || password))
        await users.update(
          actingIn(ctx, companyId),
          companyAdmin.id,
          {
            ...(emailChanged ? { email: changes.email } : {}),
            ...(password ? { password } : {}),
          },
          updateCompany,
        )
      else await deps.db.transaction(updateCompany)
      return present(companyId)
    },

    /**
     * Stops and logs out every WhatsApp session of the company, deletes it with everything it
     * owns (one transaction: the foreign keys cascade), then removes its media files. Files go
     * last so that a failed delete leaves a company whose files are still there.
     */
    async remove(ctx: RequestContext, companyId: number): Promise<{ message: string }> {
      if (companyId === PLATFORM_COMPANY_ID) throw new AppError('ERR_PLATFORM_COMPANY')
      if (companyId === ctx.companyId) throw new AppError('ERR_CANNOT_DELETE_SELF')
      if (!(await companies.exists(companyId))) throw new AppError('ERR_NO_COMPANY_FOUND')

      for (const connectionId of await whatsappConnectionIds(actingIn(ctx, companyId))) {
        await logoutSession(companyId, connectionId).catch((error: unknown) =>
          deps.log.warn(
            { err: error, companyId, connectionId },
            'session logout before delete failed',
          ),
        )
      }
      await deps.db.transaction(async (tx) => {
        if (!(await companies.remove(tx, companyId))) throw new AppError('ERR_NO_COMPANY_FOUND')
      })
      await media.removeCompany(companyId)
      return { message: 'Company deleted' }
    },
  }
}

export type CompanyPlatformService = ReturnType<typeof createCompanyPlatformService>
