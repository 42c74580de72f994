import type { RequestContext } from '@server/context'
import type { Server as HttpServer } from 'node:http'
import type { FastifyBaseLogger } from 'fastify'
import { Server, type Socket } from 'socket.io'
import { Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import {
  COMPANY_NAMESPACE_PATTERN,
  SOCKET_REFUSAL,
  type ClientEvents,
} from '@shared/realtime/events'
import type { Services } from '../services'
import type { ClusterAdapter } from './cluster-adapter'
import { coalesceFrames } from './coalesced-frames'
import { applyGrants } from './grants'
import type { BindableRealtimeHub } from './hub'

/** Who a socket is: all that its recovery keeps (the context is rebuilt from the token). */
interface SocketIdentity {
  companyId: number
  userId: number
}

interface SocketData extends SocketIdentity {
  ctx: RequestContext
}

/** How long a client that lost its connection may come back and get the events it missed. */
export const RECOVERY_WINDOW_MS = 2 * 60_000

export const recoveredIdentity = (data: unknown): SocketIdentity => {
  const { companyId, userId } = (data ?? {}) as Partial<SocketIdentity>
  return { companyId: Number(companyId), userId: Number(userId) }
}

const RoomArgument = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const CONVERSATION_ROOM = /^ticket:([0-9a-f-]{36})$/

/** joinChatBox's argument: a ticket id (number or digits) or uuid; anything else is ignored. */
function ticketRef(value: unknown): { id: number } | { uuid: string } | null {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value
  if (typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= 2_147_483_647)
    return { id }
  return typeof value === 'string' && UUID.test(value) ? { uuid: value.toLowerCase() } : null
}

/**
 * Socket.IO on the API's HTTP server: one namespace per company, the access token verified at
 * the handshake and the namespace checked against it. Sockets join only the rooms their user's
 * permissions give; every event is delivered through those rooms.
 */
export function createSocketServer(
  httpServer: HttpServer,
  options: {
    services: Services
    hub: BindableRealtimeHub
    corsOrigins: string[]
    log: FastifyBaseLogger
    /** Socket.IO across instances (an external PostgreSQL); in this process only without. */
    cluster: ClusterAdapter | null
  },
) {
  const { services, hub, log } = options
  // Socket handlers run detached from any request: a failure is logged, never left unhandled.
  const detached = (work: Promise<unknown>) => {
    work.catch((error: unknown) => log.error({ err: error }, 'socket handler failed'))
  }
  const io = new Server(httpServer, {
    cors: { origin: options.corsOrigins, credentials: true },
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    // A client back within the window, on any instance, gets what it missed instead of
    // refetching everything; the token is still checked at that handshake.
    connectionStateRecovery: {
      maxDisconnectionDuration: RECOVERY_WINDOW_MS,
      skipMiddlewares: false,
    },
    ...(options.cluster ? { adapter: options.cluster.adapter } : {}),
  })
  coalesceFrames(io)
  hub.bind(
    io,
    (companyId, userId) => services.users.roomsFor(companyId, userId),
    options.cluster !== null,
  )

  const companies = io.of(COMPANY_NAMESPACE_PATTERN)

  /** The conversation rooms of a socket that its user may still see. */
  async function visibleConversations(socket: Socket, ctx: RequestContext) {
    const visible = new Set<string>()
    for (const room of socket.rooms) {
      const uuid = CONVERSATION_ROOM.exec(room)?.[1]
      if (!uuid) continue
      const allowed = await services.tickets.chatRoom(ctx.companyId, ctx.user.id, { uuid })
      if (allowed) visible.add(allowed)
    }
    return visible
  }

  companies.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown }
    const token = typeof auth.token === 'string' ? auth.token : socket.handshake.query.token
    if (typeof token !== 'string') return next(new Error(SOCKET_REFUSAL.unauthorized))
    const namespaceCompany = Number(COMPANY_NAMESPACE_PATTERN.exec(socket.nsp.name)?.[1])
    services.auth
      .authenticate(token)
      .then((ctx) => {
        // An expired subscription gets auth and billing over HTTP only, no live events.
        if (ctx.companyId !== namespaceCompany || ctx.expired)
          return next(new Error(SOCKET_REFUSAL.unauthorized))
        // A recovered session continues only for the user it belonged to.
        const before = socket.recovered ? recoveredIdentity(socket.data) : null
        if (before && (before.companyId !== ctx.companyId || before.userId !== ctx.user.id))
          return next(new Error(SOCKET_REFUSAL.unauthorized))
        const data: SocketData = { ctx, companyId: ctx.companyId, userId: ctx.user.id }
        socket.data = data
        next()
      })
      // The client refreshes its access token on this message and reconnects.
      .catch(() => next(new Error(SOCKET_REFUSAL.tokenExpired)))
  })

  companies.on('connection', (socket: Socket<ClientEvents>) => {
    const { ctx } = socket.data as SocketData
    detached(
      (async () => {
        const rooms = await services.users.roomsFor(ctx.companyId, ctx.user.id)
        if (!rooms) return socket.disconnect(true)
        // A recovered socket is back in its old rooms: it keeps the conversations its user may
        // still see and leaves what he lost meanwhile.
        const stillVisible = socket.recovered ? await visibleConversations(socket, ctx) : undefined
        applyGrants(socket, rooms, stillVisible)
        await services.users.setPresence(ctx.companyId, ctx.user.id, true)
      })(),
    )

    socket.on('userStatus', () => detached(services.users.heartbeat(ctx.companyId, ctx.user.id)))
    // Notifications reach a user through his own rooms; these stay accepted for the spec's client.
    socket.on('joinNotification', () => undefined)
    socket.on('leaveNotification', () => undefined)
    socket.on('joinTickets', (status) => {
      if (Value.Check(RoomArgument, status)) void socket.join(`status:${status}`)
    })
    socket.on('leaveTickets', (status) => {
      if (Value.Check(RoomArgument, status)) void socket.leave(`status:${status}`)
    })
    // The conversation room: joined only if the user, as he is now, may see the ticket.
    socket.on('joinChatBox', (value: unknown) => {
      const ref = ticketRef(value)
      if (!ref) return
      detached(
        (async () => {
          const room = await services.tickets.chatRoom(ctx.companyId, ctx.user.id, ref)
          if (room) await socket.join(room)
        })(),
      )
    })
    socket.on('joinChatBoxLeave', (value: unknown) => {
      const ref = ticketRef(value)
      if (!ref) return
      detached(
        (async () => {
          const room = await services.tickets.chatRoomOf(ctx.companyId, ref)
          if (room) await socket.leave(room)
        })(),
      )
    })

    socket.on('disconnect', () => {
      detached(
        (async () => {
          const remaining = await socket.nsp.in(`user:${ctx.user.id}`).fetchSockets()
          if (remaining.length === 0)
            await services.users.setPresence(ctx.companyId, ctx.user.id, false)
        })(),
      )
    })
  })

  return io
}
