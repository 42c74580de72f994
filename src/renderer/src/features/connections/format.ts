import { format, isValid } from 'date-fns'
import type { ConnectionDto } from '@shared/contracts/connections'

/** A last-update time as the spec writes it (001 §2): dd/MM/yy HH:mm, in local time. */
export const formatUpdatedAt = (iso: string): string => {
  const date = new Date(iso)
  return isValid(date) ? format(date, 'dd/MM/yy HH:mm') : ''
}

/**
 * How many reconnects a session made before the server gave up on it, or null. The session
 * writes DISCONNECTED with its last attempt count only then; a disconnect asked for, an unlink,
 * a session replaced elsewhere or unread QR codes write it with 0.
 */
export const gaveUpAfter = ({
  status,
  retries,
}: Pick<ConnectionDto, 'status' | 'retries'>): number | null =>
  status === 'DISCONNECTED' && retries > 0 ? retries : null
