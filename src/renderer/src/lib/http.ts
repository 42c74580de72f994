import axios, { type AxiosInstance, type CreateAxiosDefaults } from 'axios'
import { DESKTOP_CLIENT_HEADER, DESKTOP_CLIENT_VALUE } from '@shared/contracts/auth-transport'
import { isDesktop } from './desktop'

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Auth calls (login, refresh, logout) answer 401/403 themselves: no refresh, no sign-out. */
    skipAuthRefresh?: boolean
    /** Set on the one retry that follows a refresh. */
    retried?: boolean
  }
}

export interface AuthClientOptions {
  getToken: () => string | null
  /** Obtains a new access token; rejects when the session cannot be renewed. */
  refresh: () => Promise<string>
  /** The session is over (401, or a failed refresh): sign out. */
  onUnauthorized: () => void
  defaults?: CreateAxiosDefaults
}

/** The error code of a `{ error: code }` body, if that is what the server answered. */
export const errorCodeOf = (data: unknown): string | undefined =>
  typeof data === 'object' && data !== null && 'error' in data && typeof data.error === 'string'
    ? data.error
    : undefined

const bearer = (token: string) => `Bearer ${token}`

/**
 * An axios instance that sends the bearer token and applies the session rules of 000 §4:
 * a 403 ERR_INVALID_TOKEN refreshes once and retries; concurrent 403s share one refresh; a 401,
 * or a refresh that fails, ends the session. Other 403s (ERR_NO_PERMISSION, an expired
 * company) are answers, not stale tokens, so they never trigger a refresh.
 */
export const createAuthClient = (options: AuthClientOptions): AxiosInstance => {
  const client = axios.create(options.defaults)
  let refreshing: Promise<string> | null = null

  const refreshOnce = (): Promise<string> => {
    refreshing ??= options.refresh().finally(() => {
      refreshing = null
    })
    return refreshing
  }

  client.interceptors.request.use((config) => {
    const token = options.getToken()
    if (token && !config.headers.has('Authorization'))
      config.headers.set('Authorization', bearer(token))
    return config
  })

  client.interceptors.response.use(undefined, async (error: unknown) => {
    if (!axios.isAxiosError(error) || !error.response || !error.config) throw error
    const { config, response } = error
    if (config.skipAuthRefresh) throw error

    if (
      response.status === 403 &&
      errorCodeOf(response.data) === 'ERR_INVALID_TOKEN' &&
      !config.retried
    ) {
      const sent = config.headers.get('Authorization')
      const current = options.getToken()
      let token: string
      if (current && sent !== bearer(current)) {
        // Another request already refreshed while this one was in flight.
        token = current
      } else {
        try {
          token = await refreshOnce()
        } catch {
          options.onUnauthorized()
          throw error
        }
      }
      config.retried = true
      config.headers.set('Authorization', bearer(token))
      return client.request(config)
    }

    if (response.status === 401) options.onUnauthorized()
    throw error
  })

  return client
}

let accessToken: string | null = null

/** The access token lives in this module only: never in storage (ARCHITECTURE §4). */
export const getAccessToken = (): string | null => accessToken
export const setAccessToken = (token: string | null): void => {
  accessToken = token
}

let authHandlers: Pick<AuthClientOptions, 'refresh' | 'onUnauthorized'> = {
  refresh: () => Promise.reject(new Error('No session to refresh')),
  onUnauthorized: () => undefined,
}

/** Wires the session rules into `http`; called once at start-up by the session module. */
export const setAuthHandlers = (handlers: typeof authHandlers): void => {
  authHandlers = handlers
}

/** Desktop clients name themselves so the server hands them the refresh token for the vault. */
const clientHeaders: Record<string, string> = isDesktop
  ? { [DESKTOP_CLIENT_HEADER]: DESKTOP_CLIENT_VALUE }
  : {}

/**
 * The authenticated client, for every call behind sign-in. In the browser it also sends the
 * refresh cookie (path /auth); the desktop app keeps that credential in its vault instead.
 */
export const http = createAuthClient({
  getToken: getAccessToken,
  refresh: () => authHandlers.refresh(),
  onUnauthorized: () => authHandlers.onUnauthorized(),
  defaults: { withCredentials: !isDesktop, headers: clientHeaders },
})

/** The client without credentials, for public reads: plans list, public settings, version. */
export const publicHttp = axios.create({ headers: clientHeaders })

type Listener = () => void
let serverBase: string | null = isDesktop ? null : ''
const baseListeners = new Set<Listener>()

/**
 * The server's address: '' (same origin) in a browser; in the desktop app the URL chosen at
 * first run, or null until it is chosen.
 */
export const getServerBase = (): string | null => serverBase

export const setServerBase = (url: string): void => {
  serverBase = url.replace(/\/+$/, '')
  http.defaults.baseURL = serverBase
  publicHttp.defaults.baseURL = serverBase
  for (const listener of baseListeners) listener()
}

export const subscribeServerBase = (listener: Listener): (() => void) => {
  baseListeners.add(listener)
  return () => baseListeners.delete(listener)
}

/** An address on the server, for `<img src>` and links (public branding files, avatars). */
export const serverUrl = (path: string): string => `${serverBase ?? ''}${path}`

// In development the page comes from the renderer's dev server, not from the API.
if (!isDesktop && import.meta.env.VITE_API_URL) setServerBase(import.meta.env.VITE_API_URL)
