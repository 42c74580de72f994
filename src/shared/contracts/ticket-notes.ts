import { Type, type Static } from '@sinclair/typebox'
import { Id, Timestamp } from './common'

/** 000 §5 Ticket note: required, at least 2 characters ('Too Short!' / 'Required'). */
export const TICKET_NOTE = { min: 2, max: 5000 } as const

/** 000 §3 Ticket note, with the author and the ticket it was written on. */
export const TicketNoteDto = Type.Object({
  id: Id,
  note: Type.String(),
  ticketId: Type.Union([Id, Type.Null()]),
  contactId: Id,
  userId: Type.Union([Id, Type.Null()]),
  user: Type.Union([Type.Object({ id: Id, name: Type.String() }), Type.Null()]),
  contact: Type.Object({ id: Id, name: Type.String() }),
  ticket: Type.Union([Type.Object({ id: Id, status: Type.String() }), Type.Null()]),
  createdAt: Timestamp,
})
export type TicketNoteDto = Static<typeof TicketNoteDto>

/** POST /ticket-notes. The author is the caller. */
export const CreateTicketNoteBody = Type.Object({
  note: Type.String({ minLength: TICKET_NOTE.min, maxLength: TICKET_NOTE.max }),
  ticketId: Id,
  contactId: Id,
})
export type CreateTicketNoteBody = Static<typeof CreateTicketNoteBody>

/** GET /ticket-notes/list: by ticket, by contact, or both; newest first, at most 200. */
export const ListTicketNotesQuery = Type.Object({
  ticketId: Type.Optional(Id),
  contactId: Type.Optional(Id),
})
export type ListTicketNotesQuery = Static<typeof ListTicketNotesQuery>
export const TICKET_NOTES_LIMIT = 200
export const TicketNoteList = Type.Array(TicketNoteDto)
