import { PLATFORM_COMPANY_ID, SUBSCRIPTION_WARNING_DAYS } from '@shared/constants'
import { daysBetween, todayIn } from '@shared/dates'

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
