import { Type } from '@sinclair/typebox'
import { TICKET_STATUSES, type TicketStatus } from '@shared/contracts/tickets'
import type { Scope } from '@shared/tickets/visibility'
import { validationError } from '@server/lib/app-error'
import { CursorId, keysetCursor, type KeysetCursor } from '@server/lib/keyset-cursor'

// Which tickets a view may hold is the rule the client shares (@shared/tickets/visibility); this
// file holds the rest of a GET /tickets request on the server.

/** A GET /tickets request as the list repository runs it. */
export interface TicketListFilter {
  companyId: number
  visible: Scope
  /** Keep only the newest ticket per (contact, connection) among the tickets matching this. */
  latestAmong: Scope | null
  tagIds: number[] | null
  whatsappIds: number[] | null
  statuses: TicketStatus[] | null
  userIds: number[] | null
  isGroup: boolean | null
  search: { text: string; inMessages: boolean } | null
  /** Calendar days (YYYY-MM-DD) in the company's time zone. */
  createdFrom: string | null
  createdTo: string | null
  updatedOn: string | null
  timeZone: string
  sort: 'ASC' | 'DESC'
}

/** Position after the last row of a page: (updatedAt with microseconds, id). */
export interface ListCursor {
  updatedAt: string
  id: number
}

export function parseStatusList(value: string | undefined): TicketStatus[] | null {
  if (value === undefined) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    throw validationError('statusFilter')
  }
  if (
    !Array.isArray(parsed) ||
    !parsed.every((item) => (TICKET_STATUSES as readonly unknown[]).includes(item))
  )
    throw validationError('statusFilter')
  return [...new Set(parsed as TicketStatus[])]
}

/** The position after a page of any ticket list, as `cursor` and `nextCursor` carry it. */
export const ticketListCursor: KeysetCursor<ListCursor> = keysetCursor({
  updatedAt: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z$' }),
  id: CursorId,
})
