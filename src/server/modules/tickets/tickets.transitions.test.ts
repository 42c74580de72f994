import { describe, expect, test } from 'vitest'
import type { UpdateTicketBody } from '@shared/contracts/tickets'
import { AppError } from '@server/lib/app-error'
import type { TicketViewer } from './tickets.policy'
import type { TicketStatus } from './tickets.table'
import { transitionKind } from './tickets.transitions'

/** Everyone below works queue 10; the ticket sits there, held by the holder or by nobody. */
const QUEUE = 10
const viewer = (id: number, overrides: Partial<TicketViewer> = {}): TicketViewer => ({
  id,
  profile: 'user',
  super: false,
  allTicket: 'disable',
  allowGroup: false,
  allHistoric: 'disabled',
  allUserChat: 'disabled',
  userClosePendingTicket: 'disabled',
  showDashboard: 'disabled',
  allowRealTime: 'disabled',
  allowConnections: 'disabled',
  queueIds: [QUEUE],
  whatsappId: null,
  ...overrides,
})

const users = {
  /** Holds the ticket when it is held. */
  holder: viewer(1),
  /** Same queue, holds nothing, no extra switch. */
  colleague: viewer(2),
  /** Same queue, may close (ignore) tickets nobody attended. */
  ignorer: viewer(3, { userClosePendingTicket: 'enabled' }),
  /** Sees and acts on every conversation (allUserChat), but may not ignore. */
  supervisor: viewer(4, { allUserChat: 'enabled' }),
  admin: viewer(5, { profile: 'admin' }),
}
type Who = keyof typeof users

/** `held`: the holder has it; otherwise nobody does. */
const ticketOf = (status: TicketStatus, held: boolean) => ({
  status,
  userId: held ? users.holder.id : null,
  queueId: QUEUE,
  whatsappId: null,
})

/** The transition's name, or the refusal as `CODE` / `CODE:field`. */
function outcome(who: Who, status: TicketStatus, held: boolean, body: UpdateTicketBody) {
  try {
    return transitionKind(users[who], ticketOf(status, held), body)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return error.details.field ? `${error.code}:${error.details.field}` : error.code
  }
}

const NO = 'ERR_NO_PERMISSION'
const BAD_STATUS = 'ERR_VALIDATION:status'

type Row = [
  status: TicketStatus,
  held: boolean,
  body: UpdateTicketBody,
  expected: Record<Who, string>,
]
const all = (expected: string): Record<Who, string> => ({
  holder: expected,
  colleague: expected,
  ignorer: expected,
  supervisor: expected,
  admin: expected,
})
/** The holder, supervisors and admins may act on a held conversation; colleagues may not. */
const heldBy = (allowed: string): Record<Who, string> => ({
  ...all(allowed),
  colleague: NO,
  ignorer: NO,
})

describe('which statuses may go where, for whom (PUT /tickets/{id})', () => {
  const rows: Row[] = [
    // Accepting: whoever sees a waiting or open ticket may try; the conditional claim decides.
    ['pending', false, { status: 'open' }, all('accept')],
    ['open', true, { status: 'open' }, all('accept')],
    ['open', false, { status: 'open' }, all('accept')],
    ['group', false, { status: 'group' }, all('accept')],
    ['pending', false, { status: 'group' }, all('accept')],
    // Reopening a closed ticket is open to whoever sees it; other statuses follow the policy.
    ['closed', true, { status: 'open' }, all('reopen')],
    ['nps', true, { status: 'open' }, heldBy('reopen')],
    ['lgpd', false, { status: 'open' }, all('reopen')],
    // Back to the queue from open or group; pending stays pending with its fields edited.
    ['open', true, { status: 'pending' }, heldBy('returnToQueue')],
    ['group', false, { status: 'pending' }, all('returnToQueue')],
    ['pending', false, { status: 'pending' }, all('edit')],
    ['closed', true, { status: 'pending' }, all(BAD_STATUS)],
    ['nps', true, { status: 'pending' }, heldBy(BAD_STATUS)],
    // Resolving needs the right to act; ignoring an unattended ticket needs the ignore switch.
    ['open', true, { status: 'closed' }, heldBy('close')],
    ['group', false, { status: 'closed' }, all('close')],
    ['nps', true, { status: 'closed' }, heldBy('close')],
    ['closed', true, { status: 'closed' }, all('unchanged')],
    [
      'pending',
      false,
      { status: 'closed' },
      { holder: NO, colleague: NO, ignorer: 'close', supervisor: NO, admin: 'close' },
    ],
    [
      'lgpd',
      false,
      { status: 'closed' },
      { holder: NO, colleague: NO, ignorer: 'close', supervisor: NO, admin: 'close' },
    ],
    // No status: fields edited on the ticket as it is, by whoever may act on it.
    ['open', true, {}, heldBy('edit')],
    ['pending', true, {}, all('edit')],
    // The bot's statuses are never a client's to set.
    ['open', true, { status: 'nps' }, all(BAD_STATUS)],
    ['pending', false, { status: 'lgpd' }, all(BAD_STATUS)],
    // Transfers: of open, group and pending tickets, by whoever may act on them.
    ['open', true, { status: 'open', isTransfered: true }, heldBy('transfer')],
    ['pending', true, { status: 'pending', isTransfered: true }, all('transfer')],
    ['group', false, { isTransfered: true }, all('transfer')],
    ['closed', true, { status: 'open', isTransfered: true }, all(BAD_STATUS)],
    ['nps', true, { isTransfered: true }, heldBy(BAD_STATUS)],
  ]

  test.each(rows)('%s (held: %s) with %o', (status, held, body, expected) => {
    const got = Object.fromEntries(
      (Object.keys(users) as Who[]).map((who) => [who, outcome(who, status, held, body)]),
    )
    expect(got).toEqual(expected)
  })
})

test("a ticket outside the user's view is never his to act on, whatever he asks", () => {
  const outsider = viewer(9, { queueIds: [QUEUE + 1] })
  const ticket = { ...ticketOf('open', true), queueId: QUEUE }
  expect(() => transitionKind(outsider, ticket, { status: 'closed' })).toThrow(
    expect.objectContaining({ code: NO }),
  )
})
