/**
 * The server the desktop app talks to. It is chosen at first run (serverUrl null: the renderer
 * asks for it) and kept in the preferences; the renderer itself always loads from our own files.
 * Which addresses are accepted is the shared rule `checkServerUrl` (src/shared/ipc/server-url.ts).
 */

export interface ServerUrlChangeDeps {
  current: () => string | null
  save: (url: string) => Promise<void>
  /** The refresh token belongs to the previous server: forget it. */
  clearVault: () => Promise<void>
  /** Reload the renderer so its CSP names the new server and its state starts clean. */
  reloadRenderer: () => void
}

/**
 * Applies a new server URL. Returns false when nothing changed (same address), so no reload
 * happens and the session survives.
 */
export async function changeServerUrl(url: string, deps: ServerUrlChangeDeps): Promise<boolean> {
  if (deps.current() === url) return false
  await deps.save(url)
  await deps.clearVault()
  // After this invoke has answered: a reload in the middle of it would leave the renderer's
  // promise pending on a page that no longer exists.
  setTimeout(deps.reloadRenderer, 0)
  return true
}
