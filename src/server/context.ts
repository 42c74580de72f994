import type { PlanDto } from '@shared/contracts/plans'
import type { UserRow } from './modules/users/users.table'

/**
 * Who is calling, as every service receives it. A leaf: it names rows and DTOs only, so that a
 * service can take a context without importing the auth, users or companies services (which
 * import each other's services for their work).
 */

/** A user as the auth layer sees him: the row plus his queue ids. */
export type AuthUser = UserRow & { queueIds: number[] }

/** What every request knows about its company. */
export interface CompanyContext {
  id: number
  name: string
  dueDate: string
  timezone: string
  status: boolean
  plan: PlanDto
}

/** The verified caller of a request or socket. */
export interface RequestContext {
  companyId: number
  user: AuthUser
  company: CompanyContext
  sessionId: string
  /** The subscription is past due: only auth, own company and billing routes answer. */
  expired: boolean
}
