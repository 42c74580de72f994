import type { Static } from '@sinclair/typebox'
import type { VersionResponse } from '../../../../shared/contracts/auth'
import { http, publicHttp } from '../../lib/http'

/** A connection as the menu badge needs it (GET /whatsapp, 001 §7). */
export interface ConnectionStatus {
  id: number
  status: string
}

/** GET /helps/list: the menu shows Helps only when there is at least one. */
export const listHelps = async (signal?: AbortSignal): Promise<unknown[]> => {
  const { data } = await http.get<unknown>('/helps/list', { signal })
  return Array.isArray(data) ? (data as unknown[]) : []
}

/** GET /whatsapp?session=0: the company's connections, read here only for their status. */
export const listConnectionStatuses = async (signal?: AbortSignal): Promise<ConnectionStatus[]> => {
  const { data } = await http.get<unknown>('/whatsapp', { params: { session: 0 }, signal })
  if (!Array.isArray(data)) return []
  return (data as unknown[]).filter(
    (item): item is ConnectionStatus =>
      typeof item === 'object' &&
      item !== null &&
      'status' in item &&
      typeof item.status === 'string',
  )
}

/** GET /version (public): the version the server reports for this client. */
export const getVersion = async (signal?: AbortSignal): Promise<string> => {
  const { data } = await publicHttp.get<Static<typeof VersionResponse>>('/version', { signal })
  return data.version
}
