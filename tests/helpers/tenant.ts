import { afterAll, beforeAll } from 'vitest'
import { buildCompany, buildConnection, buildQueue, buildTicket, buildUser } from '@tests/factories'
import { loginAs } from './auth'
import { closeSockets } from './socket'
import { buildTestApp, type TestApp } from './test-app'

type UserOverrides = Parameters<typeof buildUser>[1]
type TicketOverrides = Parameters<typeof buildTicket>[2]

/**
 * A company with two queues, Vendas and Suporte, and a connected default connection. Alice
 * Admin; Bruno Agent and his colleague Carla in Vendas; an outsider in Suporte. `ticket` builds
 * the company's tickets on that connection; `as…` are everyone's bearer headers, minted (a test
 * of signing in itself uses `signIn`).
 */
export async function buildTeam(t: TestApp, agentOverrides: UserOverrides = {}) {
  const company = await buildCompany(t.db)
  const sales = await buildQueue(t.db, company, { name: 'Vendas' })
  const support = await buildQueue(t.db, company, { name: 'Suporte' })
  const connection = await buildConnection(t.db, company, { status: 'CONNECTED', isDefault: true })
  const admin = await buildUser(t.db, { company, profile: 'admin', name: 'Alice Admin' })
  const agent = await buildUser(t.db, {
    company,
    queueIds: [sales.id],
    name: 'Bruno Agent',
    ...agentOverrides,
  })
  const colleague = await buildUser(t.db, { company, queueIds: [sales.id], name: 'Carla Colega' })
  const outsider = await buildUser(t.db, { company, queueIds: [support.id] })
  const ticket = (overrides: TicketOverrides = {}) =>
    buildTicket(t.db, company, { connection, ...overrides })
  return {
    company,
    sales,
    support,
    connection,
    admin,
    agent,
    colleague,
    outsider,
    ticket,
    asAdmin: await loginAs(t.app, admin),
    asAgent: await loginAs(t.app, agent),
    asColleague: await loginAs(t.app, colleague),
    asOutsider: await loginAs(t.app, outsider),
  }
}

export type Team = Awaited<ReturnType<typeof buildTeam>>

/**
 * The preamble of a route test file: one test app for the file, built before its tests and
 * closed after them with the socket clients it opened. With `listen`, the app also listens on
 * a free port (`baseUrl`) for socket tests. Each `team()` is a fresh company, so tests sharing
 * the app do not see each other's rows.
 */
export function useTenant(options: Parameters<typeof buildTestApp>[0] & { listen?: boolean } = {}) {
  const { listen = false, ...appOptions } = options
  let built: TestApp | null = null
  let baseUrl = ''
  beforeAll(async () => {
    built = await buildTestApp(appOptions)
    if (listen) baseUrl = await built.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    if (!built) return
    closeSockets(built.app)
    await built.close()
  })
  const current = (): TestApp => {
    if (!built) throw new Error('useTenant: the test app is built in beforeAll')
    return built
  }
  return {
    get app() {
      return current().app
    },
    get db() {
      return current().db
    },
    get services() {
      return current().services
    },
    get deps() {
      return current().deps
    },
    get config() {
      return current().config
    },
    get baseUrl() {
      return baseUrl
    },
    team: (agentOverrides: UserOverrides = {}) => buildTeam(current(), agentOverrides),
  }
}
