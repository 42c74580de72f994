import { useCallback, useEffect } from 'react'
import { useBlocker, type BlockerFunction } from 'react-router'
import { isDesktop } from '@renderer/lib/desktop'

export interface LeaveGuard {
  /** A move to another screen waits for an answer. */
  asking: boolean
  leave: () => void
  stay: () => void
}

/**
 * Asks before unsaved changes are left behind: a move inside the app waits for an answer, and
 * the browser asks before the page closes or reloads. The desktop app hides its window on close
 * and quits from its tray, where a page that refuses to unload would silently keep it from
 * quitting, so there only moves inside the app ask.
 */
export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
    [dirty],
  )
  const blocker = useBlocker(shouldBlock)

  useEffect(() => {
    if (!dirty || isDesktop) return
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers ask only when returnValue is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', handleBeforeUnload)
    return () => window.removeEventListener('beforeunload', handleBeforeUnload)
  }, [dirty])

  const leave = useCallback(() => blocker.proceed?.(), [blocker])
  const stay = useCallback(() => blocker.reset?.(), [blocker])
  return { asking: blocker.state === 'blocked', leave, stay }
}
