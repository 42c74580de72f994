import { Type, type Static } from '@sinclair/typebox'
import { Id, Switch, Timestamp } from './common'
import { Channel } from './connections'

/** Reference §3: PENDENTE waits its time, AGENDADA is being sent, ENVIADA done, ERRO failed. */
export const SCHEDULE_STATUSES = ['PENDENTE', 'AGENDADA', 'ENVIADA', 'ERRO'] as const
export const ScheduleStatus = Type.Union(SCHEDULE_STATUSES.map((status) => Type.Literal(status)))
export type ScheduleStatus = Static<typeof ScheduleStatus>

/** 002 §3.3 interval units: 1 days, 2 weeks, 3 months, 4 minutes. */
export const SCHEDULE_UNITS = { days: 1, weeks: 2, months: 3, minutes: 4 } as const
export const ScheduleUnit = Type.Union([
  Type.Literal(1),
  Type.Literal(2),
  Type.Literal(3),
  Type.Literal(4),
])
export type ScheduleUnit = Static<typeof ScheduleUnit>

/**
 * 002 §3.3 day rule: 4 sends on the computed day, 5 moves a Saturday or Sunday to the Friday
 * before, 6 to the Monday after.
 */
export const SCHEDULE_DAY_RULES = { asIs: 4, businessDayBefore: 5, businessDayAfter: 6 } as const
export const ScheduleDayRule = Type.Union([Type.Literal(4), Type.Literal(5), Type.Literal(6)])
export type ScheduleDayRule = Static<typeof ScheduleDayRule>

/** The ticket a schedule opens: closed only logs the message (002 §3.3). */
export const SCHEDULE_TICKET_STATUSES = ['closed', 'open'] as const
export const ScheduleTicketStatus = Type.Union(
  SCHEDULE_TICKET_STATUSES.map((status) => Type.Literal(status)),
)
export type ScheduleTicketStatus = Static<typeof ScheduleTicketStatus>

/** 002 §5: at least 5 characters of text (unless a file goes with it). */
export const SCHEDULE_BODY_MIN = 5
export const SCHEDULE_BODY_MAX = 4096
export const SCHEDULE_PAGE_SIZE = 20
/** How many units apart recurring sends may be, and how many sends a schedule may make. */
export const SCHEDULE_INTERVAL_MAX = 365
export const SCHEDULE_REPEAT_MAX = 100
/** 002 §5: the attachment is an image (png, jpg, jpeg), of at most this size. */
export const SCHEDULE_MEDIA_MAX_BYTES = 5 * 1024 * 1024
/** The calendar asks for the schedules of the range it shows, at most this many. */
export const SCHEDULE_RANGE_MAX = 2_000

const Named = Type.Object({ id: Id, name: Type.String() })

/** A scheduled message (002 §3.3, reference §3). */
export const ScheduleDto = Type.Object({
  id: Id,
  body: Type.String(),
  /** When it goes out (the next time, for a recurring one). */
  sendAt: Timestamp,
  /** When its last send went out. */
  sentAt: Type.Union([Timestamp, Type.Null()]),
  status: ScheduleStatus,
  /** Why it failed (a catalogue code), for ERRO. */
  lastError: Type.Union([Type.String(), Type.Null()]),
  contactId: Id,
  contact: Type.Object({ id: Id, name: Type.String(), number: Type.String() }),
  /** Its creator, whose name signs it when `assinar`. */
  userId: Type.Union([Id, Type.Null()]),
  user: Type.Union([Named, Type.Null()]),
  whatsappId: Type.Union([Id, Type.Null()]),
  whatsapp: Type.Union([
    Type.Object({ id: Id, name: Type.String(), channel: Channel }),
    Type.Null(),
  ]),
  openTicket: Switch,
  statusTicket: ScheduleTicketStatus,
  ticketUserId: Type.Union([Id, Type.Null()]),
  queueId: Type.Union([Id, Type.Null()]),
  intervalo: ScheduleUnit,
  /** Units between sends; 0 sends once. */
  valorIntervalo: Type.Integer({ minimum: 0 }),
  /** Sends in all (reference §3: the total, not the repeats). */
  enviarQuantasVezes: Type.Integer({ minimum: 1 }),
  /** Sends made so far. */
  contadorEnvio: Type.Integer({ minimum: 0 }),
  tipoDias: ScheduleDayRule,
  assinar: Type.Boolean(),
  mediaPath: Type.Union([Type.String(), Type.Null()]),
  mediaName: Type.Union([Type.String(), Type.Null()]),
  mediaUrl: Type.Union([Type.String(), Type.Null()]),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type ScheduleDto = Static<typeof ScheduleDto>

/**
 * GET /schedules (searchParam, contactId, userId, pageNumber): by creation, newest first, page
 * 20. With `start` and `end` (the calendar's range) every schedule sending in it, by send time,
 * up to SCHEDULE_RANGE_MAX. The search reads the text and the contact's name.
 */
export const ListSchedulesQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  contactId: Type.Optional(Id),
  userId: Type.Optional(Id),
  start: Type.Optional(Timestamp),
  end: Type.Optional(Timestamp),
})
export type ListSchedulesQuery = Static<typeof ListSchedulesQuery>

export const SchedulePage = Type.Object({
  schedules: Type.Array(ScheduleDto),
  count: Type.Integer({ minimum: 0 }),
  hasMore: Type.Boolean(),
})
export type SchedulePage = Static<typeof SchedulePage>

/**
 * POST /schedules and PUT /schedules/{id}. Without `whatsappId` the server picks the contact's
 * last connection, else the company's default. `openTicket` defaults to enabled (the dialog's
 * default); user, queue and ticket status count only then. Editing to a future time sends it
 * again from there (PENDENTE), keeping the sends made.
 */
export const SaveScheduleBody = Type.Object({
  body: Type.String({ maxLength: SCHEDULE_BODY_MAX }),
  sendAt: Timestamp,
  contactId: Type.Union([Id, Type.Null()]),
  whatsappId: Type.Optional(Type.Union([Id, Type.Null()])),
  openTicket: Type.Optional(Switch),
  statusTicket: Type.Optional(ScheduleTicketStatus),
  ticketUserId: Type.Optional(Type.Union([Id, Type.Null()])),
  queueId: Type.Optional(Type.Union([Id, Type.Null()])),
  intervalo: Type.Optional(ScheduleUnit),
  valorIntervalo: Type.Optional(Type.Integer({ minimum: 0, maximum: SCHEDULE_INTERVAL_MAX })),
  enviarQuantasVezes: Type.Optional(Type.Integer({ minimum: 1, maximum: SCHEDULE_REPEAT_MAX })),
  tipoDias: Type.Optional(ScheduleDayRule),
  assinar: Type.Optional(Type.Boolean()),
  /** A file follows through media-upload, so the text may be short. */
  isMedia: Type.Optional(Type.Boolean()),
  /** The spec client's; the creator is the caller. */
  userId: Type.Optional(Type.Union([Id, Type.Null()])),
})
export type SaveScheduleBody = Static<typeof SaveScheduleBody>
