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
