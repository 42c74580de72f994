import type { Server } from 'socket.io'
import {
  companyEvent,
  companyNamespace,
  type CompanyEventKind,
  type CompanyEventPayloads,
} from '@shared/realtime/events'

/**
 * The one way services talk to sockets: typed company events sent to rooms, never to a whole
 * namespace by accident. Services call it only after their transaction has committed.
 */
export interface RealtimeHub {
  emit<K extends CompanyEventKind>(
    companyId: number,
    rooms: readonly string[],
    kind: K,
    payload: CompanyEventPayloads[K],
    /** Sockets in these rooms are left out even when they are in `rooms` too. */
    except?: readonly string[],
  ): void
  /** Closes every socket of the user, e.g. after his sessions were revoked. */
  disconnectUser(companyId: number, userId: number): Promise<void>
  /** Re-joins the user's sockets to the rooms his current permissions give him. */
  refreshUserRooms(companyId: number, userId: number): Promise<void>
}

export interface BindableRealtimeHub extends RealtimeHub {
  bind(
    io: Server,
    roomsForUser: (companyId: number, userId: number) => Promise<string[] | null>,
  ): void
}

export function createRealtimeHub(): BindableRealtimeHub {
  let io: Server | null = null
  let roomsFor: (companyId: number, userId: number) => Promise<string[] | null> = () =>
    Promise.resolve(null)

  return {
    bind(server, roomsForUser) {
      io = server
      roomsFor = roomsForUser
    },
    emit(companyId, rooms, kind, payload, except = []) {
      if (!io || rooms.length === 0) return
      io.of(companyNamespace(companyId))
        .to([...rooms])
        .except([...except])
        .emit(companyEvent(companyId, kind), payload)
    },
    async disconnectUser(companyId, userId) {
      if (!io) return
      io.of(companyNamespace(companyId)).in(`user:${userId}`).disconnectSockets(true)
      await Promise.resolve()
    },
    async refreshUserRooms(companyId, userId) {
      if (!io) return
      const rooms = await roomsFor(companyId, userId)
      const sockets = await io.of(companyNamespace(companyId)).in(`user:${userId}`).fetchSockets()
      for (const socket of sockets) {
        if (!rooms) {
          socket.disconnect(true)
          continue
        }
        for (const room of socket.rooms)
          if (room !== socket.id && !rooms.includes(room)) socket.leave(room)
        socket.join(rooms)
      }
    },
  }
}
