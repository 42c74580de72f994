import type { AdminConnectionDto } from '@shared/contracts/connections'

/** One row of the operator's overview (001 §2 All-connections). */
export interface CompanyConnectionsRow {
  companyId: number
  companyName: string
  connected: number
  disconnected: number
  total: number
  connections: AdminConnectionDto[]
}

/** Connections grouped per company, in the server's order, and the totals row. */
export const summarizeByCompany = (
  connections: readonly AdminConnectionDto[],
): {
  rows: CompanyConnectionsRow[]
  totals: Omit<CompanyConnectionsRow, 'companyId' | 'companyName' | 'connections'>
} => {
  const byCompany = new Map<number, CompanyConnectionsRow>()
  for (const connection of connections) {
    let row = byCompany.get(connection.company.id)
    if (!row) {
      row = {
        companyId: connection.company.id,
        companyName: connection.company.name,
        connected: 0,
        disconnected: 0,
        total: 0,
        connections: [],
      }
      byCompany.set(connection.company.id, row)
    }
    row.connections.push(connection)
    row.total += 1
    if (connection.status === 'CONNECTED') row.connected += 1
    else row.disconnected += 1
  }
  const rows = [...byCompany.values()]
  return {
    rows,
    totals: rows.reduce(
      (sum, row) => ({
        connected: sum.connected + row.connected,
        disconnected: sum.disconnected + row.disconnected,
        total: sum.total + row.total,
      }),
      { connected: 0, disconnected: 0, total: 0 },
    ),
  }
}
