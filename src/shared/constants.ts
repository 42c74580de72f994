/** Timings and limits fixed by the specification (000 §9, 001 §9, 002 §9). */

export const SOCKET_RECONNECT_DELAY_MS = 1000
export const PRESENCE_INTERVAL_MS = 300_000
/** A user stays online while a socket of his sent a heartbeat within this window. */
export const PRESENCE_STALE_MS = 360_000

export const SEARCH_DEBOUNCE_MS = 500
export const SEARCH_MIN_CHARS = 3
export const INFINITE_SCROLL_THRESHOLD_PX = 100
export const VIRTUALIZE_ABOVE = 20

export const TOAST_AUTO_CLOSE_MS = 2000
export const SUBSCRIPTION_WARNING_DAYS = 5
/** Company 1 is the platform owner: its due date is pinned to the end of year 2999. */
export const PLATFORM_COMPANY_ID = 1
export const PLATFORM_COMPANY_DUE_DATE = '2999-12-31'
export const SIGNUP_TRIAL_DAYS = 7
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo'

export const SIDE_MENU_WIDTH_PX = 240
export const TEMPORARY_DRAWER_BELOW_PX = 600

export const TICKETS_MANAGER_WIDTH = { min: 404, max: 700, default: 550 } as const
export const VOLUME = { min: 0, max: 1, step: 0.1, default: 1 } as const

export const PAGE_SIZE = { users: 20, companies: 20, plans: 20, helps: 20 } as const

export const USER_NAME = { min: 2, max: 50 } as const
export const PASSWORD = { min: 5, max: 50 } as const

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60

/**
 * Login throttling, in sliding windows. One address failing from one IP earns a growing wait
 * (`perPair`), so nobody can lock an account out for its owner elsewhere; one IP failing on many
 * addresses is refused (`perIp`: `failures` counts each address once).
 */
export const LOGIN_LIMITS = {
  perPair: { freeFailures: 5, firstWaitMs: 5_000, maxWaitMs: 5 * 60_000, windowMs: 60 * 60_000 },
  perIp: { failures: 10, windowMs: 15 * 60_000 },
} as const

export const LANGUAGES = ['pt-BR', 'en', 'es', 'tr'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'pt-BR'

/** White-label fallbacks (001 §9). */
export const BRAND_FALLBACK = {
  color: '#065183',
  emptyColor: '#212529',
  appName: 'Atende',
} as const

export const RECURRENCE_MONTHS = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
} as const
export type Recurrence = keyof typeof RECURRENCE_MONTHS
