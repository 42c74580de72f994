import type { Access } from '@server/plugins/auth'

export type Actor = 'anonymous' | 'user' | 'admin' | 'super'
export interface Fixture {
  companyId: number
  userId: number
  connectionId: number
  foreignCompanyId: number
  foreignUserId: number
  foreignConnectionId: number
  /** The plans of the actor's company and of the other company. */
  planId: number
  foreignPlanId: number
  /** A queue of the actor's company with one level-1 option, and the same elsewhere. */
  queueId: number
  foreignQueueId: number
  chatbotId: number
  foreignChatbotId: number
  /** An open ticket held by the actor (by the colleague for anonymous), with one inbound message. */
  ticketId: number
  ticketUuid: string
  contactId: number
  messageId: number
  foreignTicketId: number
  foreignTicketUuid: string
  foreignContactId: number
  foreignMessageId: number
}
export interface Entry {
  access: Access
  /** The status an allowed caller gets (public routes answer their own errors to this fixture). */
  allowedStatus: number
  /** The request as `actor` would make it on his own company's objects. */
  own: (f: Fixture) => { url: string; payload?: unknown }
  /** The same request on another company's object: answers 404 (the super user may reach some). */
  foreign?: (f: Fixture) => { url: string; payload?: unknown }
  /** Rules beyond the role: the actors that are refused although their role passes the guard. */
  refusedByPolicy?: Actor[]
}

/** One malformed request per route that takes input (answers 400 ERR_VALIDATION), or 'no input'. */
export type Malformed = Record<string, { url: string; payload?: unknown } | 'no input'>

export interface MatrixPart {
  entries: Record<string, Entry>
  malformed: Malformed
}

/** An id no row has: a route on it answers its entity's 404. */
export const MISSING = 2_147_483_647
