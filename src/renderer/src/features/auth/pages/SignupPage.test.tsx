// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { PublicPlanDto } from '@shared/contracts/plans'
import { http, publicHttp } from '@renderer/lib/http'
import { i18n } from '@renderer/lib/i18n'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { createQueryClient } from '@renderer/lib/query-client'
import { SLOW } from '@tests/renderer/dialogs'
import { buildRoutes } from '@renderer/app/router/router'

const plan: PublicPlanDto = {
  id: 1,
  name: 'Plano Padrão',
  users: 10,
  connections: 10,
  queues: 10,
  amount: '0.00',
}

const otherPlan: PublicPlanDto = { ...plan, id: 2, name: 'Plano Plus', amount: '99.90' }

/**
 * The server at the network edge: the sign-up switch as `allowSignup` says (read only once
 * `settingsRead` resolves), the public plans (one unless told), and a sign-up answered 202 as
 * the server answers every one. Sign-ups are recorded.
 */
const serve = (
  allowSignup: 'enabled' | 'disabled',
  settingsRead: Promise<void> = Promise.resolve(),
  plans: PublicPlanDto[] = [plan],
) => {
  const signups: unknown[] = []
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const respond = (status: number, data: unknown): AxiosResponse => {
      const response = { status, data, statusText: '', headers: {}, config }
      if (status < 400) return response
      throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response)
    }
    const url = config.url ?? ''
    if (url === '/public-settings/allowSignup') {
      await settingsRead
      return respond(200, { key: 'allowSignup', value: allowSignup })
    }
    if (url === '/plans/list') return respond(200, plans)
    if (url === '/auth/signup') {
      signups.push(JSON.parse(String(config.data)))
      return respond(202, { message: 'Sign-up received' })
    }
    return respond(404, { error: 'ERR_NOT_FOUND' })
  }
  http.defaults.adapter = adapter
  publicHttp.defaults.adapter = adapter
  return signups
}

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

const toasts: ToastMessage[] = []
let disconnectToasts: () => void
const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
const adapters = [http.defaults.adapter, publicHttp.defaults.adapter] as const

beforeAll(async () => {
  // Without `animate`, Fluent skips its motions, which happy-dom cannot cancel cleanly.
  Reflect.deleteProperty(Element.prototype, 'animate')
  disconnectToasts = setToastSink((toast) => toasts.push(toast))
  await i18n.changeLanguage('pt-BR')
})

afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
  ;[http.defaults.adapter, publicHttp.defaults.adapter] = adapters
  disconnectToasts()
})

afterEach(() => {
  cleanup()
  toasts.length = 0
})

describe('the sign-up page', () => {
  it('offers no form before it knows sign-up is allowed, and says so when it is not', async () => {
    let readSettings = () => undefined as void
    serve(
      'disabled',
      new Promise<void>((resolve) => {
        readSettings = resolve
      }),
    )
    renderAt('/signup')

    expect(await screen.findByRole('heading', { name: 'Cadastre-se' }, SLOW)).toBeTruthy()
    expect(screen.getByText('Carregando…')).toBeTruthy()
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Cadastrar' })).toBeNull()

    readSettings()
    expect(await screen.findByRole('heading', { name: 'Cadastro desativado' }, SLOW)).toBeTruthy()
    expect(
      screen.getByText('O cadastro de novas empresas está desativado neste servidor.'),
    ).toBeTruthy()
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toBeTruthy()
  }, 20_000)

  it('says, on the page, to check the inbox, without promising that the account is new', async () => {
    const signups = serve('enabled')
    const router = renderAt('/signup')
    const user = userEvent.setup({ delay: null })

    await user.type(await screen.findByRole('textbox', { name: /^Nome\b(?! da)/ }, SLOW), 'Carla')
    await user.type(screen.getByRole('textbox', { name: /^Nome da empresa/ }), 'Loja da Carla')
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'carla@example.com')
    await user.type(screen.getByLabelText(/^Senha/), 'carla-senha-1')
    await user.click(await screen.findByRole('radio', { name: /^Plano Padrão — / }, SLOW))
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }))

    const received = await screen.findByRole('status', {}, SLOW)
    expect(received.textContent).toBe(
      'Cadastro recebido' +
        'Se carla@example.com ainda não tinha uma conta, ela já está pronta: entre com este ' +
        'e-mail e a senha que você escolheu. Se já tinha, ela não mudou: confira sua caixa de ' +
        'entrada e entre com a senha de sempre, ou use "Esqueci minha senha".',
    )
    expect(signups).toEqual([expect.objectContaining({ email: 'carla@example.com', planId: 1 })])
    // The message stays on the page: a toast would be gone before it is read.
    expect(toasts).toEqual([])
    expect(router.state.location.pathname).toBe('/signup')
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toBeTruthy()
  }, 20_000)
})

describe("the sign-up page's plan", () => {
  const fillAndSubmit = async () => {
    const user = userEvent.setup({ delay: null })
    await user.type(await screen.findByRole('textbox', { name: /^Nome\b(?! da)/ }, SLOW), 'Davi')
    await user.type(screen.getByRole('textbox', { name: /^Nome da empresa/ }), 'Loja do Davi')
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'davi@example.com')
    await user.type(screen.getByLabelText(/^Senha/), 'davi-senha-1')
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }))
  }

  it('is chosen already when only one is offered', async () => {
    const signups = serve('enabled')
    renderAt('/signup')

    const only = await screen.findByRole('radio', { name: /^Plano Padrão — / }, SLOW)
    await waitFor(() => expect((only as HTMLInputElement).checked).toBe(true))
    await fillAndSubmit()

    await screen.findByRole('status', {}, SLOW)
    expect(signups).toEqual([expect.objectContaining({ email: 'davi@example.com', planId: 1 })])
  }, 20_000)

  it('is left to the visitor when several are offered', async () => {
    const signups = serve('enabled', Promise.resolve(), [plan, otherPlan])
    renderAt('/signup')

    await screen.findByRole('radio', { name: /^Plano Plus — / }, SLOW)
    expect(
      screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).checked),
    ).toEqual([false, false])
    await fillAndSubmit()

    expect(await screen.findByText('Obrigatório', {}, SLOW)).toBeTruthy()
    expect(signups).toEqual([])
  }, 20_000)
})

describe("the login page's sign-up link", () => {
  it('shows only once the server said sign-up is allowed', async () => {
    let readSettings = () => undefined as void
    serve(
      'enabled',
      new Promise<void>((resolve) => {
        readSettings = resolve
      }),
    )
    renderAt('/login')

    expect(await screen.findByRole('heading', { name: 'Entrar' }, SLOW)).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Não tem uma conta? Cadastre-se!' })).toBeNull()
    readSettings()
    expect(
      await screen.findByRole('link', { name: 'Não tem uma conta? Cadastre-se!' }, SLOW),
    ).toBeTruthy()
  }, 20_000)
})
