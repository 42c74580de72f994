import {
  and,
  asc,
  eq,
  gt,
  inArray,
  notInArray,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm'
import { companyRow } from '@server/db/company-scope'
import { executePrepared, readRow } from '@server/db/prepared'
import { storableJson } from '@server/lib/storable-text'
import type { ContactChannel, TagRef } from '@shared/contracts/contacts'
import type { Executor } from '@server/db/client'
import { connections } from '../connections/connections.table'
import { contactTags, tags } from '../tags/tags.table'
import {
  contactExtraInfo,
  contacts,
  type ContactExtraInfoRow,
  type ContactRow,
} from './contacts.table'
import { escapeLike } from '@server/db/like'

/** What GET /contacts and the export filter on. */
export interface ContactFilter {
  search?: { text: string; digits: string | null }
  tagIds?: number[]
  channel?: ContactChannel
  isGroup?: boolean
}

/** Keyset position: the last row of the previous page in (name, id) order. */
export interface ContactCursor {
  name: string
  id: number
}

/** Fields a write may set (never the company or the id). */
export type ContactValues = Partial<
  Pick<
    ContactRow,
    | 'name'
    | 'number'
    | 'email'
    | 'active'
    | 'disableBot'
    | 'acceptAudioMessage'
    | 'picturePath'
    | 'profilePicUrl'
    | 'pictureCheckedAt'
    | 'remoteJid'
    | 'lid'
  >
>

/** How many contacts in list order a search tests one by one before asking the index. */
const SEARCH_WALK = 5_000

/** The search on a folded `searchText` column (of contacts, or of a subquery over them). */
function searchMatch(search: NonNullable<ContactFilter['search']>, column: SQLWrapper): SQL {
  const folded = (text: string) => sql`'%' || atende_fold(${escapeLike(text)}) || '%'`
  const byText = sql`${column} LIKE ${folded(search.text)}`
  return search.digits ? or(byText, sql`${column} LIKE ${folded(search.digits)}`)! : byText
}

function where(companyId: number, filter: ContactFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(contacts.companyId, companyId)]
  if (filter.search) conditions.push(searchMatch(filter.search, contacts.searchText))
  if (filter.tagIds)
    conditions.push(
      filter.tagIds.length
        ? sql`EXISTS (SELECT 1 FROM ${contactTags}
            WHERE ${contactTags.companyId} = ${companyId}
              AND ${contactTags.contactId} = ${contacts.id}
              AND ${inArray(contactTags.tagId, filter.tagIds)})`
        : sql`FALSE`,
    )
  if (filter.channel) conditions.push(eq(contacts.channel, filter.channel))
  if (filter.isGroup !== undefined) conditions.push(eq(contacts.isGroup, filter.isGroup))
  return and(...conditions)!
}

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

/**
 * Creates contacts or refreshes what the provider tells us about them, in one statement, so
 * concurrent first messages from one person create one contact; answered in the order asked.
 * The name is replaced only while it is still the bare number (an attendant may have renamed
 * it). One person asked twice is merged first: a statement may not update a row twice.
 */
async function upsertContacts(
  db: Executor,
  companyId: number,
  identities: ContactIdentity[],
): Promise<{ row: ContactRow; created: boolean }[]> {
  if (identities.length === 0) return []
  const keyOf = (identity: Pick<ContactIdentity, 'channel' | 'number'>) =>
    `${identity.channel}:${identity.number}`
  const merged = new Map<string, ContactIdentity>()
  for (const identity of identities) {
    const seen = merged.get(keyOf(identity))
    merged.set(
      keyOf(identity),
      seen
        ? {
            ...seen,
            name: identity.name || seen.name,
            remoteJid: identity.remoteJid ?? seen.remoteJid ?? null,
            lid: identity.lid ?? seen.lid ?? null,
            profilePicUrl: identity.profilePicUrl ?? seen.profilePicUrl ?? null,
          }
        : identity,
    )
  }
  // The people travel as one JSON array: the statement is prepared once whatever their number
  // (a VALUES list was built value by value on every inbound batch). `xmax = 0` holds only for
  // a freshly inserted row.
  const people = storableJson(
    [...merged.values()].map((identity) => ({
      channel: identity.channel,
      number: identity.number,
      name: identity.name || identity.number,
      isGroup: identity.isGroup,
      remoteJid: identity.remoteJid ?? null,
      lid: identity.lid ?? null,
      whatsappId: identity.whatsappId,
      profilePicUrl: identity.profilePicUrl ?? null,
      acceptAudioMessage: identity.acceptAudioMessage,
    })),
  )
  const answered = await executePrepared<Record<string, unknown>>(
    db,
    'contacts_upsert',
    () => sql`
      INSERT INTO ${contacts} ("companyId", "channel", "number", "name", "isGroup", "remoteJid",
        "lid", "whatsappId", "profilePicUrl", "acceptAudioMessage")
      SELECT ${sql.placeholder('companyId')}::int, person."channel", person."number", person."name",
        person."isGroup", person."remoteJid", person."lid", person."whatsappId",
        person."profilePicUrl", person."acceptAudioMessage"
      FROM jsonb_to_recordset(${sql.placeholder('people')}::jsonb) AS person("channel" text,
        "number" text, "name" text, "isGroup" boolean, "remoteJid" text, "lid" text,
        "whatsappId" int, "profilePicUrl" text, "acceptAudioMessage" boolean)
      ON CONFLICT ("companyId", "channel", "number") DO UPDATE SET
        "name" = CASE WHEN ${contacts.name} = ${contacts.number} AND excluded."name" <> '' THEN excluded."name" ELSE ${contacts.name} END,
        "remoteJid" = COALESCE(excluded."remoteJid", ${contacts.remoteJid}),
        "lid" = COALESCE(excluded."lid", ${contacts.lid}),
        "profilePicUrl" = COALESCE(excluded."profilePicUrl", ${contacts.profilePicUrl}),
        "whatsappId" = COALESCE(${contacts.whatsappId}, excluded."whatsappId"),
        "updatedAt" = now()
      RETURNING *, (xmax = 0) AS "created"`,
    { companyId, people },
  )
  const rows = answered.map((row) => readRow<ContactRow & { created: boolean }>(contacts, row))
  const byKey = new Map(rows.map(({ created, ...row }) => [keyOf(row), { row, created }] as const))
  return identities.map((identity) => byKey.get(keyOf(identity))!)
}

export function contactsRepository(db: Executor, searchWalk = SEARCH_WALK) {
  return {
    async findById(companyId: number, id: number): Promise<ContactRow | null> {
      const [row] = await db
        .select()
        .from(contacts)
        .where(companyRow(contacts, companyId, id))
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

    async upsert(
      companyId: number,
      identity: ContactIdentity,
    ): Promise<{ row: ContactRow; created: boolean }> {
      const [result] = await upsertContacts(db, companyId, [identity])
      return result!
    },

    /** `upsert` for many people at once (the inbound pipeline's batches). */
    upsertMany: (companyId: number, identities: ContactIdentity[]) =>
      upsertContacts(db, companyId, identities),

    /**
     * One page in (name, id) order: after `cursor` when given (keyset), else at `offset`.
     * Asks one row more than `limit` so the caller knows whether more follow.
     *
     * A search first walks the next SEARCH_WALK contacts in list order and keeps the matches:
     * text found in many contacts fills the page there. Otherwise the trigram index finds the
     * matches and they are sorted; `name || ''` keeps the planner from walking the whole name
     * index for text that is rare.
     */
    async page(
      companyId: number,
      filter: ContactFilter,
      options: { limit: number; offset: number; cursor: ContactCursor | null },
    ): Promise<ContactRow[]> {
      const after = options.cursor
        ? or(
            gt(contacts.name, options.cursor.name),
            and(eq(contacts.name, options.cursor.name), gt(contacts.id, options.cursor.id)),
          )
        : undefined
      const wanted = options.limit + 1
      const offset = options.cursor ? 0 : options.offset
      if (!filter.search)
        return db
          .select()
          .from(contacts)
          .where(and(where(companyId, filter), after))
          .orderBy(asc(contacts.name), asc(contacts.id))
          .limit(wanted)
          .offset(offset)

      const { search, ...rest } = filter
      const walk = db
        .select()
        .from(contacts)
        .where(and(where(companyId, rest), after))
        .orderBy(asc(contacts.name), asc(contacts.id))
        .limit(offset + searchWalk)
        .as('walk')
      const walked = await db
        .select()
        .from(walk)
        .where(searchMatch(search, walk.searchText))
        .orderBy(asc(walk.name), asc(walk.id))
        .limit(wanted)
        .offset(offset)
      if (walked.length === wanted) return walked
      return db
        .select()
        .from(contacts)
        .where(and(where(companyId, filter), after))
        .orderBy(sql`${contacts.name} || ''`, asc(contacts.id))
        .limit(wanted)
        .offset(offset)
    },

    /** Matching contacts, counted up to `cap` (a full count of a large company is not needed). */
    async count(companyId: number, filter: ContactFilter, cap: number): Promise<number> {
      const capped = db
        .select({ one: sql`1` })
        .from(contacts)
        .where(where(companyId, filter))
        .limit(cap)
        .as('capped')
      const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(capped)
      return row?.total ?? 0
    },

    /** The contact of a channel stored under any of `numbers` (spellings of one number). */
    async findByNumber(
      companyId: number,
      channel: ContactChannel,
      numbers: string[],
    ): Promise<ContactRow | null> {
      const [row] = await db
        .select()
        .from(contacts)
        .where(
          and(
            eq(contacts.companyId, companyId),
            eq(contacts.channel, channel),
            inArray(contacts.number, numbers),
          ),
        )
        .orderBy(asc(contacts.id))
        .limit(1)
      return row ?? null
    },

    /** Inserts a contact; null when the number is taken (the unique index decides). */
    async insert(
      companyId: number,
      values: ContactValues & {
        name: string
        number: string
        channel: ContactChannel
        whatsappId?: number | null
      },
    ): Promise<ContactRow | null> {
      const [row] = await db
        .insert(contacts)
        .values({ ...values, companyId })
        .onConflictDoNothing({ target: [contacts.companyId, contacts.channel, contacts.number] })
        .returning()
      return row ?? null
    },

    async update(companyId: number, id: number, values: ContactValues): Promise<ContactRow | null> {
      const [row] = await db
        .update(contacts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(companyRow(contacts, companyId, id))
        .returning()
      return row ?? null
    },

    /** Flips a boolean column in one statement (concurrent toggles do not cancel out). */
    async toggle(
      companyId: number,
      id: number,
      column: 'disableBot' | 'acceptAudioMessage',
    ): Promise<ContactRow | null> {
      const [row] = await db
        .update(contacts)
        .set({ [column]: sql`NOT ${contacts[column]}`, updatedAt: sql`now()` })
        .where(companyRow(contacts, companyId, id))
        .returning()
      return row ?? null
    },

    async delete(companyId: number, id: number): Promise<ContactRow | null> {
      const [row] = await db
        .delete(contacts)
        .where(companyRow(contacts, companyId, id))
        .returning()
      return row ?? null
    },

    async connectionName(
      companyId: number,
      id: number,
    ): Promise<{ id: number; name: string } | null> {
      const [row] = await db
        .select({ id: connections.id, name: connections.name })
        .from(connections)
        .where(companyRow(connections, companyId, id))
      return row ?? null
    },

    async extraInfoOf(companyId: number, contactId: number): Promise<ContactExtraInfoRow[]> {
      return db
        .select()
        .from(contactExtraInfo)
        .where(
          and(eq(contactExtraInfo.companyId, companyId), eq(contactExtraInfo.contactId, contactId)),
        )
        .orderBy(asc(contactExtraInfo.id))
    },

    /**
     * Makes the contact's fields exactly `items`: those with an id of this contact are updated,
     * the others added, stored ones not listed removed. Run inside a transaction.
     */
    async replaceExtraInfo(
      companyId: number,
      contactId: number,
      items: { id?: number; name: string; value: string }[],
    ): Promise<void> {
      const mine = and(
        eq(contactExtraInfo.companyId, companyId),
        eq(contactExtraInfo.contactId, contactId),
      )
      const keep = items.flatMap((item) => (item.id ? [item.id] : []))
      await db
        .delete(contactExtraInfo)
        .where(and(mine, keep.length ? notInArray(contactExtraInfo.id, keep) : undefined))
      const added: { name: string; value: string }[] = []
      for (const item of items) {
        if (!item.id) {
          added.push(item)
          continue
        }
        const [updated] = await db
          .update(contactExtraInfo)
          .set({ name: item.name, value: item.value, updatedAt: sql`now()` })
          .where(and(mine, eq(contactExtraInfo.id, item.id)))
          .returning({ id: contactExtraInfo.id })
        // An id of another contact is treated as a new field, never as a foreign row.
        if (!updated) added.push(item)
      }
      if (added.length)
        await db
          .insert(contactExtraInfo)
          .values(
            added.map((item) => ({ companyId, contactId, name: item.name, value: item.value })),
          )
    },

    /** Makes the contact's tags exactly `tagIds` (which the caller checked are the company's). */
    async replaceTags(companyId: number, contactId: number, tagIds: number[]): Promise<void> {
      await db
        .delete(contactTags)
        .where(
          and(
            eq(contactTags.companyId, companyId),
            eq(contactTags.contactId, contactId),
            tagIds.length ? notInArray(contactTags.tagId, tagIds) : undefined,
          ),
        )
      await this.addTags(companyId, contactId, tagIds)
    },

    async addTags(companyId: number, contactId: number, tagIds: number[]): Promise<void> {
      if (tagIds.length === 0) return
      await db
        .insert(contactTags)
        .values(tagIds.map((tagId) => ({ companyId, contactId, tagId })))
        .onConflictDoNothing()
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
