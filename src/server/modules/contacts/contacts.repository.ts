import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm'
import type { TagRef } from '../../../shared/contracts/contacts'
import type { Executor } from '../../db/client'
import { contactTags, tags } from '../tags/tags.table'
import { contacts, type ContactRow } from './contacts.table'

export interface ContactIdentity {
  channel: ContactRow['channel']
  number: string
  name: string
  isGroup: boolean
  remoteJid?: string | null
  lid?: string | null
  whatsappId: number
  profilePicUrl?: string | null
  acceptAudioMessage: boolean
}

export function contactsRepository(db: Executor) {
  return {
    async findById(companyId: number, id: number): Promise<ContactRow | null> {
      const [row] = await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
      return row ?? null
    },

    async findByIds(companyId: number, ids: number[]): Promise<ContactRow[]> {
      if (ids.length === 0) return []
      return db
        .select()
        .from(contacts)
        .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, ids)))
    },

    /** The phone-number contact a WhatsApp LID was mapped to. */
    async findByLid(companyId: number, lid: string): Promise<ContactRow | null> {
      const [row] = await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.companyId, companyId), eq(contacts.lid, lid)))
        .limit(1)
      return row ?? null
    },

    /**
     * Creates the contact or refreshes what the provider tells us about it, in one statement, so
     * concurrent first messages from one person create one contact. The name is replaced only
     * while it is still the bare number (an attendant may have renamed it).
     */
    async upsert(
      companyId: number,
      identity: ContactIdentity,
    ): Promise<{ row: ContactRow; created: boolean }> {
      const [row] = await db
        .insert(contacts)
        .values({
          companyId,
          channel: identity.channel,
          number: identity.number,
          name: identity.name || identity.number,
          isGroup: identity.isGroup,
          remoteJid: identity.remoteJid ?? null,
          lid: identity.lid ?? null,
          whatsappId: identity.whatsappId,
          profilePicUrl: identity.profilePicUrl ?? null,
          acceptAudioMessage: identity.acceptAudioMessage,
        })
        .onConflictDoUpdate({
          target: [contacts.companyId, contacts.channel, contacts.number],
          set: {
            name: sql`CASE WHEN ${contacts.name} = ${contacts.number} AND excluded."name" <> '' THEN excluded."name" ELSE ${contacts.name} END`,
            remoteJid: sql`COALESCE(excluded."remoteJid", ${contacts.remoteJid})`,
            lid: sql`COALESCE(excluded."lid", ${contacts.lid})`,
            profilePicUrl: sql`COALESCE(excluded."profilePicUrl", ${contacts.profilePicUrl})`,
            whatsappId: sql`COALESCE(${contacts.whatsappId}, excluded."whatsappId")`,
            updatedAt: sql`now()`,
          },
        })
        // `xmax = 0` holds only for a freshly inserted row.
        .returning({ ...getTableColumns(contacts), created: sql<boolean>`(xmax = 0)` })
      const { created, ...contact } = row!
      return { row: contact, created }
    },

    async tagsOf(companyId: number, contactIds: number[]): Promise<Map<number, TagRef[]>> {
      const byContact = new Map<number, TagRef[]>()
      if (contactIds.length === 0) return byContact
      const rows = await db
        .select({
          contactId: contactTags.contactId,
          id: tags.id,
          name: tags.name,
          color: tags.color,
        })
        .from(contactTags)
        .innerJoin(tags, eq(tags.id, contactTags.tagId))
        .where(
          and(eq(contactTags.companyId, companyId), inArray(contactTags.contactId, contactIds)),
        )
        .orderBy(asc(tags.name))
      for (const { contactId, ...tag } of rows)
        byContact.set(contactId, [...(byContact.get(contactId) ?? []), tag])
      return byContact
    },
  }
}

export type ContactsRepository = ReturnType<typeof contactsRepository>
