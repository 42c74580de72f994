import { addDays, daysBetween, todayIn } from '@shared/dates'
import { DASHBOARD_DEFAULT_DAYS, DASHBOARD_MAX_DAYS } from '@shared/contracts/dashboard'
import type { DashboardPeriod } from '../api'

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

/** The last 30 days, today included, in the company's time zone (the server's default). */
export const defaultPeriod = (timeZone: string, now: Date = new Date()): DashboardPeriod => {
  const to = todayIn(timeZone, now)
  return { from: addDays(to, 1 - DASHBOARD_DEFAULT_DAYS), to }
}

export type PeriodProblem = 'required' | 'invalid' | 'endBeforeStart' | 'tooLong'

/**
 * What is wrong with a typed period, field by field; an empty object when the server can read
 * it (both days given, the end not before the start, at most 366 days).
 */
export const periodProblems = ({
  from,
  to,
}: DashboardPeriod): Partial<Record<keyof DashboardPeriod, PeriodProblem>> => {
  const problems: Partial<Record<keyof DashboardPeriod, PeriodProblem>> = {}
  for (const [field, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (value.trim() === '') problems[field] = 'required'
    else if (!ISO_DAY.test(value) || Number.isNaN(daysBetween(value, value))) {
      problems[field] = 'invalid'
    }
  }
  if (problems.from || problems.to) return problems
  const days = daysBetween(from, to)
  if (days < 0) problems.to = 'endBeforeStart'
  else if (days + 1 > DASHBOARD_MAX_DAYS) problems.to = 'tooLong'
  return problems
}
