/**
 * The one place the end-to-end specs import `test` and `expect` from: Playwright's own, extended
 * with the helpers every spec needs to arrange data quickly and to act like a real user.
 *
 * - `signIn(page, email, password)` goes through the real login form.
 * - `api` talks to the server over HTTP with a bearer token, to create companies and users
 *   without the UI where the UI is not what a spec is about.
 * - `db` is a pg client on the e2e database, only when TEST_DATABASE_URL is set (always in CI):
 *   specs that need it call `test.skip(!hasDatabase, 'needs PostgreSQL')` first.
 *
 * The server starts on a wiped database per run (scripts/e2e-server.mjs), so every spec creates
 * its own companies and users with unique e-mails and never depends on another spec's data.
 */
import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import {
  test as base,
  expect,
  type APIRequestContext,
  type APIResponse,
  type Locator,
  type Page,
} from '@playwright/test'
import pg from 'pg'
import { E2E_OPERATOR } from '../../playwright.config'
import { signMeta, startFakeGraph, type FakeGraph } from '../helpers/fake-graph'

export { expect, E2E_OPERATOR }

/** The database scripts/e2e-server.mjs creates on the TEST_DATABASE_URL server. */
const E2E_DATABASE = 'atende_e2e'

export const hasDatabase = Boolean(process.env.TEST_DATABASE_URL)

/** The e2e database's URL, built the way scripts/e2e-server.mjs builds the server's. */
export const e2eDatabaseUrl = (): string => {
  const admin = process.env.TEST_DATABASE_URL
  if (!admin) throw new Error('TEST_DATABASE_URL is not set: this spec needs PostgreSQL')
  const url = new URL(admin)
  url.pathname = `/${E2E_DATABASE}`
  return url.toString()
}

/** The default public plan the server seeds on first start. */
export const DEFAULT_PLAN = 'Plano Padrão'

export interface Credentials {
  email: string
  password: string
}

/** A user the specs know: who he is and how he signs in. */
export interface KnownUser extends Credentials {
  id: number
  name: string
}

/** A company created through POST /auth/signup with its first admin. */
export interface SignedUpCompany {
  companyId: number
  companyName: string
  admin: KnownUser
}

/** What the specs read of a user answer (000 §3 Session user). */
export interface ApiUser {
  id: number
  name: string
  email: string
  profile: 'admin' | 'user'
  companyId: number
  company?: { id: number; name: string; dueDate: string }
}

export interface NewUser {
  name?: string
  email?: string
  password?: string
  profile?: 'admin' | 'user'
  showDashboard?: 'enabled' | 'disabled'
  defaultMenu?: 'open' | 'closed'
  defaultTheme?: 'light' | 'dark'
}

/** Bearer calls as one signed-in user. */
export interface ApiSession {
  token: string
  user: ApiUser
  get<T>(path: string): Promise<T>
  post<T>(path: string, data: unknown): Promise<T>
  put<T>(path: string, data: unknown): Promise<T>
  delete<T>(path: string): Promise<T>
  /** Creates a user in this session's company (POST /users, admin only). */
  createUser(input?: NewUser): Promise<KnownUser>
}

export interface Api {
  /**
   * POST /auth/login; the answer's token signs every later call of the session. One session per
   * user (000 §4): this ends the user's other sessions, a browser's included, so arrange over
   * HTTP before signing the same user in through the UI, never in between.
   */
  login(credentials: Credentials): Promise<ApiSession>
  /**
   * The platform operator (super user of company 1). Company 1's e2e plan allows 100 users: specs
   * that only need "some signed-in user" create one there with `createUser`.
   */
  asOperator(): Promise<ApiSession>
  /**
   * A new company on the default plan through POST /auth/signup, as the sign-up page sends it.
   * The server allows 5 sign-ups per IP and hour, and the whole suite runs from one IP on one
   * fresh database: use it where the spec is about a company of its own, not for every user.
   */
  signUpCompany(input?: { name?: string; companyName?: string }): Promise<SignedUpCompany>
}

/** A string no other test of this run uses: e-mails and names stay unique per spec. */
export const uniqueId = (): string => randomUUID().slice(0, 8)

export const uniqueEmail = (prefix: string): string => `${prefix}-${uniqueId()}@atende.e2e`

const readJson = async <T>(response: APIResponse, what: string): Promise<T> => {
  if (!response.ok()) {
    throw new Error(`${what} answered ${response.status()}: ${await response.text()}`)
  }
  const text = await response.text()
  return (text ? JSON.parse(text) : undefined) as T
}

/** The HTTP helper on a request context (the `api` fixture, or one made in a `beforeAll`). */
export const createApi = (request: APIRequestContext): Api => {
  const login = async ({ email, password }: Credentials): Promise<ApiSession> => {
    const { token, user } = await readJson<{ token: string; user: ApiUser }>(
      await request.post('/auth/login', { data: { email, password } }),
      `POST /auth/login as ${email}`,
    )
    const headers = { authorization: `Bearer ${token}` }
    const session: ApiSession = {
      token,
      user,
      get: async (path) => readJson(await request.get(path, { headers }), `GET ${path}`),
      post: async (path, data) =>
        readJson(await request.post(path, { headers, data }), `POST ${path}`),
      put: async (path, data) =>
        readJson(await request.put(path, { headers, data }), `PUT ${path}`),
      delete: async (path) => readJson(await request.delete(path, { headers }), `DELETE ${path}`),
      createUser: async (input = {}) => {
        const body = {
          name: input.name ?? `Usuário ${uniqueId()}`,
          email: input.email ?? uniqueEmail('user'),
          password: input.password ?? `senha-${uniqueId()}`,
          profile: input.profile ?? 'user',
          ...(input.showDashboard ? { showDashboard: input.showDashboard } : {}),
          ...(input.defaultMenu ? { defaultMenu: input.defaultMenu } : {}),
          ...(input.defaultTheme ? { defaultTheme: input.defaultTheme } : {}),
        }
        const created = await session.post<ApiUser>('/users', body)
        return { id: created.id, name: body.name, email: body.email, password: body.password }
      },
    }
    return session
  }

  return {
    login,
    asOperator: () => login(E2E_OPERATOR),
    signUpCompany: async (input = {}) => {
      const plans = await readJson<{ id: number; name: string }[]>(
        await request.get('/plans/list'),
        'GET /plans/list',
      )
      const plan = plans.find((candidate) => candidate.name === DEFAULT_PLAN)
      if (!plan) throw new Error(`No public plan named ${DEFAULT_PLAN}`)
      const id = uniqueId()
      const admin = {
        name: input.name ?? `Admin ${id}`,
        email: uniqueEmail('admin'),
        password: `senha-${id}`,
      }
      const companyName = input.companyName ?? `Empresa ${id}`
      await readJson(
        await request.post('/auth/signup', {
          data: { ...admin, companyName, phone: '', planId: plan.id },
        }),
        'POST /auth/signup',
      )
      // The answer does not say what was created (it must not confirm a taken address).
      const { user } = await login(admin)
      return { companyId: user.companyId, companyName, admin: { ...admin, id: user.id } }
    },
  }
}

/** Fills the real login form and submits it; the caller asserts where the user lands. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/#/login')
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByRole('textbox', { name: 'Senha' }).fill(password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
}

/** The side menu, opened with the top bar's toggle when the user's default keeps it closed. */
export async function openSideMenu(page: Page): Promise<Locator> {
  const toggle = page.getByRole('button', { name: 'Abrir ou fechar o menu' })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  const menu = page.getByRole('navigation', { name: 'Menu principal' })
  await expect(menu).toBeVisible()
  return menu
}

/**
 * A notification toast (000 §8): Fluent renders each one as a list item named by its title. Its
 * text is also announced in an aria-live region, so a bare getByText would find it twice.
 */
export const toast = (page: Page, text: string | RegExp): Locator =>
  page.getByRole('listitem', { name: text })

/** The greeting of the top bar (000 §2 Shell), pt-BR. */
export const greeting = (name: string, company: string): string =>
  `Olá ${name}, seja bem-vindo à ${company}`

/** Matches the app's hash route exactly: `/tickets` matches `…/#/tickets` only. */
export const route = (path: string): RegExp =>
  new RegExp(`#${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)

/**
 * The fixed port scripts/e2e-server.mjs points the server's GRAPH_API_URL at: a spec that needs
 * Meta's Graph API starts the stand-in there with `startGraphStandIn`.
 */
export const E2E_GRAPH_PORT = Number(process.env.E2E_GRAPH_PORT ?? 18091)

/**
 * The queues scripts/e2e-server.mjs puts in the platform company (company 1) before the server
 * starts: there is no queue API yet, and the embedded database is the server's alone.
 */
export const E2E_QUEUES = { a: 'E2E Fila A', b: 'E2E Fila B' } as const

/** One answer the Graph stand-in gave, as the server received it. */
export interface GraphExchange {
  method: string
  path: string
  status: number
  response: unknown
}

export interface GraphStandIn {
  /** The fake itself: add phone numbers and pages, read `fake.requests`. */
  fake: FakeGraph
  /** Its answers, in order (e.g. the `wamid` of a Cloud API send). */
  exchanges: GraphExchange[]
  close(): Promise<void>
}

/**
 * tests/helpers/fake-graph.ts on the fixed port the e2e server calls: the fake listens on a port
 * of its own, so a small relay forwards to it and keeps each answer. One per spec at a time.
 */
export async function startGraphStandIn(port = E2E_GRAPH_PORT): Promise<GraphStandIn> {
  const fake = await startFakeGraph()
  const exchanges: GraphExchange[] = []
  const relay: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const headers = new Headers()
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value !== 'string' || ['host', 'connection', 'content-length'].includes(name))
          continue
        headers.set(name, value)
      }
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined
      fetch(`${fake.url}${req.url ?? '/'}`, { method: req.method, headers, body })
        .then(async (answer) => {
          const data = Buffer.from(await answer.arrayBuffer())
          const type = answer.headers.get('content-type') ?? 'application/octet-stream'
          exchanges.push({
            method: req.method ?? 'GET',
            path: new URL(req.url ?? '/', fake.url).pathname,
            status: answer.status,
            response: type.startsWith('application/json')
              ? JSON.parse(data.toString('utf8'))
              : undefined,
          })
          res.writeHead(answer.status, { 'content-type': type })
          res.end(data)
        })
        .catch(() => req.socket.destroy())
    })
  })
  await new Promise<void>((resolve, reject) => {
    relay.once('error', reject)
    relay.listen(port, '127.0.0.1', resolve)
  })
  return {
    fake,
    exchanges,
    close: async () => {
      relay.closeAllConnections()
      await new Promise<void>((resolve) => relay.close(() => resolve()))
      await fake.close()
    },
  }
}

/** A customer's text to a Cloud API number, in the shape of Meta's `messages` webhook. */
export const cloudApiText = (message: {
  phoneNumberId: string
  businessAccountId: string
  /** The customer's WhatsApp number (wa_id). */
  from: string
  name: string
  /** The provider's message id (wamid), unique per message. */
  id: string
  body: string
}) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: message.businessAccountId,
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: {
              display_phone_number: '551140000000',
              phone_number_id: message.phoneNumberId,
            },
            contacts: [{ profile: { name: message.name }, wa_id: message.from }],
            messages: [
              {
                from: message.from,
                id: message.id,
                timestamp: String(Math.floor(Date.now() / 1000)),
                type: 'text',
                text: { body: message.body },
              },
            ],
          },
        },
      ],
    },
  ],
})

/**
 * POST /webhooks/meta/{connectionId} as Meta sends it: the JSON body signed with the
 * connection's app secret in `X-Hub-Signature-256`.
 */
export async function postMetaWebhook(
  request: APIRequestContext,
  connectionId: number,
  payload: unknown,
  appSecret: string,
): Promise<void> {
  const raw = JSON.stringify(payload)
  const response = await request.post(`/webhooks/meta/${connectionId}`, {
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': signMeta(raw, appSecret),
    },
    data: raw,
  })
  if (!response.ok())
    throw new Error(`webhook answered ${response.status()}: ${await response.text()}`)
}

/** A WhatsApp Cloud API account the Graph stand-in knows (`graph.fake.addPhoneNumber`). */
export interface CloudApiAccount {
  phoneNumberId: string
  businessAccountId: string
  accessToken: string
  appSecret: string
}

/** Creates a Cloud API connection of the session's company on `account`; answers its id. */
export async function createCloudApiConnection(
  session: ApiSession,
  account: CloudApiAccount,
  name = `Cloud API ${uniqueId()}`,
): Promise<number> {
  const connection = await session.post<{ id: number }>('/whatsapp', {
    name,
    channel: 'whatsappapi',
    wabaPhoneNumberId: account.phoneNumberId,
    wabaBusinessAccountId: account.businessAccountId,
    wabaAccessToken: account.accessToken,
    wabaAppSecret: account.appSecret,
    wabaVerifyToken: `verify-${uniqueId()}`,
  })
  return connection.id
}

interface Fixtures {
  api: Api
  db: pg.Client
}

export const test = base.extend<Fixtures>({
  api: async ({ request }, use) => {
    await use(createApi(request))
  },
  // Playwright reads the fixtures a fixture needs from its first parameter: this one needs none.
  // eslint-disable-next-line no-empty-pattern
  db: async ({}, use) => {
    const client = new pg.Client({ connectionString: e2eDatabaseUrl() })
    await client.connect()
    try {
      await use(client)
    } finally {
      await client.end()
    }
  },
})

/**
 * The Graph API stand-in for the specs of this file, knowing one Cloud API number: started
 * before them, closed after them.
 */
export function useGraphStandIn(account: CloudApiAccount, displayPhoneNumber: string): void {
  let graph: GraphStandIn | undefined
  test.beforeAll(async () => {
    graph = await startGraphStandIn()
    graph.fake.addPhoneNumber(account.phoneNumberId, {
      token: account.accessToken,
      displayPhoneNumber,
    })
  })
  test.afterAll(async () => {
    await graph?.close()
  })
}
