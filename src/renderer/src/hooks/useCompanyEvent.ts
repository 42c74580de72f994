import { useEffect, useRef } from 'react'
import {
  companyEvent,
  type CompanyEventKind,
  type CompanyEventPayloads,
} from '@shared/realtime/events'
import { useSession } from './useSession'
import { useSocket } from './useSocket'

/**
 * Listens to `company-{companyId}-{kind}` on the company socket while the component is mounted.
 * The latest `handler` is always the one called, so it need not be memoised.
 */
export const useCompanyEvent = <K extends CompanyEventKind>(
  kind: K,
  handler: (payload: CompanyEventPayloads[K]) => void,
): void => {
  const socket = useSocket()
  const session = useSession()
  const companyId = session.status === 'signed-in' ? session.user.companyId : null
  const handlerRef = useRef(handler)

  useEffect(() => {
    handlerRef.current = handler
  })

  useEffect(() => {
    if (!socket || companyId === null) return
    // Widened to string: socket.io cannot tell a template-literal name from a reserved event.
    const name: string = companyEvent(companyId, kind)
    const listener = (payload: CompanyEventPayloads[K]) => handlerRef.current(payload)
    socket.on(name, listener)
    return () => {
      socket.off(name, listener)
    }
  }, [socket, companyId, kind])
}
