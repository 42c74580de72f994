import {
  DEFAULT_TIME_ZONE,
  PLATFORM_COMPANY_ID,
  SUBSCRIPTION_WARNING_DAYS,
} from '@shared/constants'

const DAY_MS = 86_400_000

/** Today's date as YYYY-MM-DD in `timeZone` (the company's), falling back to São Paulo. */
export const todayIn = (timeZone: string, now: Date = new Date()): string => {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now)
  try {
    return format(timeZone)
  } catch {
    return format(DEFAULT_TIME_ZONE)
  }
}

/** Whole days from `from` to `to`, both YYYY-MM-DD. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)

export interface SubscriptionState {
  expired: boolean
  /** Days until the due date; null for the platform company, which never expires. */
  daysLeft: number | null
  /** True when the warning toast is due: fewer than 5 days left (000 §4 Session). */
  warn: boolean
}

/**
 * The company's subscription as the client sees it: expired once the due date is behind today
 * in the company's time zone. Company 1 never expires (000 §3).
 */
export const subscriptionState = (
  company: { id: number; dueDate: string; timezone: string },
  now: Date = new Date(),
): SubscriptionState => {
  if (company.id === PLATFORM_COMPANY_ID) return { expired: false, daysLeft: null, warn: false }
  const daysLeft = daysBetween(todayIn(company.timezone, now), company.dueDate)
  if (Number.isNaN(daysLeft)) return { expired: false, daysLeft: null, warn: false }
  return {
    expired: daysLeft < 0,
    daysLeft,
    warn: daysLeft >= 0 && daysLeft < SUBSCRIPTION_WARNING_DAYS,
  }
}
