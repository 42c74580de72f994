import { advanceDueDate } from '@shared/contracts/companies'
import { daysBetween } from '@shared/dates'

export { advanceDueDate }

/** How a company row is coloured by its due date (001 §4). */
export type DueTone = 'warning' | 'danger' | null

/**
 * Yellow when the due date is 1 to 5 days away, red when it is today or past; `today` is
 * YYYY-MM-DD.
 */
export const dueDateTone = (dueDate: string, today: string): DueTone => {
  const days = daysBetween(today, dueDate)
  if (days <= 0) return 'danger'
  if (days <= 5) return 'warning'
  return null
}

/** A byte count as the table shows it: B, KB, MB or GB with one decimal above bytes. */
export const formatBytes = (bytes: number): string => {
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return unit === 0 ? `${value} ${units[0]}` : `${value.toFixed(1)} ${units[unit]}`
}
