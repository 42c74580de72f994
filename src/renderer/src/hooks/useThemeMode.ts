import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import type { UpdateUserBody } from '@shared/contracts/users'
import { http } from '../lib/http'
import { updateSessionUser } from '../lib/session'
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage'
import { subscriptionState } from '../lib/subscription'
import type { ThemeMode } from '../lib/theme'
import { useSession } from './useSession'

export interface ThemeModeValue {
  mode: ThemeMode
  /** Switches light/dark (the header's button), on this machine and for the user. */
  toggle: () => void
  /** Takes on this machine a mode the user's copy already holds (a saved profile). */
  adoptSaved: (mode: ThemeMode) => void
}

export const ThemeModeContext = createContext<ThemeModeValue>({
  mode: 'light',
  toggle: () => undefined,
  adoptSaved: () => undefined,
})

/** The current light/dark mode and how it changes (see `useThemeModeSource`). */
export const useThemeMode = (): ThemeModeValue => useContext(ThemeModeContext)

const readStoredMode = (): ThemeMode | null => {
  const stored = readStorage(STORAGE_KEYS.theme)
  return stored === 'light' || stored === 'dark' ? stored : null
}

/**
 * Saves are chained: two quick toggles must reach the server in the order they were made, or
 * the user's copy could end on the first one.
 */
let saving: Promise<unknown> = Promise.resolve()

/** PUT /users/{id} with the theme alone: anyone may change his own (SELF_EDITABLE_USER_FIELDS). */
const saveUserTheme = (userId: number, defaultTheme: ThemeMode): void => {
  const body: UpdateUserBody = { defaultTheme }
  saving = saving
    .then(() => http.put(`/users/${userId}`, body))
    .then(
      () => updateSessionUser({ defaultTheme }),
      // Not saved (offline, a refusal): this machine keeps the choice and hands it over again
      // at its next start with this session.
      () => undefined,
    )
}

/**
 * One light/dark mode, kept in two places: this machine's `preferredTheme`, read before the first
 * render so the login page and the app already wear it on their first paint, and the signed-in
 * user's `defaultTheme` (000 §3), so it follows him to other machines. The toggle writes both; a
 * saved profile is adopted. A sign-in through the form takes the user's copy. A session restored
 * on this machine (a reload, the desktop app's start) keeps what the machine last showed, and
 * hands it to the user's copy if a save was lost: nobody changed it elsewhere since, as signing in
 * elsewhere would have ended this session. An expired company may not write users, so its users'
 * choices stay on the machine.
 */
export const useThemeModeSource = (): ThemeModeValue => {
  const session = useSession()
  const user = session.status === 'signed-in' ? session.user : null
  const [mode, setMode] = useState<ThemeMode>(() => readStoredMode() ?? 'light')

  const apply = useCallback((next: ThemeMode) => {
    writeStorage(STORAGE_KEYS.theme, next)
    setMode(next)
  }, [])

  /** What the user's copy holds, as far as this machine knows or asked it to. */
  const userCopy = useRef<ThemeMode | null>(null)
  const saveForUser = useCallback(
    (next: ThemeMode) => {
      if (!user || userCopy.current === next || subscriptionState(user.company).expired) return
      userCopy.current = next
      saveUserTheme(user.id, next)
    },
    [user],
  )

  /** Whose copy was read, and the session's status before the current one. */
  const readFor = useRef<number | null>(null)
  const lastStatus = useRef(session.status)
  useEffect(() => {
    const before = lastStatus.current
    lastStatus.current = session.status
    const userId = user?.id ?? null
    if (userId === readFor.current) return
    readFor.current = userId
    userCopy.current = user?.defaultTheme ?? null
    if (!user) return
    const stored = readStoredMode()
    if (before === 'signed-out' || stored === null) apply(user.defaultTheme)
    else saveForUser(stored)
  }, [session.status, user, apply, saveForUser])

  const adoptSaved = useCallback(
    (next: ThemeMode) => {
      userCopy.current = next
      apply(next)
    },
    [apply],
  )

  const toggle = useCallback(() => {
    const next = mode === 'light' ? 'dark' : 'light'
    apply(next)
    saveForUser(next)
  }, [mode, apply, saveForUser])

  // Before the paint, so native controls and scroll bars never flash the other scheme.
  useLayoutEffect(() => {
    document.documentElement.style.colorScheme = mode
  }, [mode])

  return useMemo(() => ({ mode, toggle, adoptSaved }), [mode, toggle, adoptSaved])
}
