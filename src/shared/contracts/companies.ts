import { Type, type Static } from '@sinclair/typebox'
import { Id, IdParams, Timestamp } from './common'
import { PlanDto } from './plans'

export const Recurrence = Type.Union([
  Type.Literal('MENSAL'),
  Type.Literal('BIMESTRAL'),
  Type.Literal('TRIMESTRAL'),
  Type.Literal('SEMESTRAL'),
  Type.Literal('ANUAL'),
])

export const CompanyDto = Type.Object({
  id: Id,
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  document: Type.String(),
  status: Type.Boolean({ description: 'false when the operator disabled the company' }),
  /** YYYY-MM-DD; company 1 is pinned to 2999-12-31. */
  dueDate: Type.String(),
  recurrence: Type.String(),
  planId: Id,
  timezone: Type.String(),
  campaignsEnabled: Type.Boolean(),
  numberAttendants: Type.Integer(),
  numberConections: Type.Integer(),
  lastLogin: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
})
export type CompanyDto = Static<typeof CompanyDto>

/** GET /companies/listPlan/{id}: the company and its plan with every use* flag. */
export const CompanyWithPlanDto = Type.Composite([CompanyDto, Type.Object({ plan: PlanDto })])
export type CompanyWithPlanDto = Static<typeof CompanyWithPlanDto>

export const CompanyParams = IdParams
