import { Type, type Static } from '@sinclair/typebox'
import { PASSWORD, RECURRENCE_MONTHS, type Recurrence as RecurrenceName } from '../constants'
import { addMonths } from '../dates'
import { Id, IdParams, PageQuery, Timestamp } from './common'
import { PlanDto } from './plans'
import { ServiceHours } from './service-hours'

export const Recurrence = Type.Union([
  Type.Literal('MENSAL'),
  Type.Literal('BIMESTRAL'),
  Type.Literal('TRIMESTRAL'),
  Type.Literal('SEMESTRAL'),
  Type.Literal('ANUAL'),
])

/** YYYY-MM-DD, a day that exists (2025-02-30 is refused, not stored). */
export const DateOnly = Type.String({ format: 'date' })

export const COMPANY_NAME = { min: 2, max: 50 } as const

export const CompanyDto = Type.Object({
  id: Id,
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  document: Type.String(),
  paymentMethod: Type.String(),
  status: Type.Boolean({ description: 'false when the operator disabled the company' }),
  /** YYYY-MM-DD; company 1 is pinned to 2999-12-31. */
  dueDate: Type.String(),
  recurrence: Type.String(),
  planId: Id,
  timezone: Type.String(),
  campaignsEnabled: Type.Boolean(),
  numberAttendants: Type.Integer(),
  numberConections: Type.Integer(),
  schedules: ServiceHours,
  lastLogin: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
})
export type CompanyDto = Static<typeof CompanyDto>

/** GET /companies/listPlan/{id}: the company and its plan with every use* flag. */
export const CompanyWithPlanDto = Type.Composite([CompanyDto, Type.Object({ plan: PlanDto })])
export type CompanyWithPlanDto = Static<typeof CompanyWithPlanDto>

/** A row of the operator's company table: plan, and the cached disk use of its media folder. */
export const CompanyAdminDto = Type.Composite([
  CompanyWithPlanDto,
  Type.Object({
    folderSize: Type.Integer({ description: 'Bytes under the company media folder' }),
    numberFileFolder: Type.Integer(),
    updatedAtFolder: Type.Union([Timestamp, Type.Null()]),
  }),
])
export type CompanyAdminDto = Static<typeof CompanyAdminDto>

export const CompanyParams = IdParams

export const ListCompaniesQuery = PageQuery
export type ListCompaniesQuery = Static<typeof ListCompaniesQuery>

/** GET /companies: every company for the super user, page 20; the own one for others. */
export const ListCompaniesResponse = Type.Object({
  companies: Type.Array(CompanyAdminDto),
  count: Type.Integer(),
  hasMore: Type.Boolean(),
})
export type ListCompaniesResponse = Static<typeof ListCompaniesResponse>

/** GET /companiesPlan/: the operator's table, with plan and disk use. */
export const CompaniesPlanResponse = Type.Object({
  companies: Type.Array(CompanyAdminDto),
  hasMore: Type.Boolean(),
})
export type CompaniesPlanResponse = Static<typeof CompaniesPlanResponse>

export const CompanyList = Type.Array(CompanyWithPlanDto)

const companyFields = {
  name: Type.String({ minLength: COMPANY_NAME.min, maxLength: COMPANY_NAME.max }),
  email: Type.String({ format: 'email', maxLength: 254 }),
  phone: Type.Optional(Type.String({ maxLength: 30 })),
  document: Type.Optional(Type.String({ maxLength: 30 })),
  paymentMethod: Type.Optional(Type.String({ maxLength: 30 })),
  planId: Id,
  status: Type.Optional(Type.Boolean()),
  dueDate: Type.Optional(DateOnly),
  recurrence: Type.Optional(Recurrence),
  campaignsEnabled: Type.Optional(Type.Boolean()),
  numberAttendants: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  numberConections: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
}

/**
 * POST /companies (super): the company, its first admin (name = company name, email = company
 * email, this password) and its default settings, created together.
 */
export const CreateCompanyBody = Type.Object({
  ...companyFields,
  password: Type.String({ minLength: PASSWORD.min, maxLength: PASSWORD.max }),
})
export type CreateCompanyBody = Static<typeof CreateCompanyBody>

/**
 * PUT /companies/{id} (super). A new email or password goes to the company's admin user (the
 * one whose email is the company's): both changes are explicit and validated.
 */
export const UpdateCompanyBody = Type.Object({
  id: Type.Optional(Type.Unknown()),
  name: Type.Optional(companyFields.name),
  email: Type.Optional(companyFields.email),
  phone: companyFields.phone,
  document: companyFields.document,
  paymentMethod: companyFields.paymentMethod,
  planId: Type.Optional(Id),
  status: companyFields.status,
  dueDate: companyFields.dueDate,
  recurrence: companyFields.recurrence,
  campaignsEnabled: companyFields.campaignsEnabled,
  numberAttendants: companyFields.numberAttendants,
  numberConections: companyFields.numberConections,
  password: Type.Optional(Type.String({ minLength: PASSWORD.min, maxLength: PASSWORD.max })),
})
export type UpdateCompanyBody = Static<typeof UpdateCompanyBody>

export const CompanySchedulesBody = Type.Object({ schedules: ServiceHours })
export type CompanySchedulesBody = Static<typeof CompanySchedulesBody>

/**
 * The next due date after `dueDate` by the company's recurrence (001 §4: 1, 2, 3, 6 or 12
 * months). The day is clamped to the target month's last day (31 January + 1 month = 28/29
 * February), so a due date never skips a month.
 */
export function advanceDueDate(dueDate: string, recurrence: string): string {
  const months = RECURRENCE_MONTHS[recurrence as RecurrenceName] ?? RECURRENCE_MONTHS.MENSAL
  return addMonths(dueDate, months)
}
