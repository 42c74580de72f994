import { aliasedTable, and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { companyRow } from '@server/db/company-scope'
import { escapeLike } from '@server/db/like'
import type { Channel } from '@shared/contracts/connections'
import { connections } from '../connections/connections.table'
import { contactLists } from '../contact-lists/contact-lists.table'
import { queues } from '../queues/queues.table'
import { tags } from '../tags/tags.table'
import { users } from '../users/users.table'
import { campaigns, type CampaignRow } from './campaigns.table'

/** A campaign with the names of what it refers to, as screens show it. */
export type CampaignWithNames = CampaignRow & {
  contactListName: string | null
  tagName: string | null
  whatsappName: string | null
  whatsappChannel: Channel | null
  userName: string | null
  queueName: string | null
}

export type CampaignValues = Omit<
  typeof campaigns.$inferInsert,
  'id' | 'companyId' | 'createdAt' | 'updatedAt'
>

/** Running campaigns first, then scheduled, drafts, cancelled and finished ones. */
const statusOrder = sql`CASE ${campaigns.status}
  WHEN 'EM_ANDAMENTO' THEN 0 WHEN 'PROGRAMADA' THEN 1 WHEN 'INATIVA' THEN 2
  WHEN 'CANCELADA' THEN 3 ELSE 4 END`

export function campaignsRepository(db: Executor) {
  const listUser = aliasedTable(users, 'campaign_user')
  const withNames = () =>
    db
      .select({
        campaign: campaigns,
        contactListName: contactLists.name,
        tagName: tags.name,
        whatsappName: connections.name,
        whatsappChannel: connections.channel,
        userName: listUser.name,
        queueName: queues.name,
      })
      .from(campaigns)
      .leftJoin(contactLists, eq(contactLists.id, campaigns.contactListId))
      .leftJoin(tags, eq(tags.id, campaigns.tagListId))
      .leftJoin(connections, eq(connections.id, campaigns.whatsappId))
      .leftJoin(listUser, eq(listUser.id, campaigns.userId))
      .leftJoin(queues, eq(queues.id, campaigns.queueId))
  type Joined = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number]
  const flatten = ({ campaign, ...names }: Joined): CampaignWithNames => ({ ...campaign, ...names })

  return {
    /** A page by status (running first), then the latest scheduled; searched by name. */
    async page(companyId: number, options: { search?: string; limit: number; offset: number }) {
      const where = and(
        eq(campaigns.companyId, companyId),
        options.search ? ilike(campaigns.name, `%${escapeLike(options.search)}%`) : undefined,
      )
      const rows = await withNames()
        .where(where)
        .orderBy(statusOrder, sql`${campaigns.scheduledAt} DESC NULLS LAST`, desc(campaigns.id))
        .limit(options.limit + 1)
        .offset(options.offset)
      const [total] = await db.select({ value: count() }).from(campaigns).where(where)
      return { rows: rows.map(flatten), count: total?.value ?? 0 }
    },

    async all(companyId: number): Promise<CampaignWithNames[]> {
      const rows = await withNames()
        .where(eq(campaigns.companyId, companyId))
        .orderBy(asc(campaigns.name), asc(campaigns.id))
      return rows.map(flatten)
    },

    async findById(companyId: number, id: number): Promise<CampaignWithNames | null> {
      const [row] = await withNames().where(companyRow(campaigns, companyId, id))
      return row ? flatten(row) : null
    },

    /** The campaign locked for a change of its status or its ledger; null when not the company's. */
    async lock(companyId: number, id: number): Promise<CampaignRow | null> {
      const [row] = await db
        .select()
        .from(campaigns)
        .where(companyRow(campaigns, companyId, id))
        .for('update')
      return row ?? null
    },

    async insert(companyId: number, values: CampaignValues): Promise<number> {
      const [row] = await db
        .insert(campaigns)
        .values({ ...values, companyId })
        .returning({ id: campaigns.id })
      if (!row) throw new Error('campaign insert returned nothing')
      return row.id
    },

    /** Null when the campaign is not the company's. */
    async update(
      companyId: number,
      id: number,
      values: Partial<CampaignValues>,
    ): Promise<CampaignRow | null> {
      const [row] = await db
        .update(campaigns)
        .set({ ...values, updatedAt: new Date() })
        .where(companyRow(campaigns, companyId, id))
        .returning()
      return row ?? null
    },

    async remove(companyId: number, id: number): Promise<CampaignRow | null> {
      const [row] = await db
        .delete(campaigns)
        .where(companyRow(campaigns, companyId, id))
        .returning()
      return row ?? null
    },
  }
}
