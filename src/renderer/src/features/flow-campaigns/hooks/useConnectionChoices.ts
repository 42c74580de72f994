import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { ConnectionDto } from '@shared/contracts/connections'
import { connectionQueries } from '@renderer/features/connections'

/** A connection as the campaign screens show it (002 §3.14: id, name, status). */
export type ConnectionChoice = Pick<ConnectionDto, 'id' | 'name' | 'status'>

export interface ConnectionChoices {
  connections: ConnectionChoice[]
  /** A connection's name by id, or undefined while unknown. */
  nameOf: (id: number) => string | undefined
  isLoading: boolean
  isError: boolean
}

/**
 * The company's connections (GET /whatsapp, the connections screen's own query and cache), for
 * the campaign's connection picker and the table's connection column.
 */
export const useConnectionChoices = (): ConnectionChoices => {
  const query = useQuery(connectionQueries.list())
  const { data } = query
  return useMemo(() => {
    const connections = (data ?? []).map(({ id, name, status }) => ({ id, name, status }))
    const names = new Map(connections.map((connection) => [connection.id, connection.name]))
    return {
      connections,
      nameOf: (id: number) => names.get(id),
      isLoading: query.isLoading,
      isError: query.isError,
    }
  }, [data, query.isLoading, query.isError])
}
