import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { AdminConnectionDto, ConnectionDto } from '@shared/contracts/connections'
import type { CompanyEventPayloads } from '@shared/realtime/events'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { connectionQueries } from './queries'

/** `{this, all}` of the running history import of a connection (001 §4). */
export interface ImportProgressState {
  this: number
  all: number
}

/**
 * Writes one connection into the company's list: replaced in place, or added (the server orders
 * by name, so a new one is also refetched). Fields the event does not carry (a reduced payload
 * without qrcode and token) keep their cached values.
 */
export const writeConnection = (queryClient: QueryClient, connection: ConnectionDto): void => {
  let known = false
  queryClient.setQueryData<ConnectionDto[]>(connectionQueries.list().queryKey, (rows) =>
    rows?.map((row) => {
      if (row.id !== connection.id) return row
      known = true
      return { ...row, ...connection }
    }),
  )
  queryClient.setQueryData<AdminConnectionDto[]>(
    connectionQueries.everyCompany().queryKey,
    (rows) => rows?.map((row) => (row.id === connection.id ? { ...row, ...connection } : row)),
  )
  if (!known) void queryClient.invalidateQueries({ queryKey: connectionQueries.list().queryKey })
}

/** Applies `company-{id}-whatsapp` and `-whatsappSession` events to the cached lists. */
export const writeConnectionEvent = (
  queryClient: QueryClient,
  event: CompanyEventPayloads['whatsapp'] | CompanyEventPayloads['whatsappSession'],
): void => {
  if (event.action === 'delete') {
    queryClient.setQueryData<ConnectionDto[]>(connectionQueries.list().queryKey, (rows) =>
      rows?.filter((row) => row.id !== event.whatsappId),
    )
    void queryClient.invalidateQueries({ queryKey: connectionQueries.everyCompany().queryKey })
    return
  }
  writeConnection(queryClient, 'session' in event ? event.session : event.whatsapp)
}

/** Applies `importMessages-{companyId}`: progress per connection, or a refetch at the end. */
export const writeImportEvent = (
  queryClient: QueryClient,
  event: CompanyEventPayloads['importMessages'],
): void => {
  if (event.action === 'refresh') {
    queryClient.removeQueries({ queryKey: connectionQueries.importProgress(event.whatsappId) })
    void queryClient.invalidateQueries({ queryKey: connectionQueries.list().queryKey })
    return
  }
  queryClient.setQueryData<ImportProgressState>(
    connectionQueries.importProgress(event.whatsappId),
    { this: event.status.this, all: event.status.all },
  )
}

/** Keeps the connections list, sessions and import progress live while a screen shows them. */
export const useConnectionsRealtime = (): void => {
  const queryClient = useQueryClient()
  useCompanyEvent('whatsapp', (event) => writeConnectionEvent(queryClient, event))
  useCompanyEvent('whatsappSession', (event) => writeConnectionEvent(queryClient, event))
  useCompanyEvent('importMessages', (event) => writeImportEvent(queryClient, event))
}

/** Keeps the operator's overview live: `admin-whatsapp` plus the own company's events. */
export const useAllConnectionsRealtime = (): void => {
  const queryClient = useQueryClient()
  useConnectionsRealtime()
  useCompanyEvent('adminWhatsapp', (event) => writeConnection(queryClient, event.whatsapp))
}
