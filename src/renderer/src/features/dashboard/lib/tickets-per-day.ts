import type { TicketsPerDay } from '@shared/contracts/dashboard'
import { addDays, daysBetween } from '@shared/dates'
import { formatDay } from '@renderer/lib/format'
import type { DashboardPeriod } from '../api'

export interface TicketsPoint {
  /** The hour ('00'–'23') or the day (YYYY-MM-DD) of the bucket. */
  key: string
  /** What the axis writes: 'HH:00', or the day in the interface language. */
  label: string
  total: number
}

export interface TicketsSeries {
  /** Per hour of the day when the period is one day, else per day. */
  kind: 'hour' | 'day'
  points: TicketsPoint[]
}

/** The longest period drawn with a bar for every day, empty ones included. */
const MAX_FILLED_DAYS = 366

/** 'dd/MM/yyyy' as YYYY-MM-DD; null for anything else. */
const isoOf = (text: string): string | null => {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text)
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null
}

/**
 * GET /dashboard/ticketsDay as bars: the server lists only buckets with tickets, per hour
 * (`horario`) for one day and per day (`data`, 'dd/MM/yyyy') otherwise; every hour of the day, or
 * every day of the period, gets its bar here, zero included, in time order.
 */
export const ticketsPerDaySeries = (
  answer: TicketsPerDay,
  period: DashboardPeriod,
  locale: string,
): TicketsSeries => {
  const totals = new Map<string, number>()
  let hourly = period.from === period.to
  for (const row of answer.data) {
    if ('horario' in row) {
      hourly = true
      totals.set(row.horario, (totals.get(row.horario) ?? 0) + row.total)
    } else {
      const day = isoOf(row.data)
      if (day) totals.set(day, (totals.get(day) ?? 0) + row.total)
    }
  }
  if (hourly) {
    const points = Array.from({ length: 24 }, (_, hour) => {
      const key = String(hour).padStart(2, '0')
      return { key, label: `${key}:00`, total: totals.get(key) ?? 0 }
    })
    return { kind: 'hour', points }
  }
  const span = daysBetween(period.from, period.to)
  const days =
    Number.isFinite(span) && span >= 0 && span < MAX_FILLED_DAYS
      ? Array.from({ length: span + 1 }, (_, index) => addDays(period.from, index))
      : []
  const keys = [...new Set([...days, ...totals.keys()])].sort()
  return {
    kind: 'day',
    points: keys.map((key) => ({
      key,
      label: formatDay(key, locale),
      total: totals.get(key) ?? 0,
    })),
  }
}
