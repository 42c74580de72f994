import { sql } from 'drizzle-orm'
import { io as connect, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ContactDto, ImportJobDto } from '@shared/contracts/contacts'
import type { TagDto } from '@shared/contracts/tags'
import { buildCompany, buildContact, buildUser } from '@tests/factories'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'

let t: TestApp
let baseUrl: string
const sockets: Socket[] = []

beforeAll(async () => {
  t = await buildTestApp()
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  for (const socket of sockets) socket.close()
  await t.close()
})

async function signIn(user: { email: string; password: string }) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: user.email, password: user.password },
  })
  const { token } = response.json<{ token: string }>()
  return { token, headers: { authorization: `Bearer ${token}` } }
}

async function online(companyId: number, token: string): Promise<Socket> {
  const socket = connect(`${baseUrl}/${companyId}`, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  })
  sockets.push(socket)
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
  return socket
}

/** Resolves with the first payload of `event` that `accept` takes. */
const next = <T>(socket: Socket, event: string, accept: (payload: T) => boolean = () => true) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), 5000)
    const listener = (payload: T) => {
      if (!accept(payload)) return
      clearTimeout(timer)
      socket.off(event, listener)
      resolve(payload)
    }
    socket.on(event, listener)
  })

const silent = (socket: Socket, event: string, windowMs = 500) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(true), windowMs)
    socket.once(event, () => {
      clearTimeout(timer)
      resolve(false)
    })
  })

type ContactEvent = { action: string; contact?: ContactDto; job?: ImportJobDto }

describe('contact and tag events', () => {
  test('profile users hear masked numbers under LGPD, admins the full ones, other companies nothing', async () => {
    const company = await buildCompany(t.db)
    await t.db.execute(
      sql`UPDATE company_settings SET "enableLGPD" = 'enabled', "lgpdHideNumber" = 'enabled' WHERE "companyId" = ${company.id}`,
    )
    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const agent = await buildUser(t.db, { company })
    const other = await buildCompany(t.db)
    const stranger = await buildUser(t.db, { company: other, profile: 'admin' })
    const contact = await buildContact(t.db, company, { number: '5511987654321' })
    const asAgent = await signIn(agent)
    const adminSocket = await online(company.id, (await signIn(admin)).token)
    const agentSocket = await online(company.id, asAgent.token)
    const strangerSocket = await online(other.id, (await signIn(stranger)).token)
    const event = `company-${company.id}-contact`

    const toAdmin = next<ContactEvent>(adminSocket, event)
    const toAgent = next<ContactEvent>(agentSocket, event)
    const toStranger = silent(strangerSocket, `company-${other.id}-contact`)
    await t.app.inject({
      method: 'PUT',
      url: `/contacts/toggleDisableBot/${contact.id}`,
      headers: asAgent.headers,
    })
    expect((await toAdmin).contact).toMatchObject({ number: '5511987654321', disableBot: true })
    expect((await toAgent).contact).toMatchObject({ number: '55119******21', disableBot: true })
    expect(await toStranger).toBe(true)
  })

  test('tags change on company{id}-tag; import progress reaches only its user', async () => {
    const company = await buildCompany(t.db)
    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const agent = await buildUser(t.db, { company })
    const asAdmin = await signIn(admin)
    const adminSocket = await online(company.id, asAdmin.token)
    const agentSocket = await online(company.id, (await signIn(agent)).token)

    const tagEvent = next<{ action: string; tag: TagDto }>(agentSocket, `company${company.id}-tag`)
    await t.app.inject({
      method: 'POST',
      url: '/tags',
      headers: asAdmin.headers,
      payload: { name: 'Evento' },
    })
    expect(await tagEvent).toMatchObject({ action: 'create', tag: { name: 'Evento' } })

    const event = `company-${company.id}-contact`
    const done = next<ContactEvent>(
      adminSocket,
      event,
      (payload) => payload.action === 'import' && payload.job?.status === 'done',
    )
    const reload = next<ContactEvent>(agentSocket, event, (payload) => payload.action === 'reload')
    const agentHearsNoProgress = new Promise<boolean>((resolve) => {
      const listener = (payload: ContactEvent) => {
        if (payload.action === 'import') resolve(false)
      }
      agentSocket.on(event, listener)
      setTimeout(() => {
        agentSocket.off(event, listener)
        resolve(true)
      }, 1500)
    })
    await t.app.inject({
      method: 'POST',
      url: '/contactsImport/jobs',
      headers: asAdmin.headers,
      payload: { rows: [{ name: 'Ana', number: '5511900000001' }] },
    })
    expect((await done).job).toMatchObject({ created: 1, processed: 1 })
    expect(await reload).toEqual({ action: 'reload' })
    expect(await agentHearsNoProgress).toBe(true)
  })
})
