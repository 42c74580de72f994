// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildRoutes } from '@renderer/app/router/router'
import { http, publicHttp } from '@renderer/lib/http'
import { i18n } from '@renderer/lib/i18n'
import { createQueryClient } from '@renderer/lib/query-client'
import { clearSignOutNotice, leaveSignOutNotice } from '@renderer/lib/sign-out-notice'
import { SLOW } from '@tests/renderer/dialogs'

/** The public settings the server answers; a key left out is not found, as on an older server. */
let publicSettings: Record<string, string> = {}
/** Every request the page made, as `METHOD url`. */
const requests: string[] = []

/** The server at the network edge: the public settings above, anything else not found. */
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  requests.push(`${config.method?.toUpperCase()} ${config.url}`)
  const response = { statusText: '', headers: {}, config }
  const key = config.url?.match(/^\/public-settings\/(\w+)$/)?.[1]
  if (key && key in publicSettings)
    return { ...response, status: 200, data: { key, value: publicSettings[key] } }
  throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, {
    ...response,
    status: 404,
    data: { error: 'ERR_NOT_FOUND' },
  })
}

const renderLogin = (path = '/login') =>
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: [path] })} />
      </QueryClientProvider>
    </FluentProvider>,
  )

const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
const adapters = [http.defaults.adapter, publicHttp.defaults.adapter] as const

beforeAll(async () => {
  Reflect.deleteProperty(Element.prototype, 'animate')
  http.defaults.adapter = adapter
  publicHttp.defaults.adapter = adapter
  await i18n.changeLanguage('pt-BR')
})

afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
  ;[http.defaults.adapter, publicHttp.defaults.adapter] = adapters
})

beforeEach(() => {
  publicSettings = { allowSignup: 'disabled' }
  requests.length = 0
})

afterEach(() => {
  cleanup()
  window.sessionStorage.clear()
})

describe('the login page after a sign-in elsewhere', () => {
  it('says why the session ended until the next sign-in', async () => {
    // What the realtime bridge leaves before the reload that follows the `auth` event.
    leaveSignOutNotice('kickedOut')
    renderLogin()
    expect(
      await screen.findByText('Sua conta foi acessada em outro computador.', {}, SLOW),
    ).toBeTruthy()

    // The session may end on this page before the reload does: the reloaded page says it too.
    cleanup()
    renderLogin()
    expect(
      await screen.findByText('Sua conta foi acessada em outro computador.', {}, SLOW),
    ).toBeTruthy()

    cleanup()
    clearSignOutNotice()
    renderLogin()
    expect(await screen.findByRole('button', { name: 'Entrar' }, SLOW)).toBeTruthy()
    expect(screen.queryByText('Sua conta foi acessada em outro computador.')).toBeNull()
  })

  it('shows no reason on an ordinary visit', async () => {
    renderLogin()
    expect(await screen.findByRole('button', { name: 'Entrar' }, SLOW)).toBeTruthy()
    expect(screen.queryByText('Sua conta foi acessada em outro computador.')).toBeNull()
  })
})

describe('"Esqueci minha senha"', () => {
  // The sign-up link comes with the same read of the settings: once it shows, they are known.
  const settingsRead = () =>
    screen.findByRole('link', { name: 'Não tem uma conta? Cadastre-se!' }, SLOW)

  it('is offered where the server can mail the link', async () => {
    publicSettings = { allowSignup: 'enabled', passwordReset: 'enabled' }
    renderLogin()
    await settingsRead()
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toBeTruthy()
  })

  it('is not offered where it cannot, and its page says why without asking the server', async () => {
    publicSettings = { allowSignup: 'enabled', passwordReset: 'disabled' }
    renderLogin()
    await settingsRead()
    expect(screen.queryByRole('link', { name: 'Esqueci minha senha' })).toBeNull()

    cleanup()
    renderLogin('/forgetpsw')
    expect(
      await screen.findByText(
        'A redefinição de senha por e-mail não está configurada neste servidor. Peça ajuda ao administrador.',
        {},
        SLOW,
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: /^E-mail/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Enviar link' })).toBeNull()
    expect(requests.filter((request) => request.startsWith('POST'))).toEqual([])
  })

  it('stays where the server does not say (an older server)', async () => {
    publicSettings = { allowSignup: 'enabled' }
    renderLogin()
    await settingsRead()
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toBeTruthy()
  })
})

describe('the login form sent empty', () => {
  it('marks E-mail and Senha alike', async () => {
    renderLogin()
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'Entrar' }, SLOW))

    const alerts = await screen.findAllByRole('alert', {}, SLOW)
    expect(alerts.map((alert) => alert.textContent)).toEqual(['Obrigatório', 'Obrigatório'])
    const email = screen.getByRole('textbox', { name: /^E-mail/ })
    const password = screen.getByLabelText(/^Senha/)
    expect([email, password].map((input) => input.getAttribute('aria-invalid'))).toEqual([
      'true',
      'true',
    ])
    // Fluent draws no error border on the focused input: neither may hold the focus.
    expect([email, password]).not.toContain(document.activeElement)
  })

  it('refuses an address without a domain, and one of blanks as empty', async () => {
    renderLogin()
    const user = userEvent.setup({ delay: null })
    const email = await screen.findByRole('textbox', { name: /^E-mail/ }, SLOW)
    await user.type(email, 'ana@exemplo')
    await user.type(screen.getByLabelText(/^Senha/), 'segredo')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('Email inválido')

    await user.clear(email)
    await user.type(email, '   ')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Obrigatório'))
  })
})
