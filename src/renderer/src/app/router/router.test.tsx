// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { SessionUser } from '@shared/contracts/users'
import { PLAN_FEATURES } from '@shared/permissions'
import { http, publicHttp } from '@renderer/lib/http'
import { i18n } from '@renderer/lib/i18n'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, getSession, startSession } from '@renderer/lib/session'
import { buildRoutes } from './router'

const plan = {
  id: 1,
  name: 'Plano',
  users: 10,
  connections: 10,
  queues: 10,
  amount: '100.00',
  isPublic: true,
  ...Object.fromEntries(PLAN_FEATURES.map((feature) => [feature, true])),
} as SessionUser['company']['plan']

const buildUser = (overrides: Partial<SessionUser> = {}, dueDate = '2999-12-31'): SessionUser => ({
  id: 5,
  companyId: 2,
  name: 'Bia',
  email: 'bia@example.com',
  profile: 'user',
  super: false,
  online: true,
  startWork: '00:00',
  endWork: '23:59',
  farewellMessage: '',
  defaultTheme: 'light',
  defaultMenu: 'open',
  whatsappId: null,
  profileImage: null,
  defaultTicketsManagerWidth: 550,
  queues: [],
  queueIds: [],
  allTicket: 'disable',
  allowGroup: false,
  allHistoric: 'disabled',
  allUserChat: 'disabled',
  userClosePendingTicket: 'disabled',
  showDashboard: 'disabled',
  allowRealTime: 'disabled',
  allowConnections: 'disabled',
  company: {
    id: 2,
    name: 'Loja',
    dueDate,
    timezone: 'America/Sao_Paulo',
    status: true,
    plan,
    companieSettings: {},
  },
  ...overrides,
})

/** The server at the network edge: a login that knows one password, and nothing else. */
const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
  const respond = (status: number, data: unknown): Promise<AxiosResponse> => {
    const response = { status, data, statusText: '', headers: {}, config }
    if (status < 400) return Promise.resolve(response)
    return Promise.reject(new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response))
  }
  if (config.url === '/auth/login') {
    const body = JSON.parse(String(config.data)) as { password: string }
    return body.password === 'secret'
      ? respond(200, { token: 'access', user: buildUser() })
      : respond(401, { error: 'ERR_INVALID_CREDENTIALS' })
  }
  if (config.url === '/version') return respond(200, { version: '1.2.3' })
  return respond(404, { error: 'ERR_NOT_FOUND' })
}

const toasts: ToastMessage[] = []
let disconnectToasts: () => void
const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
const adapters = [http.defaults.adapter, publicHttp.defaults.adapter] as const

beforeAll(async () => {
  // Without `animate`, Fluent skips its motions, which happy-dom cannot cancel cleanly.
  Reflect.deleteProperty(Element.prototype, 'animate')
  http.defaults.adapter = adapter
  publicHttp.defaults.adapter = adapter
  disconnectToasts = setToastSink((toast) => toasts.push(toast))
  await i18n.changeLanguage('pt-BR')
})

afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
  ;[http.defaults.adapter, publicHttp.defaults.adapter] = adapters
  disconnectToasts()
})

afterEach(async () => {
  cleanup()
  toasts.length = 0
  await endSession({ callServer: false })
})

const renderAt = (path: string) => {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] })
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </FluentProvider>,
  )
  return router
}

describe('routes and guards', () => {
  it('sends a signed-out visitor of a private page to /login', async () => {
    const router = renderAt('/users')
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('shows the translated error on a wrong password, then signs in to /tickets', async () => {
    const user = userEvent.setup({ delay: null })
    const router = renderAt('/login')
    await user.type(await screen.findByLabelText(/E-mail/), 'bia@example.com')
    await user.type(screen.getByLabelText(/^Senha/), 'wrong{Enter}')
    await expect
      .poll(() => toasts.map((t) => t.message))
      .toContain('Erro de autenticação. Por favor, tente novamente.')
    expect(getSession().status).toBe('signed-out')

    await user.clear(screen.getByLabelText(/^Senha/))
    await user.type(screen.getByLabelText(/^Senha/), 'secret{Enter}')
    // The inbox page loads lazily; on a busy machine that takes longer than the default second.
    expect(
      await screen.findByRole('button', { name: 'Selecionar ticket' }, { timeout: 10_000 }),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe('/tickets')
  }, 20_000) // the shell and the inbox load lazily after sign-in

  it('shows the no-access placeholder to a plain user on an admin page', async () => {
    await startSession({ token: 'access', user: buildUser() })
    renderAt('/users')
    expect(await screen.findByText('Oops! Acesso Negado!')).toBeTruthy()
  })

  it('redirects where the spec says so, after a notice', async () => {
    await startSession({ token: 'access', user: buildUser({ profile: 'admin' }) })
    const router = renderAt('/announcements')
    await expect.poll(() => router.state.location.pathname, { timeout: 3000 }).toBe('/')
    expect(toasts.map((t) => t.message)).toContain(
      'Você não tem permissão para acessar este recurso.',
    )
  })

  it('sends a signed-in visitor of a public page into the app', async () => {
    await startSession({ token: 'access', user: buildUser({ profile: 'admin' }) })
    const router = renderAt('/signup')
    await expect.poll(() => router.state.location.pathname).toBe('/tickets')
  })

  it('sends the user of an expired company to /financeiro-aberto', async () => {
    await startSession({ token: 'access', user: buildUser({}, '2020-01-01') })
    const router = renderAt('/tickets')
    expect(await screen.findByRole('heading', { name: 'Assinatura expirada' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/financeiro-aberto')
    expect(toasts.map((t) => t.message)).toContain(
      'Sua assinatura expirou em 01/01/2020. Entre em contato com o suporte para mais informações.',
    )
  })

  it('answers an unknown address inside the app with the not-found page', async () => {
    await startSession({ token: 'access', user: buildUser() })
    renderAt('/nowhere')
    expect(await screen.findByText('Página não encontrada')).toBeTruthy()
  })
})
