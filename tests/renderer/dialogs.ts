import { screen } from '@testing-library/react'

/** Role queries over Fluent's DOM are slow under happy-dom: generous waits. */
export const SLOW = { timeout: 10_000 }

/**
 * Fluent's focus manager (tabster) does not activate a modal dialog under happy-dom, so the
 * dialog stays aria-hidden and has no accessible name there: find it by its visible title, and
 * query inside it with `HIDDEN`.
 */
export const HIDDEN = { hidden: true } as const

/** The dialog titled `title`, hidden or not (see `HIDDEN`). */
export const findDialog = async (title: string | RegExp): Promise<HTMLElement> => {
  const heading = await screen.findByText(title, { selector: 'h2' }, SLOW)
  const dialog = heading.closest<HTMLElement>('[role="dialog"], [role="alertdialog"]')
  if (!dialog) throw new Error(`No dialog around the title ${String(title)}`)
  return dialog
}
