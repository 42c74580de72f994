import { describe, expect, test } from 'vitest'
import type { AdminConnectionDto } from '@shared/contracts/connections'
import { buildConnectionDto } from '@tests/renderer/connections.fixtures'
import { summarizeByCompany } from './overview'

const of = (
  id: number,
  company: { id: number; name: string },
  status: AdminConnectionDto['status'],
) =>
  ({ ...buildConnectionDto({ id, companyId: company.id, status }), company }) as AdminConnectionDto

describe('summarizeByCompany (001 §2 All-connections)', () => {
  test('one row per company with connected, disconnected and total, and the totals row', () => {
    const acme = { id: 1, name: 'Acme' }
    const beta = { id: 2, name: 'Beta' }
    const { rows, totals } = summarizeByCompany([
      of(1, acme, 'CONNECTED'),
      of(2, acme, 'qrcode'),
      of(3, acme, 'DISCONNECTED'),
      of(4, beta, 'CONNECTED'),
    ])
    expect(
      rows.map(({ connections, ...row }) => ({ ...row, ids: connections.map((c) => c.id) })),
    ).toEqual([
      {
        companyId: 1,
        companyName: 'Acme',
        connected: 1,
        disconnected: 2,
        total: 3,
        ids: [1, 2, 3],
      },
      { companyId: 2, companyName: 'Beta', connected: 1, disconnected: 0, total: 1, ids: [4] },
    ])
    expect(totals).toEqual({ connected: 2, disconnected: 2, total: 4 })
    expect(summarizeByCompany([])).toEqual({
      rows: [],
      totals: { connected: 0, disconnected: 0, total: 0 },
    })
  })
})
