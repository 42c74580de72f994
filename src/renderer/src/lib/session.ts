import type { SessionResponse } from '@shared/contracts/auth'
import type { SessionUser, UserDto } from '@shared/contracts/users'
import { desktop, isDesktop } from './desktop'
import { formatDay } from './format'
import { getAccessToken, http, setAccessToken, setAuthHandlers } from './http'
import { i18n } from './i18n'
import { notifyError, notifyWarning } from './notify'
import { queryClient } from './query-client'
import { clearSignOutNotice } from './sign-out-notice'
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage'
import { subscriptionState } from './subscription'

export type SessionState =
  | { status: 'restoring' }
  | { status: 'signed-out' }
  | {
      status: 'signed-in'
      user: SessionUser
      /** Where the public pages send the user: /tickets right after the login form (000 §4). */
      landing?: string
    }

type Listener = () => void

let state: SessionState = { status: 'restoring' }
const listeners = new Set<Listener>()

const setState = (next: SessionState) => {
  state = next
  for (const listener of listeners) listener()
}

/** The current session; read it in components through `useSession`. */
export const getSession = (): SessionState => state

export const subscribeSession = (listener: Listener): (() => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Takes the tokens of a login or refresh answer. The desktop refresh token goes straight to the
 * OS vault and is never kept in this process; the access token stays in memory.
 */
const acceptTokens = async (response: SessionResponse, landing?: string): Promise<void> => {
  if (response.refreshToken) await desktop.saveRefreshToken(response.refreshToken)
  rememberBrowserSession(true)
  setAccessToken(response.token)
  setState({ status: 'signed-in', user: response.user, ...(landing ? { landing } : {}) })
}

/** Warns about a subscription close to its end or already over (000 §4 Session). */
const announceSubscription = (user: SessionUser): void => {
  const { expired, daysLeft, warn } = subscriptionState(user.company)
  const date = formatDay(user.company.dueDate, i18n.language)
  if (expired) notifyError(i18n.t('subscription.expired', { ns: 'shell', date }))
  else if (warn) notifyWarning(i18n.t('subscription.endsSoon', { ns: 'shell', days: daysLeft }))
}

/** Signs in with a login answer: keeps the tokens and announces the subscription state. */
export const startSession = async (response: SessionResponse): Promise<void> => {
  clearSignOutNotice()
  await acceptTokens(response, '/tickets')
  announceSubscription(response.user)
}

let refreshing: Promise<string> | null = null

/**
 * Exchanges the refresh credential (cookie in a browser, vault on desktop) for a new access
 * token; the server rotates the credential at the same time. Rejects when there is no session.
 * Callers share one request: a second refresh with the credential the first one rotated away
 * would be refused and sign the user out.
 */
export const refreshSession = (): Promise<string> => {
  refreshing ??= requestRefresh().finally(() => {
    refreshing = null
  })
  return refreshing
}

const requestRefresh = async (): Promise<string> => {
  let body: { refreshToken?: string } = {}
  if (isDesktop) {
    const refreshToken = await desktop.readRefreshToken()
    if (!refreshToken) throw new Error('No refresh token in the vault')
    body = { refreshToken }
  }
  const { data } = await http.post<SessionResponse>('/auth/refresh_token', body, {
    skipAuthRefresh: true,
    withCredentials: !isDesktop,
  })
  await acceptTokens(data)
  return data.token
}

/**
 * Whether this browser signed in and has not signed out since: the refresh cookie is httpOnly,
 * so without this mark every first visit would ask the server and log a 401 for nothing.
 */
const rememberBrowserSession = (signedIn: boolean): void => {
  if (isDesktop) return
  if (signedIn) writeStorage(STORAGE_KEYS.signedIn, '1')
  else removeStorage(STORAGE_KEYS.signedIn)
}
const mayHaveBrowserSession = (): boolean => isDesktop || readStorage(STORAGE_KEYS.signedIn) === '1'

let restoring: Promise<void> | null = null

/**
 * Start-up: a still-valid refresh credential signs the user in without the login form. Runs
 * once however often it is called (React's strict mode mounts effects twice).
 */
export const restoreSession = (): Promise<void> => {
  restoring ??= restore()
  return restoring
}

const restore = async (): Promise<void> => {
  if (!mayHaveBrowserSession()) {
    setState({ status: 'signed-out' })
    return
  }
  try {
    await refreshSession()
  } catch {
    rememberBrowserSession(false)
    setState({ status: 'signed-out' })
    return
  }
  if (state.status === 'signed-in') announceSubscription(state.user)
}

/**
 * Ends the session: tells the server (unless it already ended there), forgets both tokens and
 * every cached query. The route guards then send the user to /login.
 */
export const endSession = async ({ callServer = true }: { callServer?: boolean } = {}) => {
  if (callServer && getAccessToken()) {
    await http
      .delete('/auth/logout', { skipAuthRefresh: true, withCredentials: !isDesktop })
      .catch(() => undefined)
  }
  setAccessToken(null)
  rememberBrowserSession(false)
  await desktop.clearVault()
  queryClient.clear()
  setState({ status: 'signed-out' })
}

/** The post-login destination was reached: later visits to public pages go to / again. */
export const clearLanding = (): void => {
  if (state.status !== 'signed-in' || !state.landing) return
  setState({ status: 'signed-in', user: state.user })
}

/** Merges a fresh copy of the signed-in user (after a self-edit or a live update). */
export const updateSessionUser = (user: Partial<UserDto>): void => {
  if (state.status !== 'signed-in') return
  setState({ ...state, user: { ...state.user, ...user } })
}

/** Re-reads the signed-in user from GET /auth/me. */
export const reloadSessionUser = async (): Promise<void> => {
  const { data } = await http.get<SessionUser>('/auth/me')
  if (state.status === 'signed-in') setState({ ...state, user: data })
}

setAuthHandlers({
  refresh: refreshSession,
  onUnauthorized: () => {
    if (state.status === 'signed-in') void endSession({ callServer: false })
  },
})
