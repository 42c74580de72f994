import { and, desc, eq, type SQL } from 'drizzle-orm'
import { companyRow } from '@server/db/company-scope'
import type { Executor } from '@server/db/client'
import { contacts } from '../contacts/contacts.table'
import { tickets } from '../tickets/tickets.table'
import { users } from '../users/users.table'
import { ticketNotes, type TicketNoteRow } from './ticket-notes.table'

/** A note with the names the list shows. */
export interface TicketNoteView {
  note: TicketNoteRow
  user: { id: number; name: string } | null
  contact: { id: number; name: string }
  ticket: { id: number; status: string } | null
}

export function ticketNotesRepository(db: Executor) {
  async function views(where: SQL, limit: number): Promise<TicketNoteView[]> {
    const rows = await db
      .select({
        note: ticketNotes,
        userId: users.id,
        userName: users.name,
        contactId: contacts.id,
        contactName: contacts.name,
        ticketId: tickets.id,
        ticketStatus: tickets.status,
      })
      .from(ticketNotes)
      .innerJoin(contacts, eq(contacts.id, ticketNotes.contactId))
      .leftJoin(users, eq(users.id, ticketNotes.userId))
      .leftJoin(tickets, eq(tickets.id, ticketNotes.ticketId))
      .where(where)
      .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id))
      .limit(limit)
    return rows.map((row) => ({
      note: row.note,
      user:
        row.userId !== null && row.userName !== null
          ? { id: row.userId, name: row.userName }
          : null,
      contact: { id: row.contactId, name: row.contactName },
      ticket:
        row.ticketId !== null && row.ticketStatus !== null
          ? { id: row.ticketId, status: row.ticketStatus }
          : null,
    }))
  }

  return {
    async insert(
      companyId: number,
      values: { ticketId: number; contactId: number; userId: number; note: string },
    ): Promise<TicketNoteRow> {
      const [row] = await db
        .insert(ticketNotes)
        .values({ companyId, ...values })
        .returning()
      return row!
    },

    async view(companyId: number, id: number): Promise<TicketNoteView | null> {
      const [row] = await views(companyRow(ticketNotes, companyId, id), 1)
      return row ?? null
    },

    async list(
      companyId: number,
      filter: { ticketId?: number; contactId?: number },
      limit: number,
    ): Promise<TicketNoteView[]> {
      return views(
        and(
          eq(ticketNotes.companyId, companyId),
          filter.ticketId === undefined ? undefined : eq(ticketNotes.ticketId, filter.ticketId),
          filter.contactId === undefined ? undefined : eq(ticketNotes.contactId, filter.contactId),
        )!,
        limit,
      )
    },

    async findById(companyId: number, id: number): Promise<TicketNoteRow | null> {
      const [row] = await db
        .select()
        .from(ticketNotes)
        .where(companyRow(ticketNotes, companyId, id))
      return row ?? null
    },

    async delete(companyId: number, id: number): Promise<void> {
      await db.delete(ticketNotes).where(companyRow(ticketNotes, companyId, id))
    },
  }
}
