import type { Socket } from 'socket.io-client'

type Listener = () => void

let socket: Socket | null = null
const listeners = new Set<Listener>()

/**
 * The company socket while signed in, else null; read it in components through `useSocket`.
 * Only the store lives here: the client library loads with the signed-in area
 * (`company-socket.ts`), not with the login page.
 */
export const getSocket = (): Socket | null => socket

export const subscribeSocket = (listener: Listener): (() => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Makes `next` the current socket and tells its readers. */
export const setSocket = (next: Socket | null): void => {
  socket = next
  for (const listener of listeners) listener()
}
