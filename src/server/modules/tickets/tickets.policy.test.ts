import { describe, expect, test } from 'vitest'
import type { TicketFacts, TicketViewer } from '@shared/tickets/visibility'
import { ticketPolicy } from './tickets.policy'

/** Agent 1 of queue 10, with no switch on. */
const agent = (overrides: Partial<TicketViewer> = {}): TicketViewer => ({
  id: 1,
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
  queueIds: [10],
  whatsappId: null,
  ...overrides,
})

/** An open ticket of colleague 2 in queue 10, on connection 5. */
const ticket = (overrides: Partial<TicketFacts> = {}): TicketFacts => ({
  userId: 2,
  queueId: 10,
  status: 'open',
  whatsappId: 5,
  ...overrides,
})

const viewers = {
  'an agent': agent(),
  'an allTicket agent': agent({ allTicket: 'enable' }),
  'an allUserChat agent': agent({ allUserChat: 'enabled' }),
  'an allHistoric agent': agent({ allHistoric: 'enabled' }),
  'a group viewer': agent({ allowGroup: true }),
  'a group viewer of connection 5': agent({ allowGroup: true, whatsappId: 5 }),
  'a group viewer of connection 6': agent({ allowGroup: true, whatsappId: 6 }),
  'an agent with userClosePendingTicket': agent({ userClosePendingTicket: 'enabled' }),
  'an admin': agent({ profile: 'admin' }),
  'a super user': agent({ super: true }),
}

const tickets = {
  'his own ticket of another queue': ticket({ userId: 1, queueId: 99 }),
  "a colleague's open ticket in his queue": ticket(),
  'a waiting ticket of his queue': ticket({ userId: null, status: 'pending' }),
  'a ticket pre-assigned to a colleague': ticket({ status: 'pending' }),
  "a colleague's closed ticket in his queue": ticket({ status: 'closed' }),
  "a colleague's consent-waiting ticket": ticket({ status: 'lgpd' }),
  'a rating-waiting ticket of nobody': ticket({ userId: null, status: 'nps' }),
  "a colleague's group in his queue": ticket({ status: 'group' }),
  "a colleague's group without queue": ticket({ queueId: null, status: 'group' }),
  "a colleague's open ticket without queue": ticket({ queueId: null }),
  'a waiting ticket without queue': ticket({ userId: null, queueId: null, status: 'pending' }),
  "a colleague's ticket of another queue": ticket({ queueId: 99 }),
  "a colleague's closed ticket of another queue": ticket({ queueId: 99, status: 'closed' }),
}

/** `rights` names what the row allows, space-separated; `-` for nothing. */
const allows = (rights: string, right: string) => rights.split(' ').includes(right)

describe('ticketPolicy: see, act (move the ticket) and write (in its conversation)', () => {
  const rows: [keyof typeof viewers, keyof typeof tickets, string][] = [
    ['an agent', 'his own ticket of another queue', 'see act write'],
    ['an agent', "a colleague's open ticket in his queue", 'see'],
    ['an agent', 'a waiting ticket of his queue', 'see act write'],
    // Accepting is a conditional claim: trying is allowed, writing is not.
    ['an agent', 'a ticket pre-assigned to a colleague', 'see act'],
    // Reopening makes it his; writing into it does not.
    ['an agent', "a colleague's closed ticket in his queue", 'see act'],
    ['an agent', "a colleague's consent-waiting ticket", 'see'],
    ['an agent', 'a rating-waiting ticket of nobody', 'see act write'],
    ['an agent', "a colleague's group in his queue", 'see'],
    ['an agent', "a colleague's ticket of another queue", '-'],
    ['an agent', 'a waiting ticket without queue', '-'],
    ['an allTicket agent', 'a waiting ticket without queue', 'see act write'],
    ['an allUserChat agent', "a colleague's ticket of another queue", 'see act write'],
    ['an allHistoric agent', "a colleague's closed ticket of another queue", 'see act'],
    ['an allHistoric agent', "a colleague's ticket of another queue", '-'],
    // A group is one conversation its viewers share; moving it stays with its holder.
    ['a group viewer', "a colleague's group without queue", 'see write'],
    ['a group viewer of connection 5', "a colleague's group without queue", 'see write'],
    ['a group viewer of connection 6', "a colleague's group without queue", '-'],
    ['a group viewer', "a colleague's open ticket without queue", '-'],
    ['an admin', "a colleague's ticket of another queue", 'see act write'],
    ['a super user', "a colleague's ticket of another queue", 'see act write'],
  ]
  test.each(rows)('%s, on %s: %s', (who, on, rights) => {
    const [viewer, target] = [viewers[who], tickets[on]]
    expect({
      see: ticketPolicy.see(viewer, target),
      act: ticketPolicy.act(viewer, target),
      write: ticketPolicy.write(viewer, target),
    }).toEqual({
      see: allows(rights, 'see'),
      act: allows(rights, 'act'),
      write: allows(rights, 'write'),
    })
  })
})

describe('ticketPolicy: ignore a waiting ticket, assign a ticket to someone else', () => {
  const rows: [keyof typeof viewers, string][] = [
    ['an agent', '-'],
    ['an agent with userClosePendingTicket', 'ignore'],
    ['an allUserChat agent', '-'],
    ['an admin', 'ignore assignOthers'],
    ['a super user', 'ignore assignOthers'],
  ]
  test.each(rows)('%s: %s', (who, rights) => {
    const viewer = viewers[who]
    expect({
      ignore: ticketPolicy.ignore(viewer),
      assignOthers: ticketPolicy.assignOthers(viewer),
    }).toEqual({ ignore: allows(rights, 'ignore'), assignOthers: allows(rights, 'assignOthers') })
  })
})
