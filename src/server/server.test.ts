import { connect as connectTcp } from 'node:net'
import { io as connect } from 'socket.io-client'
import { expect, test } from 'vitest'
import { testConfig } from '@tests/helpers/test-app'
import { startServer } from './server'

test('first start seeds the platform once, serves, and stops cleanly with sockets open', async () => {
  const config = testConfig({ admin: { email: 'owner@atende.test', password: null } })
  const server = await startServer(config)
  let stopped = false
  try {
    expect(server.seed).toMatchObject({
      created: true,
      adminEmail: 'owner@atende.test',
      generatedPassword: expect.any(String),
    })
    expect(server.seed.generatedPassword).not.toBe('123456')

    const login = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@atende.test', password: server.seed.generatedPassword }),
    })
    const session = (await login.json()) as {
      token: string
      user: { super: boolean; company: { id: number; dueDate: string } }
    }
    expect(session.user).toMatchObject({ super: true, company: { id: 1, dueDate: '2999-12-31' } })
    expect(
      (
        await fetch(`${server.url}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@admin.com', password: '123456' }),
        })
      ).status,
    ).toBe(401)

    const socket = connect(`${server.url}/1`, {
      auth: { token: session.token },
      transports: ['websocket'],
      reconnection: false,
    })
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve)
      socket.once('connect_error', reject)
    })
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()))
    await server.stop()
    stopped = true
    await closed
  } finally {
    if (!stopped) await server.stop()
  }
})

test('a request that outlives the shutdown grace is cut, and the stop goes on', async () => {
  const server = await startServer(testConfig({ shutdownGraceMs: 300 }))
  const { hostname, port } = new URL(server.url)
  // A request whose body never finishes: the server accepted it (100 Continue) and waits.
  const socket = connectTcp(Number(port), hostname)
  const received: string[] = []
  socket.on('data', (chunk: Buffer) => received.push(chunk.toString()))
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  const accepted = new Promise<void>((resolve) =>
    socket.on('data', () => {
      if (received.join('').includes('100 Continue')) resolve()
    }),
  )
  socket.write(
    'POST /auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      'Content-Length: 100\r\nExpect: 100-continue\r\n\r\n',
  )
  await accepted

  await server.stop()
  await closed
  // Cut, not answered.
  expect(received.join('')).not.toMatch(/HTTP\/1\.1 [2-5]\d\d/)
})
