import { Type, type Static } from '@sinclair/typebox'
import { Id } from './common'
import { JsonIdList, TicketDto, TicketStatus } from './tickets'

/** 000 §9: the real-time panel looks back this many days by default. */
export const MOMENTS_WINDOW_DAYS = 30
/** The most tickets the panel holds. */
export const MOMENTS_TICKET_CAP = 1000

/**
 * GET /dashboard/moments and GET /usersMoments (000 §7): the company's tickets for the real-time
 * panel, open and pending unless `status` says otherwise, created within dateStart..dateEnd
 * (whole days in the company's time zone; the last 30 days by default), newest update first.
 * Admins see every queue (or those of `queueIds`); a user with allowRealTime sees his queues.
 */
export const MomentsQuery = Type.Object({
  status: Type.Optional(TicketStatus),
  showAll: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  queueIds: Type.Optional(JsonIdList),
  dateStart: Type.Optional(Type.String({ format: 'date' })),
  dateEnd: Type.Optional(Type.String({ format: 'date' })),
  userId: Type.Optional(Id),
})
export type MomentsQuery = Static<typeof MomentsQuery>

export const MomentsTickets = Type.Array(TicketDto)
export type MomentsTickets = Static<typeof MomentsTickets>
