import type { RequestContext } from '@server/context'
import type {
  AdminConnectionDto,
  ConnectionMessage,
  UpdateConnectionBody,
} from '@shared/contracts/connections'
import type { CoreDeps } from '@server/deps'
import { AppError } from '@server/lib/app-error'
import { createConnectionEvents } from './connections.events'
import { createFacebookOnboarding } from './connections.facebook'
import { presentWithQueues } from './connections.presenter'
import { connectionsRepository } from './connections.repository'
import { createConnectionWrites, type ConnectionCollaborators } from './connections.writes'
import type { ConnectionRow } from './connections.table'

/**
 * The platform operator's connections (`/whatsapp/all`, `/whatsapp-admin/{id}`,
 * `/whatsappsession/admin/{id}`): any company's, with the company named. The routes admit the
 * super user only, so there is no further check here; the writes are the companies' own
 * (`connections.writes.ts`).
 */
export function createConnectionsAdminService(
  deps: CoreDeps,
  collaborators: ConnectionCollaborators,
) {
  const repo = connectionsRepository(deps.db)
  const events = createConnectionEvents(deps)
  const facebook = createFacebookOnboarding(deps, { ...collaborators, events })
  const writes = createConnectionWrites(deps, { ...collaborators, events, facebook })

  /** Any company's connection `id`, or 404 ERR_NO_WAPP_FOUND. */
  async function found(id: number): Promise<ConnectionRow> {
    const row = await repo.findByIdInAnyCompany(id)
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND')
    return row
  }

  return {
    /** GET /whatsapp/all: every company's connections with their queues. */
    async listAll(): Promise<AdminConnectionDto[]> {
      const rows = await repo.listAll()
      const dtos = await presentWithQueues(
        repo,
        null,
        rows.map(({ row }) => row),
        true,
      )
      return dtos.map((dto, index) => ({
        ...dto,
        company: { id: dto.companyId, name: rows[index]!.companyName },
      }))
    },

    /** GET /whatsapp-admin/{id}: one connection of any company. */
    async get(id: number): Promise<AdminConnectionDto> {
      const withCompany = await repo.findWithCompany(id)
      if (!withCompany) throw new AppError('ERR_NO_WAPP_FOUND')
      const { row, companyName } = withCompany
      const [dto] = await presentWithQueues(repo, row.companyId, [row], true)
      return { ...dto!, company: { id: row.companyId, name: companyName } }
    },

    /**
     * PUT /whatsapp-admin/{id}: the company's own save, its dates judged in its time zone; the
     * operators are told through `admin-whatsapp` in their own room only.
     */
    async update(
      ctx: RequestContext,
      id: number,
      body: UpdateConnectionBody,
    ): Promise<AdminConnectionDto> {
      const withCompany = await repo.findWithCompany(id)
      if (!withCompany) throw new AppError('ERR_NO_WAPP_FOUND')
      const { row, companyName, timeZone } = withCompany
      const dto = await writes.save(row, timeZone, body)
      const whatsapp = { ...dto, company: { id: row.companyId, name: companyName } }
      events.adminUpdated([ctx.companyId, row.companyId], whatsapp)
      return whatsapp
    },

    /** DELETE /whatsapp-admin/{id}. */
    async remove(id: number): Promise<ConnectionMessage> {
      return writes.remove(await found(id))
    },

    /** DELETE /whatsappsession/admin/{id}: the session ends, whatever the company's plan. */
    async logoutSession(id: number): Promise<ConnectionMessage> {
      return writes.sessionAction(await found(id), 'logout')
    },
  }
}

export type ConnectionsAdminService = ReturnType<typeof createConnectionsAdminService>
