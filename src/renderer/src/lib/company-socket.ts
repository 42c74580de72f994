import { io, type Socket } from 'socket.io-client'
import { SOCKET_RECONNECT_DELAY_MS } from '@shared/constants'
import { companyNamespace } from '@shared/realtime/events'
import { getSocket, setSocket } from './socket'

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
  const socket = io(`${options.base}${companyNamespace(options.companyId)}`, {
    auth: (send) => send({ token: options.getToken() }),
    query: { userId: String(options.userId) },
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionAttempts: Infinity,
    transports: ['websocket'],
  })
  setSocket(socket)
  return socket
}

export const disconnectSocket = (): void => {
  const socket = getSocket()
  if (!socket) return
  socket.removeAllListeners()
  socket.disconnect()
  setSocket(null)
}
