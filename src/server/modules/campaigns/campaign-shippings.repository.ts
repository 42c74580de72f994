import { and, asc, count, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { ShippingState } from '@shared/contracts/campaigns'
import type { Executor } from '@server/db/client'
import { companyRow } from '@server/db/company-scope'
import { messages } from '../messages/messages.table'
import { campaigns, campaignShippings, type CampaignShippingRow } from './campaigns.table'

/** A ledger row with what its message became. */
export type ShippingWithMessage = CampaignShippingRow & {
  ack: number | null
  sendStatus: string | null
  sendError: string | null
}

/** The ledger's raw figures of one campaign (reference §1 "Report figures"). */
export interface LedgerCounts {
  total: number
  invalid: number
  pending: number
  awaiting: number
  sent: number
  delivered: number
  confirmationRequested: number
  confirmed: number
  unconfirmed: number
  failed: number
}

/** States whose recipient still waits for something of the campaign. */
export const OPEN_STATES = ['pending', 'scheduled', 'confirmation_requested', 'confirmed'] as const

const counted = (condition: SQL) =>
  sql<number>`count(*) filter (where ${condition})`.mapWith(Number)
const messageFailed = sql`${messages.sendStatus} = 'failed'`
const isFailure = or(eq(campaignShippings.state, 'failed'), messageFailed)!

/** Rows of one insert: well under PostgreSQL's bound-parameter limit. */
const INSERT_CHUNK = 1_000

export interface Recipient {
  name: string
  number: string
  email: string
  isGroup: boolean
  /** WhatsApp said the number has no account. */
  invalid: boolean
}

export function campaignShippingsRepository(db: Executor) {
  const ofCampaign = (companyId: number, campaignId: number) =>
    and(eq(campaignShippings.companyId, companyId), eq(campaignShippings.campaignId, campaignId))!

  return {
    /** Writes the ledger of a starting campaign in sending order; a number is kept once. */
    async insertLedger(companyId: number, campaignId: number, recipients: Recipient[]) {
      for (let start = 0; start < recipients.length; start += INSERT_CHUNK)
        await db
          .insert(campaignShippings)
          .values(
            recipients.slice(start, start + INSERT_CHUNK).map((recipient, index) => ({
              companyId,
              campaignId,
              position: start + index + 1,
              name: recipient.name,
              number: recipient.number,
              email: recipient.email,
              isGroup: recipient.isGroup,
              state: recipient.invalid ? ('skipped_invalid' as const) : ('pending' as const),
            })),
          )
          .onConflictDoNothing()
    },

    /** Each campaign's figures, in one grouped statement over the ledgers. */
    async counts(companyId: number, campaignIds: number[]): Promise<Map<number, LedgerCounts>> {
      const result = new Map<number, LedgerCounts>()
      if (campaignIds.length === 0) return result
      const rows = await db
        .select({
          campaignId: campaignShippings.campaignId,
          total: count(),
          invalid: counted(sql`${campaignShippings.state} = 'skipped_invalid'`),
          pending: counted(
            sql`${campaignShippings.state} in ('pending', 'scheduled', 'confirmed') or ${messages.sendStatus} = 'queued'`,
          ),
          awaiting: counted(sql`${campaignShippings.state} = 'confirmation_requested'`),
          sent: counted(sql`${messages.sendStatus} = 'sent'`),
          delivered: counted(sql`${messages.ack} >= 2`),
          confirmationRequested: counted(
            sql`${campaignShippings.confirmationRequestedAt} is not null`,
          ),
          confirmed: counted(sql`${campaignShippings.confirmedAt} is not null`),
          unconfirmed: counted(sql`${campaignShippings.state} = 'unconfirmed'`),
          failed: counted(isFailure),
        })
        .from(campaignShippings)
        .leftJoin(messages, eq(messages.id, campaignShippings.messageId))
        .where(
          and(
            eq(campaignShippings.companyId, companyId),
            inArray(campaignShippings.campaignId, campaignIds),
          ),
        )
        .groupBy(campaignShippings.campaignId)
      for (const { campaignId, ...row } of rows) result.set(campaignId, row)
      return result
    },

    /** The row locked for its send; null when it is not the company's. */
    async lock(companyId: number, id: number): Promise<CampaignShippingRow | null> {
      const [row] = await db
        .select()
        .from(campaignShippings)
        .where(companyRow(campaignShippings, companyId, id))
        .for('update')
      return row ?? null
    },

    /** The next `limit` recipients waiting their turn, in their order, locked. */
    nextPending(companyId: number, campaignId: number, limit: number) {
      if (limit <= 0) return Promise.resolve([])
      return db
        .select()
        .from(campaignShippings)
        .where(and(ofCampaign(companyId, campaignId), eq(campaignShippings.state, 'pending')))
        .orderBy(asc(campaignShippings.position))
        .limit(limit)
        .for('update')
    },

    /** Rows whose main message was written: sent, each with its variant and message. */
    async setSent(
      companyId: number,
      sent: { id: number; variant: number | null; messageId: number }[],
      now: Date,
    ) {
      if (sent.length === 0) return
      const at = now.toISOString()
      await db.execute(sql`
        UPDATE ${campaignShippings} SET "state" = 'sent', "variant" = row.variant,
          "messageId" = row.message_id, "sentAt" = ${at}::timestamptz, "lastError" = NULL,
          "updatedAt" = ${at}::timestamptz
        FROM unnest(${sql.param(sent.map((row) => row.id))}::int[],
          ${sql.param(sent.map((row) => row.variant))}::smallint[],
          ${sql.param(sent.map((row) => row.messageId))}::bigint[]) AS row(id, variant, message_id)
        WHERE ${campaignShippings.companyId} = ${companyId} AND ${campaignShippings.id} = row.id`)
    },

    async set(
      companyId: number,
      id: number,
      values: Partial<Omit<typeof campaignShippings.$inferInsert, 'id' | 'companyId'>>,
    ): Promise<void> {
      await db
        .update(campaignShippings)
        .set({ ...values, updatedAt: new Date() })
        .where(companyRow(campaignShippings, companyId, id))
    },

    /** Messages this campaign already handed to the sender (the pacing's count). */
    /**
     * How many recipients the campaign sent to, counted up to `upTo` only: the pace needs no
     * more, and a count of every sent row at each send would grow with the campaign.
     */
    async sentCount(companyId: number, campaignId: number, upTo: number): Promise<number> {
      if (upTo <= 0) return 0
      const sent = db
        .select({ id: campaignShippings.id })
        .from(campaignShippings)
        .where(
          and(
            ofCampaign(companyId, campaignId),
            inArray(campaignShippings.state, ['sent', 'confirmation_requested', 'confirmed']),
          ),
        )
        .limit(upTo)
        .as('sent')
      const [row] = await db.select({ value: count() }).from(sent)
      return row?.value ?? 0
    },

    /** Whether any recipient still waits for something of the campaign. */
    async anyOpen(companyId: number, campaignId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: campaignShippings.id })
        .from(campaignShippings)
        .where(
          and(ofCampaign(companyId, campaignId), inArray(campaignShippings.state, OPEN_STATES)),
        )
        .limit(1)
      return Boolean(row)
    },

    /** The rows in `state`, for a cancel to drop their jobs or a restart to queue them again. */
    async inState(
      companyId: number,
      campaignId: number,
      state: ShippingState,
    ): Promise<CampaignShippingRow[]> {
      return db
        .select()
        .from(campaignShippings)
        .where(and(ofCampaign(companyId, campaignId), eq(campaignShippings.state, state)))
        .orderBy(asc(campaignShippings.position))
    },

    /**
     * The confirmation requests a reply confirms (reference §1 "Confirmation"): from one of
     * `numbers` on the campaign's connection, after the request, while the campaign runs.
     */
    async confirm(
      companyId: number,
      whatsappId: number,
      numbers: string[],
      at: Date,
    ): Promise<CampaignShippingRow[]> {
      if (numbers.length === 0) return []
      return db
        .update(campaignShippings)
        .set({ state: 'confirmed', confirmedAt: at, updatedAt: at })
        .from(campaigns)
        .where(
          and(
            eq(campaignShippings.companyId, companyId),
            eq(campaignShippings.state, 'confirmation_requested'),
            inArray(campaignShippings.number, numbers),
            sql`${campaignShippings.confirmationRequestedAt} <= ${at}`,
            eq(campaigns.id, campaignShippings.campaignId),
            eq(campaigns.whatsappId, whatsappId),
            eq(campaigns.status, 'EM_ANDAMENTO'),
          ),
        )
        .returning(getTableColumns(campaignShippings))
    },

    /** Every failed recipient in sending order (the report's export). */
    async failures(companyId: number, campaignId: number): Promise<ShippingWithMessage[]> {
      const rows = await db
        .select({
          shipping: campaignShippings,
          ack: messages.ack,
          sendStatus: messages.sendStatus,
          sendError: messages.sendError,
        })
        .from(campaignShippings)
        .leftJoin(messages, eq(messages.id, campaignShippings.messageId))
        .where(and(ofCampaign(companyId, campaignId), isFailure))
        .orderBy(asc(campaignShippings.position))
      return rows.map(({ shipping, ...fate }) => ({ ...shipping, ...fate }))
    },

    /** A page of the ledger in sending order, with each message's fate. */
    async page(
      companyId: number,
      campaignId: number,
      options: { state?: ShippingState; limit: number; offset: number },
    ) {
      const where = and(
        ofCampaign(companyId, campaignId),
        options.state === 'failed'
          ? isFailure
          : options.state
            ? eq(campaignShippings.state, options.state)
            : undefined,
      )
      const rows = await db
        .select({
          shipping: campaignShippings,
          ack: messages.ack,
          sendStatus: messages.sendStatus,
          sendError: messages.sendError,
        })
        .from(campaignShippings)
        .leftJoin(messages, eq(messages.id, campaignShippings.messageId))
        .where(where)
        .orderBy(asc(campaignShippings.position))
        .limit(options.limit + 1)
        .offset(options.offset)
      const [total] = await db
        .select({ value: count() })
        .from(campaignShippings)
        .leftJoin(messages, eq(messages.id, campaignShippings.messageId))
        .where(where)
      return {
        rows: rows.map(({ shipping, ...fate }): ShippingWithMessage => ({ ...shipping, ...fate })),
        count: total?.value ?? 0,
      }
    },
  }
}
