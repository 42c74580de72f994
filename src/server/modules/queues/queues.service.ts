import type { QueueSummary } from '../../../shared/contracts/users'
import type { CoreDeps } from '../../deps'
import type { RequestContext } from '../auth/auth.service'
import { queuesRepository } from './queues.repository'

/** Minimal queues for now: the list pickers need. CRUD arrives with the administration issue. */
export function createQueuesService(deps: CoreDeps) {
  const repo = queuesRepository(deps.db)
  return {
    async list(ctx: RequestContext): Promise<QueueSummary[]> {
      return (await repo.list(ctx.companyId)).map((row) => ({
        id: row.id,
        name: row.name,
        color: row.color,
      }))
    },
    existing: (companyId: number, ids: number[]) => repo.existing(companyId, ids),
  }
}

export type QueuesService = ReturnType<typeof createQueuesService>
