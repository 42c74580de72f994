import type { Namespace, Server } from 'socket.io'
import { Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import {
  companyEvent,
  companyNamespace,
  rooms as roomNames,
  type CompanyEventKind,
  type CompanyEventPayloads,
} from '@shared/realtime/events'
import { applyGrants } from './grants'

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
  /** Closes every socket of the user, on every instance, e.g. after his sessions were revoked. */
  disconnectUser(companyId: number, userId: number): Promise<void>
  /** Re-joins the user's sockets, on every instance, to the rooms his permissions give now. */
  refreshUserRooms(companyId: number, userId: number): Promise<void>
}

export interface BindableRealtimeHub extends RealtimeHub {
  bind(
    io: Server,
    roomsForUser: (companyId: number, userId: number) => Promise<string[] | null>,
    /** Other instances share these sockets' events (Socket.IO's cluster adapter). */
    clustered: boolean,
  ): void
}

/** What one instance tells the others when a user's grants changed: his rooms, as read once. */
const REGRANT = 'atende:regrant'
const RegrantArguments = Type.Tuple([
  Type.Integer({ minimum: 1 }),
  Type.Array(Type.String({ maxLength: 200 }), { maxItems: 10_000 }),
])

/** The user's sockets connected to this instance. */
function localSocketsOf(namespace: Namespace, userId: number) {
  const ids = namespace.adapter.rooms.get(roomNames.user(userId)) ?? new Set<string>()
  return [...ids].flatMap((id) => namespace.sockets.get(id) ?? [])
}

export function createRealtimeHub(): BindableRealtimeHub {
  let io: Server | null = null
  let cluster = false
  let roomsFor: (companyId: number, userId: number) => Promise<string[] | null> = () =>
    Promise.resolve(null)

  const regrant = (namespace: Namespace, userId: number, granted: readonly string[]) => {
    for (const socket of localSocketsOf(namespace, userId)) applyGrants(socket, granted)
  }

  return {
    bind(server, roomsForUser, clustered) {
      io = server
      roomsFor = roomsForUser
      cluster = clustered
      // Company namespaces are created on demand: each listens for other instances' regrants.
      server.on('new_namespace', (namespace: Namespace) => {
        namespace.on(REGRANT, (...args: unknown[]) => {
          if (Value.Check(RegrantArguments, args)) regrant(namespace, args[0], args[1])
        })
      })
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
      io.of(companyNamespace(companyId)).in(roomNames.user(userId)).disconnectSockets(true)
      await Promise.resolve()
    },
    async refreshUserRooms(companyId, userId) {
      if (!io) return
      const granted = await roomsFor(companyId, userId)
      const namespace = io.of(companyNamespace(companyId))
      if (!granted) {
        namespace.in(roomNames.user(userId)).disconnectSockets(true)
        return
      }
      // Applied where each socket lives, synchronously there, with the rooms read once here:
      // published in order with the events, so none sent afterwards reaches a lost room.
      regrant(namespace, userId, granted)
      if (cluster) namespace.serverSideEmit(REGRANT, userId, granted)
    },
  }
}
