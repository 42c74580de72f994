import { waitFor } from '@testing-library/react'
import { SLOW } from './dialogs'

/**
 * The drop-down option that reads `text`, once it shows. A role query names every element of
 * the page each time it polls, which is slow under happy-dom on a whole screen; an open
 * listbox's options are read directly instead.
 */
export const findOption = (text: string): Promise<HTMLElement> =>
  waitFor(() => {
    const option = Array.from(document.querySelectorAll<HTMLElement>('[role="option"]')).find(
      (candidate) => candidate.textContent?.trim() === text,
    )
    if (!option) throw new Error(`No option reads "${text}"`)
    return option
  }, SLOW)
