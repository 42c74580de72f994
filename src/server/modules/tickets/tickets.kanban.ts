import type { RequestContext } from '@server/context'
import {
  KANBAN_TICKET_CAP,
  type KanbanTicketList,
  type KanbanTicketsQuery,
} from '@shared/contracts/kanban'
import { todayIn } from '@shared/dates'
import { listScope, selectableQueues } from '@shared/tickets/visibility'
import type { CoreDeps } from '@server/deps'
import { parseIdList } from '@server/lib/id-list'
import { validationError } from '@server/lib/app-error'
import type { TicketCore } from './tickets.core'
import { ticketListRepository } from './tickets.list.repository'

/**
 * GET /ticket/kanban (002 §2.21, reference §11 "Build it right"): the board holds the open and
 * pending tickets the caller sees in those tabs of the inbox (show-all as far as he may), of the
 * queues he asks among his own, created within the dates (whole days in the company's time
 * zone, today by default), newest update first, at most KANBAN_TICKET_CAP.
 */
export function createKanbanBoard(deps: CoreDeps, core: Pick<TicketCore, 'present'>) {
  const listRepo = ticketListRepository(deps.db)

  return async function kanbanTickets(
    ctx: RequestContext,
    query: KanbanTicketsQuery,
  ): Promise<KanbanTicketList> {
    const queueIds = selectableQueues(ctx.user, parseIdList(query.queueIds, 'queueIds'))
    const today = todayIn(ctx.company.timezone)
    const from = query.startDate ?? today
    const to = query.endDate ?? today
    if (from > to) throw validationError('endDate')
    const tab = (view: 'open' | 'pending') =>
      listScope(ctx.user, { view, showAll: true, queueIds, showNotificationPending: false }).visible
    const { rows, count } = await listRepo.pageAndCount(
      {
        companyId: ctx.companyId,
        visible: { kind: 'or', of: [tab('open'), tab('pending')] },
        latestAmong: null,
        tagIds: null,
        whatsappIds: null,
        statuses: null,
        userIds: null,
        isGroup: null,
        search: null,
        createdFrom: from,
        createdTo: to,
        updatedOn: null,
        timeZone: ctx.company.timezone,
        sort: 'DESC',
      },
      { limit: KANBAN_TICKET_CAP + 1, offset: 0, after: null },
      KANBAN_TICKET_CAP + 1,
    )
    const page = rows.slice(0, KANBAN_TICKET_CAP)
    return {
      tickets: await core.present(
        ctx.companyId,
        page.map((row) => row.id),
        ctx.user,
      ),
      count,
      hasMore: rows.length > KANBAN_TICKET_CAP,
    }
  }
}
