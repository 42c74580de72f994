import type { RequestContext } from '@server/context'
import {
  MOMENTS_TICKET_CAP,
  MOMENTS_WINDOW_DAYS,
  type MomentsQuery,
  type MomentsTickets,
} from '@shared/contracts/moments'
import type { TicketStatus } from '@shared/contracts/tickets'
import { addDays, todayIn } from '@shared/dates'
import { canSeeTicketsWithoutQueue, canUseRealTimePanel, isAdmin } from '@shared/permissions'
import type { Scope } from '@shared/tickets/visibility'
import type { CoreDeps } from '@server/deps'
import { AppError, validationError } from '@server/lib/app-error'
import { parseIdList } from '@server/lib/id-list'
import type { TicketCore } from './tickets.core'
import { ticketListRepository } from './tickets.list.repository'

const PANEL_STATUSES: TicketStatus[] = ['open', 'pending']

/**
 * The real-time panel's tickets (000 §2 "Real-time attendance panel", reference §13 "Build it
 * right"): admins and users with allowRealTime; an admin sees every queue (or those he picks),
 * a user his own queues (and tickets without one when he may see those). Tickets created within
 * the window, newest update first, at most MOMENTS_TICKET_CAP; the panel groups them by attendant.
 */
export function createMomentsPanel(deps: CoreDeps, core: Pick<TicketCore, 'present'>) {
  const listRepo = ticketListRepository(deps.db)

  return async function momentsTickets(
    ctx: RequestContext,
    query: MomentsQuery,
  ): Promise<MomentsTickets> {
    if (!canUseRealTimePanel(ctx.user)) throw new AppError('ERR_NO_PERMISSION')
    const requested = parseIdList(query.queueIds, 'queueIds')
    const today = todayIn(ctx.company.timezone)
    const to = query.dateEnd ?? today
    const from = query.dateStart ?? addDays(to, 1 - MOMENTS_WINDOW_DAYS)
    if (from > to) throw validationError('dateEnd')
    const visible: Scope = isAdmin(ctx.user)
      ? requested
        ? { kind: 'queues', ids: requested, orNull: true }
        : { kind: 'all' }
      : {
          kind: 'queues',
          ids: requested
            ? requested.filter((id) => ctx.user.queueIds.includes(id))
            : ctx.user.queueIds,
          orNull: canSeeTicketsWithoutQueue(ctx.user),
        }
    const { rows } = await listRepo.pageAndCount(
      {
        companyId: ctx.companyId,
        visible,
        latestAmong: null,
        tagIds: null,
        whatsappIds: null,
        statuses: query.status ? [query.status] : PANEL_STATUSES,
        userIds: query.userId ? [query.userId] : null,
        isGroup: null,
        search: null,
        createdFrom: from,
        createdTo: to,
        updatedOn: null,
        timeZone: ctx.company.timezone,
        sort: 'DESC',
      },
      { limit: MOMENTS_TICKET_CAP, offset: 0, after: null },
      MOMENTS_TICKET_CAP,
    )
    return core.present(
      ctx.companyId,
      rows.map((row) => row.id),
      ctx.user,
    )
  }
}
