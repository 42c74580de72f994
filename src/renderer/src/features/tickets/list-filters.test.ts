import { describe, expect, it } from 'vitest'
import { buildSessionUser } from '@tests/renderer/session'
import { buildContact, buildFilters, buildTicket } from '@tests/renderer/tickets.fixtures'
import {
  defaultQueueFilter,
  foldText,
  parseQueueFilter,
  ticketMatchesList,
  toListQuery,
} from './list-filters'

const attendant = buildSessionUser({ id: 1, queueIds: [1, 2] })
const admin = buildSessionUser({ id: 1, profile: 'admin', queueIds: [1, 2] })

describe('ticketMatchesList: status tabs', () => {
  it('puts my open ticket in my open tab, and not someone else’s', () => {
    expect(ticketMatchesList(buildTicket({ userId: 1 }), buildFilters(), attendant)).toBe(true)
    expect(ticketMatchesList(buildTicket({ userId: 2 }), buildFilters(), attendant)).toBe(false)
  })

  it('keeps my own open ticket without queue in my open tab', () => {
    const ticket = buildTicket({ userId: 1, queueId: null, queue: null })
    expect(ticketMatchesList(ticket, buildFilters(), attendant)).toBe(true)
  })

  it('drops a ticket whose status no longer matches the tab', () => {
    const closed = buildTicket({ status: 'closed' })
    expect(ticketMatchesList(closed, buildFilters({ status: 'open' }), attendant)).toBe(false)
    expect(ticketMatchesList(closed, buildFilters({ status: 'pending' }), attendant)).toBe(false)
  })

  it('drops a ticket whose queue left the selection', () => {
    const moved = buildTicket({ status: 'pending', userId: null, queueId: 3 })
    expect(ticketMatchesList(moved, buildFilters({ status: 'pending' }), attendant)).toBe(false)
  })

  it('shows pending tickets without queue only to users with allTicket enabled', () => {
    const ticket = buildTicket({ status: 'pending', userId: null, queueId: null, queue: null })
    const pending = buildFilters({ status: 'pending' })
    expect(ticketMatchesList(ticket, pending, attendant)).toBe(false)
    expect(ticketMatchesList(ticket, pending, { ...attendant, allTicket: 'enable' })).toBe(true)
  })

  it('hides from a profile user a pending ticket pre-assigned to someone else, not from an admin', () => {
    const ticket = buildTicket({ status: 'pending', userId: 7 })
    const pending = buildFilters({ status: 'pending' })
    expect(ticketMatchesList(ticket, pending, attendant)).toBe(false)
    expect(ticketMatchesList(ticket, pending, admin)).toBe(true)
  })

  it('lists group tickets only for users allowed groups, on their default connection', () => {
    const ticket = buildTicket({ status: 'group', userId: null, whatsappId: 2 })
    const group = buildFilters({ status: 'group' })
    expect(ticketMatchesList(ticket, group, attendant)).toBe(false)
    expect(ticketMatchesList(ticket, group, { ...attendant, allowGroup: true })).toBe(true)
    expect(
      ticketMatchesList(ticket, group, { ...attendant, allowGroup: true, whatsappId: 1 }),
    ).toBe(false)
  })

  it('shows an admin only his own closed tickets unless show-all is on', () => {
    const ticket = buildTicket({ status: 'closed', userId: 7 })
    expect(ticketMatchesList(ticket, buildFilters({ status: 'closed' }), admin)).toBe(false)
    expect(
      ticketMatchesList(ticket, buildFilters({ status: 'closed', showAll: true }), admin),
    ).toBe(true)
    expect(ticketMatchesList(ticket, buildFilters({ status: 'closed' }), attendant)).toBe(true)
  })
})

describe('ticketMatchesList: show-all', () => {
  const someoneElses = buildTicket({ userId: 7 })

  it('widens the open tab to everyone’s tickets for those allowed it', () => {
    const all = buildFilters({ showAll: true })
    expect(ticketMatchesList(someoneElses, all, admin)).toBe(true)
    expect(ticketMatchesList(someoneElses, all, { ...attendant, allUserChat: 'enabled' })).toBe(
      true,
    )
  })

  it('is ignored for a user who may not show all', () => {
    expect(ticketMatchesList(someoneElses, buildFilters({ showAll: true }), attendant)).toBe(false)
  })

  it('shows consent-waiting tickets in the pending tab only in show-all mode', () => {
    const lgpd = buildTicket({ status: 'lgpd', userId: null })
    expect(ticketMatchesList(lgpd, buildFilters({ status: 'pending' }), admin)).toBe(false)
    expect(ticketMatchesList(lgpd, buildFilters({ status: 'pending', showAll: true }), admin)).toBe(
      true,
    )
  })
})

describe('ticketMatchesList: the server’s list rule, where a hand copy had drifted', () => {
  it('lists closed tickets of every queue in an allHistoric admin’s show-all', () => {
    const elsewhere = buildTicket({ status: 'closed', userId: 7, queueId: 3 })
    const historian = { ...admin, allHistoric: 'enabled' as const }
    const closedAll = buildFilters({ status: 'closed', showAll: true })
    expect(ticketMatchesList(elsewhere, closedAll, historian)).toBe(true)
    expect(ticketMatchesList(elsewhere, closedAll, admin)).toBe(false)
  })

  it('finds one’s own tickets of any queue in a search', () => {
    const mine = buildTicket({ userId: 1, queueId: 3 })
    expect(ticketMatchesList(mine, buildFilters({ status: 'search' }), attendant)).toBe(true)
  })

  it('keeps tickets without a queue out of show-all for users without allTicket', () => {
    const queueless = buildTicket({ status: 'closed', userId: 7, queueId: null, queue: null })
    const chatter = { ...attendant, allUserChat: 'enabled' as const }
    const closedAll = buildFilters({ status: 'closed', showAll: true })
    expect(ticketMatchesList(queueless, closedAll, chatter)).toBe(false)
    expect(ticketMatchesList(queueless, closedAll, { ...chatter, allTicket: 'enable' })).toBe(true)
  })
})

describe('ticketMatchesList: filter panel and search', () => {
  it('applies the tag, connection, user and status filters', () => {
    const tagged = buildTicket({
      contact: buildContact({ tags: [{ id: 5, name: 'VIP', color: '#f00' }] }),
    })
    expect(ticketMatchesList(tagged, buildFilters({ tags: [5] }), attendant)).toBe(true)
    expect(ticketMatchesList(tagged, buildFilters({ tags: [6] }), attendant)).toBe(false)
    expect(ticketMatchesList(tagged, buildFilters({ whatsapps: [2] }), attendant)).toBe(false)
    expect(ticketMatchesList(tagged, buildFilters({ statusFilter: ['pending'] }), attendant)).toBe(
      false,
    )
    expect(ticketMatchesList(tagged, buildFilters({ users: [7] }), admin)).toBe(false)
    // The user filter is the admins' alone; for anyone else it is not sent, so it cannot drop.
    expect(ticketMatchesList(tagged, buildFilters({ users: [7] }), attendant)).toBe(true)
  })

  it('matches a search by contact name without accents or case, or by number', () => {
    const ticket = buildTicket({
      status: 'closed',
      contact: buildContact({ name: 'José Álvares', number: '5511988887777' }),
    })
    expect(
      ticketMatchesList(
        ticket,
        buildFilters({ status: 'search', searchParam: 'jose al' }),
        attendant,
      ),
    ).toBe(true)
    expect(
      ticketMatchesList(ticket, buildFilters({ status: 'search', searchParam: '8888' }), attendant),
    ).toBe(true)
    expect(
      ticketMatchesList(
        ticket,
        buildFilters({ status: 'search', searchParam: 'maria' }),
        attendant,
      ),
    ).toBe(false)
    // With message search on, the text may be in a message only the server can see.
    expect(
      ticketMatchesList(
        ticket,
        buildFilters({ status: 'search', searchParam: 'maria', searchOnMessages: true }),
        attendant,
      ),
    ).toBe(true)
  })
})

describe('toListQuery', () => {
  it('sends the spec’s parameters, lists as JSON, the cursor only once there is one', () => {
    const query = toListQuery(
      buildFilters({ status: 'pending', queueIds: [2, 1], tags: [5], sort: 'ASC' }),
      attendant,
      { pageNumber: 1, cursor: null },
    )
    expect(query).toEqual({
      status: 'pending',
      pageNumber: 1,
      showAll: 'false',
      queueIds: '[1,2]',
      sortTickets: 'ASC',
      tags: '[5]',
    })
    expect(toListQuery(buildFilters(), attendant, { pageNumber: 2, cursor: 'abc' })).toMatchObject({
      pageNumber: 2,
      cursor: 'abc',
    })
  })

  it('forces show-all off for a profile user’s search and sends the search text', () => {
    const searchUser = { ...attendant, allUserChat: 'enabled' as const }
    const search = buildFilters({ status: 'search', showAll: true, searchParam: ' maria ' })
    expect(toListQuery(search, searchUser, { pageNumber: 1, cursor: null })).toMatchObject({
      status: 'search',
      showAll: 'false',
      searchParam: 'maria',
      searchOnMessages: 'false',
      sortTickets: 'DESC',
    })
    expect(toListQuery(search, admin, { pageNumber: 1, cursor: null }).showAll).toBe('true')
  })

  it('sends the user filter for admins only', () => {
    expect(
      toListQuery(buildFilters({ users: [3] }), admin, { pageNumber: 1, cursor: null }).users,
    ).toBe('[3]')
    expect(
      toListQuery(buildFilters({ users: [3] }), attendant, { pageNumber: 1, cursor: null }).users,
    ).toBeUndefined()
  })
})

describe('normalizeFilters', () => {
  it('gives equal selections one form, and drops what a view ignores', () => {
    expect(buildFilters({ queueIds: [2, 1, 2], searchParam: 'x', sort: 'ASC' })).toMatchObject({
      queueIds: [1, 2],
      searchParam: '',
      sort: 'ASC',
    })
    expect(buildFilters({ status: 'closed', sort: 'ASC' }).sort).toBe('DESC')
  })
})

describe('foldText', () => {
  it('lower-cases, trims and strips accents', () => {
    expect(foldText('  Ação Çedilha ')).toBe('acao cedilha')
  })
})

describe('the queue filter’s choice', () => {
  it('starts on the user’s own queues', () => {
    expect(defaultQueueFilter(attendant, [1, 2, 3])).toEqual([1, 2])
    expect(defaultQueueFilter(admin, [1, 2, 3])).toEqual([1, 2])
  })

  it('starts an admin without queues on every queue, so his own tickets show', () => {
    const operator = buildSessionUser({ id: 9, profile: 'admin', queueIds: [] })
    expect(defaultQueueFilter(operator, [1, 2, 3])).toEqual([1, 2, 3])
    // A profile user without queues has none to pick: nothing is widened for him.
    expect(defaultQueueFilter({ ...attendant, queueIds: [] }, [1, 2, 3])).toEqual([])
  })

  it('reads a remembered choice back, dropping queues that no longer exist', () => {
    expect(parseQueueFilter('[2]', [1, 2])).toEqual([2])
    expect(parseQueueFilter('[2,7]', [1, 2])).toEqual([2])
    expect(parseQueueFilter('[]', [1, 2])).toEqual([])
  })

  it('ignores a missing or unreadable choice', () => {
    expect(parseQueueFilter(null, [1, 2])).toBeNull()
    expect(parseQueueFilter('not json', [1, 2])).toBeNull()
    expect(parseQueueFilter('{"a":1}', [1, 2])).toBeNull()
    expect(parseQueueFilter('["1"]', [1, 2])).toEqual([])
  })
})
