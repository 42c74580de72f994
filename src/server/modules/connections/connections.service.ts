import { randomInt } from 'node:crypto'
import type { Channel, ConnectionDto } from '../../../shared/contracts/connections'
import { canManageConnections } from '../../../shared/permissions'
import type { CoreDeps } from '../../deps'
import type { Executor } from '../../db/client'
import { AppError } from '../../lib/app-error'
import type { RequestContext } from '../auth/auth.service'
import { presentConnection } from './connections.presenter'
import { connectionsRepository, type ConnectionQueueLink } from './connections.repository'
import type { connections } from './connections.table'

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** The connection's external API token (001 §9): 30 random alphanumerics. */
export const generateConnectionToken = (): string =>
  Array.from({ length: 30 }, () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)]).join('')

/**
 * Connection records. Reads for now (the inbox pickers and the menu badge); creation, sessions
 * and channel drivers arrive with the inbox and administration issues.
 */
export function createConnectionsService(deps: CoreDeps) {
  const repo = connectionsRepository(deps.db)

  async function present(
    ctx: RequestContext,
    rows: Awaited<ReturnType<typeof repo.list>>,
  ): Promise<ConnectionDto[]> {
    const byConnection = new Map<number, ConnectionQueueLink[]>()
    for (const link of await repo.queuesOf(
      ctx.companyId,
      rows.map((row) => row.id),
    )) {
      byConnection.set(link.connectionId, [...(byConnection.get(link.connectionId) ?? []), link])
    }
    const manager = canManageConnections(ctx.user)
    return rows.map((row) => presentConnection(row, byConnection.get(row.id) ?? [], manager))
  }

  return {
    async list(ctx: RequestContext, channel?: Channel): Promise<ConnectionDto[]> {
      return present(ctx, await repo.list(ctx.companyId, channel))
    },

    async get(ctx: RequestContext, id: number): Promise<ConnectionDto> {
      const row = await repo.findById(ctx.companyId, id)
      if (!row) throw new AppError('ERR_NO_WAPP_FOUND')
      const [dto] = await present(ctx, [row])
      return dto!
    },

    /** Whether `id` is a connection of the company (for references such as a user's default). */
    exists: (companyId: number, id: number) => repo.exists(companyId, id),

    /** Stores a connection; provider credentials must already be sealed by the caller. */
    async create(
      tx: Executor,
      values: Omit<typeof connections.$inferInsert, 'token'> & { token?: string },
      queueIds: number[] = [],
    ) {
      const txRepo = connectionsRepository(tx)
      const row = await txRepo.insert({
        ...values,
        token: values.token ?? generateConnectionToken(),
      })
      await txRepo.replaceQueues(row.companyId, row.id, queueIds)
      return row
    },
  }
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>
