import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { companyRow } from '@server/db/company-scope'
import { CHATBOT_MAX_DEPTH } from '@shared/contracts/queues'
import type { Executor } from '@server/db/client'
import { chatbots, type ChatbotRow } from './chatbots.table'

export type ChatbotValues = Omit<typeof chatbots.$inferInsert, 'id' | 'companyId' | 'createdAt'>

/** Columns of a tree walk: everything but the timestamps, which no answer carries. */
const treeColumns = sql.raw(
  [
    'id',
    'companyId',
    'queueId',
    'chatbotId',
    'name',
    'greetingMessage',
    'queueType',
    'optQueueId',
    'optUserId',
    'optIntegrationId',
    'optFileId',
    'closeTicket',
    'position',
  ]
    .map((column) => `c."${column}"`)
    .join(', '),
)

export type TreeRow = Omit<ChatbotRow, 'createdAt' | 'updatedAt'>

export function chatbotsRepository(db: Executor) {
  // Both drivers answer `{ rows }` to a raw query; the Executor union types it as unknown.
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as { rows: T[] }).rows

  /**
   * Every option under the given roots, in one recursive query (no query per level). `roots`
   * selects the first level: the options of some queues, or the children of one option. The
   * level bound keeps a walk finite even if rows written by hand ever formed a loop.
   */
  async function walk(companyId: number, roots: SQL): Promise<TreeRow[]> {
    const rows = await rowsOf<TreeRow & { level: number }>(sql`
      WITH RECURSIVE tree AS (
        SELECT ${treeColumns}, 1 AS level FROM ${chatbots} c
        WHERE c."companyId" = ${companyId} AND ${roots}
        UNION ALL
        SELECT ${treeColumns}, t.level + 1 FROM ${chatbots} c JOIN tree t ON c."chatbotId" = t.id
        WHERE c."companyId" = ${companyId} AND t.level < ${CHATBOT_MAX_DEPTH}
      )
      SELECT * FROM tree ORDER BY "position", id`)
    return rows.map(({ level: _level, ...row }) => row)
  }

  return {
    /** The whole option trees of these queues. */
    treesOfQueues(companyId: number, queueIds: number[]): Promise<TreeRow[]> {
      if (queueIds.length === 0) return Promise.resolve([])
      return walk(companyId, sql`c."queueId" IN (${sql.join(queueIds, sql`, `)})`)
    },

    /** Everything below one option, not the option itself. */
    subtreeOf(companyId: number, chatbotId: number): Promise<TreeRow[]> {
      return walk(companyId, sql`c."chatbotId" = ${chatbotId}`)
    },

    /** The option's ancestors, nearest first: its level comes from them. */
    async ancestorsOf(companyId: number, chatbotId: number): Promise<TreeRow[]> {
      const rows = await rowsOf<TreeRow & { distance: number }>(sql`
        WITH RECURSIVE up AS (
          SELECT ${treeColumns}, 0 AS distance FROM ${chatbots} c
          WHERE c."companyId" = ${companyId} AND c.id = ${chatbotId}
          UNION ALL
          SELECT ${treeColumns}, up.distance + 1 FROM ${chatbots} c JOIN up ON c.id = up."chatbotId"
          WHERE c."companyId" = ${companyId} AND up.distance < ${CHATBOT_MAX_DEPTH}
        )
        SELECT * FROM up WHERE distance > 0 ORDER BY distance`)
      return rows.map(({ distance: _distance, ...row }) => row)
    },

    async findById(companyId: number, id: number): Promise<ChatbotRow | undefined> {
      const [row] = await db
        .select()
        .from(chatbots)
        .where(companyRow(chatbots, companyId, id))
      return row
    },

    /** Locks the option's row until the transaction ends; false when it does not exist. */
    async lock(companyId: number, id: number): Promise<boolean> {
      const rows = await db
        .select({ id: chatbots.id })
        .from(chatbots)
        .where(companyRow(chatbots, companyId, id))
        .for('update')
      return rows.length > 0
    },

    /** GET /chatbot: the company's options outside any queue's first level. */
    listDetached(companyId: number): Promise<ChatbotRow[]> {
      return db
        .select()
        .from(chatbots)
        .where(and(eq(chatbots.companyId, companyId), isNull(chatbots.queueId)))
        .orderBy(asc(chatbots.id))
    },

    async insert(companyId: number, values: ChatbotValues): Promise<ChatbotRow> {
      const [row] = await db
        .insert(chatbots)
        .values({ ...values, companyId })
        .returning()
      if (!row) throw new Error('chatbot insert returned nothing')
      return row
    },

    async update(
      companyId: number,
      id: number,
      values: ChatbotValues,
    ): Promise<ChatbotRow | undefined> {
      const [row] = await db
        .update(chatbots)
        .set({ ...values, updatedAt: new Date() })
        .where(companyRow(chatbots, companyId, id))
        .returning()
      return row
    },

    /** Deletes these options; their subtrees go with them (foreign keys cascade). */
    async deleteMany(companyId: number, ids: number[]) {
      if (ids.length === 0) return
      await db
        .delete(chatbots)
        .where(and(eq(chatbots.companyId, companyId), inArray(chatbots.id, ids)))
    },

    /** The position after the last sibling under a queue, a parent option, or neither. */
    async nextPosition(companyId: number, queueId: number | null, parentId: number | null) {
      const [row] = await db
        .select({ next: sql<number>`coalesce(max(${chatbots.position}) + 1, 0)::int` })
        .from(chatbots)
        .where(
          and(
            eq(chatbots.companyId, companyId),
            parentId === null ? isNull(chatbots.chatbotId) : eq(chatbots.chatbotId, parentId),
            parentId !== null
              ? undefined
              : queueId === null
                ? isNull(chatbots.queueId)
                : eq(chatbots.queueId, queueId),
          ),
        )
      return row?.next ?? 0
    },

    /** Options that send to a queue being deleted stop sending anywhere. */
    async clearQueueTarget(companyId: number, queueId: number) {
      await db
        .update(chatbots)
        .set({ optQueueId: null, updatedAt: new Date() })
        .where(and(eq(chatbots.companyId, companyId), eq(chatbots.optQueueId, queueId)))
    },
  }
}

export type ChatbotsRepository = ReturnType<typeof chatbotsRepository>
