import { useCallback, useRef } from 'react'

/** How long a closing dialog may keep the focus (its exit animation) before we stop waiting. */
const WAIT_MS = 1000
const STEP_MS = 50

const insideDialog = (element: Element) =>
  element.closest('[role="dialog"], [role="alertdialog"]') !== null

/**
 * Gives the focus back after an action or its dialog: to the control the user acted from, or,
 * when the action took it away (a ticket that left the list with its buttons), to `fallback`,
 * told where the user was.
 * Never left on <body>, where a keyboard user would start over from the top. Fluent gives it
 * back only to a `DialogTrigger`, and these dialogs are opened from row buttons.
 */
export const useFocusReturn = (
  fallback: (origin: HTMLElement | null) => HTMLElement | null = () => null,
) => {
  const fallbackRef = useRef(fallback)
  fallbackRef.current = fallback
  const originRef = useRef<HTMLElement | null>(null)

  const remember = useCallback(() => {
    const active = document.activeElement
    if (active instanceof HTMLElement && active !== document.body && !insideDialog(active)) {
      originRef.current = active
    }
  }, [])

  const giveBack = useCallback(() => {
    const origin = originRef.current
    originRef.current = null
    const deadline = Date.now() + WAIT_MS
    const attempt = () => {
      const active = document.activeElement
      const lost = !active || active === document.body
      if (!lost) {
        // Still in the closing dialog: wait for it; anywhere else, the user has moved on.
        if (insideDialog(active) && Date.now() < deadline) setTimeout(attempt, STEP_MS)
        return
      }
      const target = origin?.isConnected ? origin : fallbackRef.current(origin)
      target?.focus()
    }
    setTimeout(attempt, 0)
  }, [])

  return { remember, giveBack }
}
