import { isAxiosError } from 'axios'
import type { UsedBy } from '@shared/contracts/common'
import { errorCodeOf } from './http'

/** A server refusal that belongs to one field of a form. */
export interface FieldError {
  field: string
  code: string
}

/**
 * The field a failed save points at, or null: ERR_VALIDATION names it in `field`; other codes
 * imply one (`implied`, e.g. a taken name → `name`).
 */
export function readFieldError(
  error: unknown,
  implied: Readonly<Record<string, string>> = {},
): FieldError | null {
  if (!isAxiosError(error)) return null
  const body: unknown = error.response?.data
  const code = errorCodeOf(body)
  if (code === undefined) return null
  const field = implied[code]
  if (field) return { field, code }
  if (code === 'ERR_VALIDATION' && typeof body === 'object' && body !== null && 'field' in body)
    return typeof body.field === 'string' && body.field ? { field: body.field, code } : null
  return null
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string')

/**
 * What still uses a record whose delete was refused with `code` (`usedBy` of the answer), or
 * null when the failure is another one. A refusal without a readable `usedBy` names nothing.
 */
export function readUsedBy(error: unknown, code: string): UsedBy | null {
  if (!isAxiosError(error)) return null
  const body: unknown = error.response?.data
  if (errorCodeOf(body) !== code) return null
  const usedBy: unknown =
    typeof body === 'object' && body !== null ? Reflect.get(body, 'usedBy') : null
  const field = (name: keyof UsedBy): unknown =>
    typeof usedBy === 'object' && usedBy !== null ? Reflect.get(usedBy, name) : undefined
  const list = (
    name: 'connections' | 'queues' | 'options' | 'phraseCampaigns' | 'integrations',
  ) => {
    const value = field(name)
    return isStringList(value) ? value : []
  }
  const activeTickets = field('activeTickets')
  return {
    connections: list('connections'),
    queues: list('queues'),
    options: list('options'),
    phraseCampaigns: list('phraseCampaigns'),
    integrations: list('integrations'),
    activeTickets:
      typeof activeTickets === 'number' && Number.isFinite(activeTickets) ? activeTickets : 0,
  }
}
