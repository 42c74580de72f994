import { useEffect, useRef } from 'react'
import { useSocket } from '@renderer/hooks/useSocket'

/**
 * Calls `onReconnect` each time the company socket connects again after losing its connection,
 * when events may have been missed. The first connection is not a reconnection, and neither is
 * a recovered one: the server (any instance) sent what was emitted meanwhile, so a thousand
 * clients of a stopped instance do not all refetch their lists at once.
 */
export const useSocketReconnect = (onReconnect: () => void): void => {
  const socket = useSocket()
  const handlerRef = useRef(onReconnect)

  useEffect(() => {
    handlerRef.current = onReconnect
  })

  useEffect(() => {
    if (!socket) return
    let lost = false
    const handleDisconnect = () => {
      lost = true
    }
    const handleConnect = () => {
      if (!lost) return
      lost = false
      if (!socket.recovered) handlerRef.current()
    }
    socket.on('disconnect', handleDisconnect)
    socket.on('connect', handleConnect)
    return () => {
      socket.off('disconnect', handleDisconnect)
      socket.off('connect', handleConnect)
    }
  }, [socket])
}
