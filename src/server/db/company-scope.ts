import { and, eq, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

interface CompanyOwnedTable {
  companyId: AnyPgColumn
  id: AnyPgColumn
}

/**
 * The row `id` of the company `companyId`. Every lookup by id goes through it, so that another
 * company's id reads as absent: the company comes from the verified token, never from the id.
 */
export function companyRow(table: CompanyOwnedTable, companyId: number, id: number): SQL {
  return and(eq(table.companyId, companyId), eq(table.id, id))!
}
