import type { FastifyInstance } from 'fastify'
import { io as connect, type Socket } from 'socket.io-client'

/** The clients each test app opened, closed with it (`useTenant`). */
const opened = new WeakMap<FastifyInstance, Socket[]>()

/** The access token of a bearer header (`loginAs`, `signIn`), as a socket's handshake sends it. */
export const tokenOf = (headers: { authorization: string }) =>
  headers.authorization.replace(/^Bearer /, '')

/**
 * A socket.io client of a listening test app on `namespace` (`/{companyId}`), with the access
 * token when given. It does not reconnect: a refusal or a kick is final, as a test expects.
 */
export function openSocket(
  t: { app: FastifyInstance; baseUrl: string },
  namespace: string,
  token?: string,
): Socket {
  const socket = connect(`${t.baseUrl}${namespace}`, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
  })
  opened.set(t.app, [...(opened.get(t.app) ?? []), socket])
  return socket
}

export const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })

/** Resolves with the handshake's refusal message. */
export const refused = (socket: Socket) =>
  new Promise<string>((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')))
    socket.once('connect_error', (error) => resolve(error.message))
  })

/** A connected client of company `companyId` signed in with `headers`. */
export async function online(
  t: { app: FastifyInstance; baseUrl: string },
  companyId: number,
  headers: { authorization: string },
): Promise<Socket> {
  const socket = openSocket(t, `/${companyId}`, tokenOf(headers))
  await connected(socket)
  return socket
}

/** Resolves with the first payload of `event` that `accept` takes; rejects after the timeout. */
export const next = <T>(
  socket: Socket,
  event: string,
  {
    accept = () => true,
    timeoutMs = 5000,
  }: { accept?: (payload: T) => boolean; timeoutMs?: number } = {},
) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener)
      reject(new Error(`no ${event}`))
    }, timeoutMs)
    const listener = (payload: T) => {
      if (!accept(payload)) return
      clearTimeout(timer)
      socket.off(event, listener)
      resolve(payload)
    }
    socket.on(event, listener)
  })

/** Resolves true when `event` does not arrive within the window. */
export const silent = (socket: Socket, event: string, windowMs = 500) =>
  new Promise<boolean>((resolve) => {
    const listener = () => {
      clearTimeout(timer)
      resolve(false)
    }
    const timer = setTimeout(() => {
      socket.off(event, listener)
      resolve(true)
    }, windowMs)
    socket.once(event, listener)
  })

/** Closes the clients opened on `app`. */
export function closeSockets(app: FastifyInstance) {
  for (const socket of opened.get(app) ?? []) socket.close()
  opened.delete(app)
}
