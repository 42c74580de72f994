import { and, asc, count, eq, exists, gte, inArray, ne } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { contactListItems } from '../contact-lists/contact-lists.table'
import { contacts } from '../contacts/contacts.table'
import { messages } from '../messages/messages.table'
import { tickets } from '../tickets/tickets.table'
import { contactTags } from '../tags/tags.table'
import type { Recipient } from './campaign-shippings.repository'

/** Who a campaign reaches: a contact list's numbers, or the WhatsApp contacts carrying a tag. */
export function campaignAudienceRepository(db: Executor) {
  const taggedWhere = (companyId: number, tagIds: number[]) =>
    and(
      eq(contactTags.companyId, companyId),
      inArray(contactTags.tagId, tagIds),
      eq(contacts.channel, 'whatsapp'),
      ne(contacts.number, ''),
    )

  return {
    /**
     * Which of these numbers wrote on the connection since `since`: the Cloud API delivers free
     * text only within 24 hours of the contact's message.
     */
    async wroteSince(
      companyId: number,
      whatsappId: number,
      numbers: string[],
      since: Date,
    ): Promise<Set<string>> {
      if (numbers.length === 0) return new Set()
      const rows = await db
        .select({ number: contacts.number })
        .from(contacts)
        .where(
          and(
            eq(contacts.companyId, companyId),
            eq(contacts.channel, 'whatsapp'),
            inArray(contacts.number, numbers),
            exists(
              db
                .select({ id: messages.id })
                .from(tickets)
                .innerJoin(
                  messages,
                  and(
                    eq(messages.companyId, tickets.companyId),
                    eq(messages.ticketId, tickets.id),
                    gte(messages.createdAt, since),
                    eq(messages.fromMe, false),
                  ),
                )
                .where(
                  and(
                    eq(tickets.companyId, contacts.companyId),
                    eq(tickets.contactId, contacts.id),
                    eq(tickets.whatsappId, whatsappId),
                  ),
                ),
            ),
          ),
        )
      return new Set(rows.map((row) => row.number))
    },

    /** The list's items by name; a number WhatsApp refused stays, to be reported as skipped. */
    async ofList(companyId: number, contactListId: number): Promise<Recipient[]> {
      const rows = await db
        .select()
        .from(contactListItems)
        .where(
          and(
            eq(contactListItems.companyId, companyId),
            eq(contactListItems.contactListId, contactListId),
          ),
        )
        .orderBy(asc(contactListItems.name), asc(contactListItems.id))
      return rows.map((row) => ({
        name: row.name,
        number: row.number,
        email: row.email,
        isGroup: row.isGroup,
        invalid: row.isWhatsappValid === false,
      }))
    },

    /** The WhatsApp contacts carrying the tag now (reference §1: expanded when it starts). */
    async ofTag(companyId: number, tagId: number): Promise<Recipient[]> {
      const rows = await db
        .select({ contact: contacts })
        .from(contactTags)
        .innerJoin(contacts, eq(contacts.id, contactTags.contactId))
        .where(taggedWhere(companyId, [tagId]))
        .orderBy(asc(contacts.name), asc(contacts.id))
      return rows.map(({ contact }) => ({
        name: contact.name,
        number: contact.number,
        email: contact.email,
        isGroup: contact.isGroup,
        invalid: false,
      }))
    },

    /** How many WhatsApp contacts each tag would reach. */
    async tagCounts(companyId: number, tagIds: number[]): Promise<Map<number, number>> {
      if (tagIds.length === 0) return new Map()
      const rows = await db
        .select({ tagId: contactTags.tagId, value: count() })
        .from(contactTags)
        .innerJoin(contacts, eq(contacts.id, contactTags.contactId))
        .where(taggedWhere(companyId, tagIds))
        .groupBy(contactTags.tagId)
      return new Map(rows.map((row) => [row.tagId, row.value]))
    },
  }
}
