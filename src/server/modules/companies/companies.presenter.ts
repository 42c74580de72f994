import type { CompanyAdminDto, CompanyDto, CompanyWithPlanDto } from '@shared/contracts/companies'
import type { ServiceHours } from '@shared/contracts/service-hours'
import type { PlanRow } from '../plans/plans.table'
import { presentPlan } from '../plans/plans.presenter'
import type { CompanyContext } from '@server/context'
import type { CompanyRow } from './companies.table'

/** The company a request runs for, from its row and plan. */
export const companyContextOf = (company: CompanyRow, plan: PlanRow): CompanyContext => ({
  id: company.id,
  name: company.name,
  dueDate: company.dueDate,
  timezone: company.timezone,
  status: company.status,
  plan: presentPlan(plan),
})

export const presentCompany = (row: CompanyRow): CompanyDto => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  document: row.document,
  paymentMethod: row.paymentMethod,
  status: row.status,
  dueDate: row.dueDate,
  recurrence: row.recurrence,
  planId: row.planId,
  timezone: row.timezone,
  campaignsEnabled: row.campaignsEnabled,
  numberAttendants: row.numberAttendants,
  numberConections: row.numberConections,
  // Written only through the validated schedules route (or the default []).
  schedules: row.schedules as ServiceHours,
  lastLogin: row.lastLogin?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
})

export const presentCompanyWithPlan = (row: CompanyRow, plan: PlanRow): CompanyWithPlanDto => ({
  ...presentCompany(row),
  plan: presentPlan(plan),
})

export const presentCompanyAdmin = (row: CompanyRow, plan: PlanRow): CompanyAdminDto => ({
  ...presentCompanyWithPlan(row, plan),
  folderSize: row.folderSize,
  numberFileFolder: row.numberFileFolder,
  updatedAtFolder: row.updatedAtFolder?.toISOString() ?? null,
})
