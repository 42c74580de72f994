import { useSyncExternalStore } from 'react'
import type { Socket } from 'socket.io-client'
import { getSocket, subscribeSocket } from '../lib/socket'

/** The company socket while signed in, else null. */
export const useSocket = (): Socket | null =>
  useSyncExternalStore(subscribeSocket, getSocket, getSocket)
