import type { AdminConnectionDto } from '@shared/contracts/connections'
import { rooms } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import type { RealtimeHub } from '@server/realtime/hub'
import { presentConnection, presentWithQueues } from './connections.presenter'
import { connectionsRepository } from './connections.repository'
import type { ConnectionRow } from './connections.table'

export type ConnectionEventsDeps = Pick<CoreDeps, 'db'> & { realtime: Pick<RealtimeHub, 'emit'> }

/**
 * The connections' realtime events, sent after the change is stored. Whoever scans a leaked QR
 * binds his phone to the company, so the whole record (QR code, token) goes to the
 * `connections` room and every other socket of the company gets it without them.
 */
export function createConnectionEvents(deps: ConnectionEventsDeps) {
  const repo = connectionsRepository(deps.db)

  return {
    /** `company-{id}-whatsapp` update, for each row. */
    async updated(companyId: number, rows: ConnectionRow[]): Promise<void> {
      for (const full of await presentWithQueues(repo, companyId, rows, true)) {
        deps.realtime.emit(companyId, [rooms.connections], 'whatsapp', {
          action: 'update',
          whatsapp: full,
        })
        const { qrcode: _qrcode, token: _token, ...reduced } = full
        deps.realtime.emit(
          companyId,
          [rooms.company],
          'whatsapp',
          { action: 'update', whatsapp: reduced },
          [rooms.connections],
        )
      }
    },

    /** `company-{id}-whatsapp` delete. */
    deleted(companyId: number, connectionId: number): void {
      deps.realtime.emit(companyId, [rooms.company], 'whatsapp', {
        action: 'delete',
        whatsappId: connectionId,
      })
    },

    /** `company-{id}-whatsappSession` update: the session's status, QR code or number moved. */
    async sessionChanged(row: ConnectionRow): Promise<void> {
      const queues = await repo.queuesOf(row.companyId, [row.id])
      deps.realtime.emit(row.companyId, [rooms.connections], 'whatsappSession', {
        action: 'update',
        session: presentConnection(row, queues, true),
      })
      deps.realtime.emit(
        row.companyId,
        [rooms.company],
        'whatsappSession',
        { action: 'update', session: presentConnection(row, queues, false) },
        [rooms.connections],
      )
    },

    /** `admin-whatsapp` update, to the operators of each company only. */
    adminUpdated(companyIds: Iterable<number>, whatsapp: AdminConnectionDto): void {
      for (const companyId of new Set(companyIds))
        deps.realtime.emit(companyId, [rooms.super], 'adminWhatsapp', {
          action: 'update',
          whatsapp,
        })
    },
  }
}

export type ConnectionEvents = ReturnType<typeof createConnectionEvents>
