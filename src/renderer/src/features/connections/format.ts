import { format, isValid } from 'date-fns'

/** A last-update time as the spec writes it (001 §2): dd/MM/yy HH:mm, in local time. */
export const formatUpdatedAt = (iso: string): string => {
  const date = new Date(iso)
  return isValid(date) ? format(date, 'dd/MM/yy HH:mm') : ''
}
