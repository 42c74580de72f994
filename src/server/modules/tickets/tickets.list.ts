import { TICKET_STATUSES, type TicketStatus } from '@shared/contracts/tickets'
import type { Scope } from '@shared/tickets/visibility'
import { validationError } from '@server/lib/app-error'
import { MAX_ID } from '@server/lib/id-list'

// Which tickets a view may hold is the rule the client shares (@shared/tickets/visibility); this
// file holds the rest of a GET /tickets request on the server.
export { listScope, selectableQueues } from '@shared/tickets/visibility'

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

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

export const encodeCursor = (cursor: ListCursor): string =>
  Buffer.from(JSON.stringify([cursor.updatedAt, cursor.id])).toString('base64url')

export function decodeCursor(value: string): ListCursor {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))
  } catch {
    throw validationError('cursor')
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    !CURSOR_TIME.test(parsed[0]) ||
    !Number.isInteger(parsed[1]) ||
    (parsed[1] as number) < 1 ||
    (parsed[1] as number) > MAX_ID
  )
    throw validationError('cursor')
  return { updatedAt: parsed[0], id: parsed[1] as number }
}
