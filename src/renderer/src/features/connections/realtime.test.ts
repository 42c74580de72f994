import { QueryClient } from '@tanstack/react-query'
import { describe, expect, test } from 'vitest'
import type { ConnectionDto } from '@shared/contracts/connections'
import { buildConnectionDto } from '@tests/renderer/connections.fixtures'
import { connectionQueries } from './queries'
import { writeConnectionEvent, writeImportEvent, type ImportProgressState } from './realtime'

const listKey = connectionQueries.list().queryKey

describe('connections realtime', () => {
  test('session updates patch the row and keep what a reduced payload leaves out', () => {
    const client = new QueryClient()
    client.setQueryData(listKey, [
      buildConnectionDto({ id: 1, status: 'OPENING', token: 'T'.repeat(30) }),
    ])
    const {
      token: _token,
      qrcode: _qrcode,
      ...reduced
    } = buildConnectionDto({
      id: 1,
      status: 'qrcode',
    })
    writeConnectionEvent(client, { action: 'update', session: reduced })
    expect(client.getQueryData<ConnectionDto[]>(listKey)).toMatchObject([
      { id: 1, status: 'qrcode', token: 'T'.repeat(30) },
    ])
    writeConnectionEvent(client, { action: 'delete', whatsappId: 1 })
    expect(client.getQueryData<ConnectionDto[]>(listKey)).toEqual([])
  })

  test('import progress per connection, cleared by refresh', () => {
    const client = new QueryClient()
    writeImportEvent(client, { action: 'update', status: { this: -1, all: -1 }, whatsappId: 3 })
    expect(client.getQueryData<ImportProgressState>(connectionQueries.importProgress(3))).toEqual({
      this: -1,
      all: -1,
    })
    writeImportEvent(client, { action: 'update', status: { this: 4, all: 10 }, whatsappId: 3 })
    expect(client.getQueryData(connectionQueries.importProgress(3))).toEqual({ this: 4, all: 10 })
    writeImportEvent(client, { action: 'refresh', whatsappId: 3 })
    expect(client.getQueryData(connectionQueries.importProgress(3))).toBeUndefined()
  })
})
