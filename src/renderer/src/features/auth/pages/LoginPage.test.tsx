// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildRoutes } from '@renderer/app/router/router'
import { http, publicHttp } from '@renderer/lib/http'
import { i18n } from '@renderer/lib/i18n'
import { createQueryClient } from '@renderer/lib/query-client'
import { clearSignOutNotice, leaveSignOutNotice } from '@renderer/lib/sign-out-notice'
import { SLOW } from '@tests/renderer/dialogs'

/** The server at the network edge: sign-up disabled, anything else not found. */
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const response = { statusText: '', headers: {}, config }
  if (config.url === '/public-settings/allowSignup')
    return { ...response, status: 200, data: { key: 'allowSignup', value: 'disabled' } }
  throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, {
    ...response,
    status: 404,
    data: { error: 'ERR_NOT_FOUND' },
  })
}

const renderLogin = () =>
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider
          router={createMemoryRouter(buildRoutes(false), { initialEntries: ['/login'] })}
        />
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
