import { io, type Socket } from 'socket.io-client'
import { SOCKET_RECONNECT_DELAY_MS } from '@shared/constants'
import { companyNamespace } from '@shared/realtime/events'

type Listener = () => void

let socket: Socket | null = null
const listeners = new Set<Listener>()

const emitChange = () => {
  for (const listener of listeners) listener()
}

/** The company socket while signed in, else null; read it in components through `useSocket`. */
export const getSocket = (): Socket | null => socket

export const subscribeSocket = (listener: Listener): (() => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export interface CompanySocketOptions {
  /** '' for the page's own origin, or the desktop app's server URL. */
  base: string
  companyId: number
  userId: number
  /** Read at every handshake, so a reconnection always presents the current access token. */
  getToken: () => string | null
}

/**
 * Opens the company namespace `/{companyId}` (000 §7 Real-time): token in the handshake,
 * infinite reconnection every second, WebSocket only (no long-polling fallback to keep alive).
 */
export const connectCompanySocket = (options: CompanySocketOptions): Socket => {
  disconnectSocket()
  socket = io(`${options.base}${companyNamespace(options.companyId)}`, {
    auth: (send) => send({ token: options.getToken() }),
    query: { userId: String(options.userId) },
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionAttempts: Infinity,
    transports: ['websocket'],
  })
  emitChange()
  return socket
}

export const disconnectSocket = (): void => {
  if (!socket) return
  socket.removeAllListeners()
  socket.disconnect()
  socket = null
  emitChange()
}
