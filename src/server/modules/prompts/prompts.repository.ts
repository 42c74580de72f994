import { and, asc, count, eq, ilike, inArray, ne, sql } from 'drizzle-orm'
import type { Executor } from '@server/db/client'
import { companyRow } from '@server/db/company-scope'
import { escapeLike } from '@server/db/like'
import { connections } from '../connections/connections.table'
import { queues } from '../queues/queues.table'
import { tickets } from '../tickets/tickets.table'
import { prompts, promptUsage, type PromptRow } from './prompts.table'

export type PromptValues = Omit<
  typeof prompts.$inferInsert,
  | 'id'
  | 'companyId'
  | 'promptTokens'
  | 'completionTokens'
  | 'totalTokens'
  | 'createdAt'
  | 'updatedAt'
>

/** A prompt with the name of its queue. */
export type PromptWithQueue = PromptRow & { queueName: string | null }

/** What holds a prompt: it is not deleted while anything does. */
export interface PromptUsage {
  connections: string[]
  activeTickets: number
}

/** Tokens one provider call spent. */
export interface TokenCount {
  promptTokens: number
  completionTokens: number
  totalTokens: number
}

export function promptsRepository(db: Executor) {
  const selectWithQueue = () =>
    db
      .select({ prompt: prompts, queueName: queues.name })
      .from(prompts)
      .leftJoin(queues, eq(queues.id, prompts.queueId))
  const flatten = (row: { prompt: PromptRow; queueName: string | null }): PromptWithQueue => ({
    ...row.prompt,
    queueName: row.queueName,
  })

  return {
    /** A page of the company's prompts by name, and how many match. */
    async page(companyId: number, options: { search?: string; limit: number; offset: number }) {
      const where = and(
        eq(prompts.companyId, companyId),
        options.search ? ilike(prompts.name, `%${escapeLike(options.search)}%`) : undefined,
      )
      const rows = await selectWithQueue()
        .where(where)
        .orderBy(asc(prompts.name), asc(prompts.id))
        .limit(options.limit + 1)
        .offset(options.offset)
      const [total] = await db.select({ value: count() }).from(prompts).where(where)
      return { rows: rows.map(flatten), count: total?.value ?? 0 }
    },

    async findById(companyId: number, id: number): Promise<PromptWithQueue | null> {
      const [row] = await selectWithQueue().where(companyRow(prompts, companyId, id))
      return row ? flatten(row) : null
    },

    /** Which of `ids` are the company's prompts. */
    async existing(companyId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set()
      const rows = await db
        .select({ id: prompts.id })
        .from(prompts)
        .where(and(eq(prompts.companyId, companyId), inArray(prompts.id, ids)))
      return new Set(rows.map((row) => row.id))
    },

    /** The company's prompt that answers a queue's conversations, the oldest when several do. */
    async ofQueue(companyId: number, queueId: number): Promise<PromptRow | null> {
      const [row] = await db
        .select()
        .from(prompts)
        .where(and(eq(prompts.companyId, companyId), eq(prompts.queueId, queueId)))
        .orderBy(asc(prompts.id))
        .limit(1)
      return row ?? null
    },

    async insert(companyId: number, values: PromptValues): Promise<number> {
      const [row] = await db
        .insert(prompts)
        .values({ ...values, companyId })
        .returning({ id: prompts.id })
      if (!row) throw new Error('prompt insert returned nothing')
      return row.id
    },

    async update(companyId: number, id: number, values: PromptValues): Promise<boolean> {
      const changed = await db
        .update(prompts)
        .set({ ...values, updatedAt: new Date() })
        .where(companyRow(prompts, companyId, id))
        .returning({ id: prompts.id })
      return changed.length > 0
    },

    async remove(companyId: number, id: number): Promise<boolean> {
      const gone = await db
        .delete(prompts)
        .where(companyRow(prompts, companyId, id))
        .returning({ id: prompts.id })
      return gone.length > 0
    },

    async usage(companyId: number, id: number): Promise<PromptUsage> {
      const connectionRows = await db
        .select({ name: connections.name })
        .from(connections)
        .where(and(eq(connections.companyId, companyId), eq(connections.promptId, id)))
        .orderBy(asc(connections.name))
      const [active] = await db
        .select({ value: count() })
        .from(tickets)
        .where(
          and(
            eq(tickets.companyId, companyId),
            eq(tickets.promptId, id),
            eq(tickets.useIntegration, true),
            ne(tickets.status, 'closed'),
          ),
        )
      return {
        connections: connectionRows.map((row) => row.name),
        activeTickets: active?.value ?? 0,
      }
    },

    /** Adds a call's tokens to the prompt's totals and to its day (reference §7 "Usage"). */
    async addUsage(companyId: number, id: number, day: string, tokens: TokenCount) {
      await db
        .update(prompts)
        .set({
          promptTokens: sql`${prompts.promptTokens} + ${tokens.promptTokens}`,
          completionTokens: sql`${prompts.completionTokens} + ${tokens.completionTokens}`,
          totalTokens: sql`${prompts.totalTokens} + ${tokens.totalTokens}`,
        })
        .where(companyRow(prompts, companyId, id))
      await db
        .insert(promptUsage)
        .values({ companyId, promptId: id, day, calls: 1, ...tokens })
        .onConflictDoUpdate({
          target: [promptUsage.companyId, promptUsage.promptId, promptUsage.day],
          set: {
            calls: sql`${promptUsage.calls} + 1`,
            promptTokens: sql`${promptUsage.promptTokens} + ${tokens.promptTokens}`,
            completionTokens: sql`${promptUsage.completionTokens} + ${tokens.completionTokens}`,
            totalTokens: sql`${promptUsage.totalTokens} + ${tokens.totalTokens}`,
          },
        })
    },
  }
}

export type PromptsRepository = ReturnType<typeof promptsRepository>
