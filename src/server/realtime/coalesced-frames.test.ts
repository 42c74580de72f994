import type { Duplex } from 'node:stream'
import { expect, test } from 'vitest'
import { rooms } from '@shared/realtime/events'
import { connected, next, openSocket, tokenOf } from '@tests/helpers/socket'
import { useTenant } from '@tests/helpers/tenant'

const t = useTenant({ listen: true })

/** Counts the writes the server's side of a client's connection makes from now on. */
function countWrites(socket: Duplex) {
  let writes = 0
  const write = socket._write.bind(socket)
  socket._write = (chunk, encoding, done) => {
    writes++
    write(chunk, encoding, done)
  }
  const writev = socket._writev?.bind(socket)
  if (writev)
    socket._writev = (chunks, done) => {
      writes++
      writev(chunks, done)
    }
  return {
    reset: () => (writes = 0),
    get count() {
      return writes
    },
  }
}

test('the events sent to a client in one turn of the event loop leave in one write, not one each', async () => {
  const { company, agent, asAgent } = await t.team()
  // The upgrade request's socket is the server's side of the client's WebSocket.
  const upgraded = new Promise<Duplex>((resolve) =>
    t.app.server.once('upgrade', (_request, socket: Duplex) => resolve(socket)),
  )
  const client = openSocket(t, `/${company.id}`, tokenOf(asAgent))
  const event = `company-${company.id}-user`
  // The user's own presence event follows the handshake: let it pass first.
  const presence = next(client, event)
  await connected(client)
  await presence
  const writes = countWrites(await upgraded)

  const markers: number[] = []
  const all = new Promise<void>((resolve) =>
    client.on(event, (payload: { action: string; userId?: number }) => {
      if (payload.action === 'delete' && payload.userId) markers.push(payload.userId)
      if (markers.length === 5) resolve()
    }),
  )
  writes.reset()
  for (const marker of [1, 2, 3, 4, 5])
    t.deps.realtime.emit(company.id, [rooms.user(agent.id)], 'user', {
      action: 'delete',
      userId: marker,
    })
  await all
  expect(markers).toEqual([1, 2, 3, 4, 5])
  // They were five writes. Now the first goes out at once and the others wait for its write to
  // complete, then leave together; across instances (PostgreSQL) the first is published alone
  // and the others may arrive in two turns.
  expect(writes.count).toBeLessThanOrEqual(3)
})
