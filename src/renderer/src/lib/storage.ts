/**
 * The few values the renderer keeps in local storage. Never a token: the access token lives in
 * memory and the refresh credential in the HttpOnly cookie or the desktop vault.
 */
export const STORAGE_KEYS = {
  theme: 'preferredTheme',
  language: 'language',
  volume: 'volume',
  version: 'version',
  /** '1' while this browser holds a session: start-up asks the server only then. */
  signedIn: 'signedIn',
} as const

/** Reads a key, answering null where storage is unavailable (private mode, sandboxed frames). */
export const readStorage = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export const writeStorage = (key: string, value: string): void => {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    // Storage refused (quota or policy): the preference simply is not remembered.
  }
}

export const removeStorage = (key: string): void => {
  try {
    window.localStorage.removeItem(key)
  } catch {
    // Storage unavailable: there is nothing to remove.
  }
}

export const clearStorage = (): void => {
  try {
    window.localStorage.clear()
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
