import type { Static } from '@sinclair/typebox'
import type { VersionResponse } from '@shared/contracts/auth'
import type { ConnectionDto } from '@shared/contracts/connections'
import { http, publicHttp } from '@renderer/lib/http'

/** GET /helps/list: the menu shows Helps only when there is at least one. */
export const listHelps = async (signal?: AbortSignal): Promise<unknown[]> => {
  const { data } = await http.get<unknown>('/helps/list', { signal })
  return Array.isArray(data) ? (data as unknown[]) : []
}

/** GET /whatsapp?session=0: the company's connections, read here for their status. */
export const listConnectionStatuses = async (
  signal?: AbortSignal,
): Promise<Array<Pick<ConnectionDto, 'id' | 'status'>>> => {
  const { data } = await http.get<ConnectionDto[]>('/whatsapp', { params: { session: 0 }, signal })
  return data
}

/** GET /version (public): the version the server reports for this client. */
export const getVersion = async (signal?: AbortSignal): Promise<string> => {
  const { data } = await publicHttp.get<Static<typeof VersionResponse>>('/version', { signal })
  return data.version
}
