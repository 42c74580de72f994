/**
 * Why the last session of this tab ended, for the login page to say after the reload that
 * follows a sign-in elsewhere (000 §4 Session). Session storage: it survives the reload, stays
 * in this tab and is not among the local values the kick clears.
 */
const KEY = 'signOutNotice'

export type SignOutNotice = 'kickedOut'

export const leaveSignOutNotice = (notice: SignOutNotice): void => {
  try {
    window.sessionStorage.setItem(KEY, notice)
  } catch {
    // Storage refused: the login page simply shows no reason.
  }
}

export const readSignOutNotice = (): SignOutNotice | null => {
  try {
    return window.sessionStorage.getItem(KEY) === 'kickedOut' ? 'kickedOut' : null
  } catch {
    return null
  }
}

/** A new sign-in spends the notice: the login page after it starts clean. */
export const clearSignOutNotice = (): void => {
  try {
    window.sessionStorage.removeItem(KEY)
  } catch {
    // Nothing stored where storage is unavailable.
  }
}
