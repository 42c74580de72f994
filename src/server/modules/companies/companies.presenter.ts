import type { CompanyDto } from '../../../shared/contracts/companies'
import type { CompanyRow } from './companies.table'

export const presentCompany = (row: CompanyRow): CompanyDto => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  document: row.document,
  status: row.status,
  dueDate: row.dueDate,
  recurrence: row.recurrence,
  planId: row.planId,
  timezone: row.timezone,
  campaignsEnabled: row.campaignsEnabled,
  numberAttendants: row.numberAttendants,
  numberConections: row.numberConections,
  lastLogin: row.lastLogin?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
})
