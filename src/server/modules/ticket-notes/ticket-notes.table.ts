import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { timestamps } from '@server/db/columns'
import { tenantKey } from '../companies/companies.table'
import { contacts } from '../contacts/contacts.table'
import { tickets } from '../tickets/tickets.table'
import { users } from '../users/users.table'

/** 000 §3 Ticket note: an attendant's note on a contact, written from one of its tickets. */
export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: serial('id').primaryKey(),
    companyId: tenantKey(),
    ticketId: integer('ticketId').references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contactId')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: integer('userId').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    ...timestamps(),
  },
  (t) => [
    index('ticket_notes_company_contact_idx').on(t.companyId, t.contactId, t.createdAt),
    index('ticket_notes_company_ticket_idx').on(t.companyId, t.ticketId),
  ],
)

export type TicketNoteRow = typeof ticketNotes.$inferSelect
