import { Type, type Static, type TSchema } from '@sinclair/typebox'

export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 })

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) })
export type IdParams = Static<typeof IdParams>

export const Switch = Type.Union([Type.Literal('enabled'), Type.Literal('disabled')])
export const AllTicket = Type.Union([Type.Literal('enable'), Type.Literal('disable')])
export const Profile = Type.Union([Type.Literal('admin'), Type.Literal('user')])
export const Theme = Type.Union([Type.Literal('light'), Type.Literal('dark')])
export const MenuState = Type.Union([Type.Literal('open'), Type.Literal('closed')])
/** HH:MM, 24 hours. */
export const TimeOfDay = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' })
/** ISO 8601 timestamp as sent over the wire. */
export const Timestamp = Type.String({ format: 'date-time' })

/** `pageNumber` is 1-based (000 §7). */
export const PageQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
})
export type PageQuery = Static<typeof PageQuery>

/** What refuses a delete: the records that still use the one being deleted. */
export const UsedBy = Type.Object({
  connections: Type.Array(Type.String()),
  queues: Type.Array(Type.String()),
  options: Type.Array(Type.String()),
  activeTickets: Type.Integer({ minimum: 0 }),
  /** Phrase campaigns that start a flow. */
  phraseCampaigns: Type.Optional(Type.Array(Type.String())),
  /** Queue integrations that run a flow. */
  integrations: Type.Optional(Type.Array(Type.String())),
})
export type UsedBy = Static<typeof UsedBy>

export const ErrorResponse = Type.Object({
  error: Type.String(),
  field: Type.Optional(Type.String()),
  usedBy: Type.Optional(UsedBy),
  /** What an external service said when it failed (an integration's test). */
  detail: Type.Optional(Type.String()),
  /** What is wrong with a flow's graph (ERR_FLOW_INVALID). */
  problems: Type.Optional(
    Type.Array(
      Type.Object({
        problem: Type.String(),
        nodeId: Type.Optional(Type.String()),
        edgeId: Type.Optional(Type.String()),
        elementId: Type.Optional(Type.String()),
      }),
    ),
  ),
})

export const MessageResponse = Type.Object({ message: Type.String() })

/** `{ [key]: items, count, hasMore }`: the spec's paged list envelope. */
export const PagedList = <K extends string, T extends TSchema>(key: K, item: T) =>
  Type.Object({
    [key]: Type.Array(item),
    count: Type.Integer(),
    hasMore: Type.Boolean(),
  } as Record<K, ReturnType<typeof Type.Array<T>>> & {
    count: ReturnType<typeof Type.Integer>
    hasMore: ReturnType<typeof Type.Boolean>
  })
