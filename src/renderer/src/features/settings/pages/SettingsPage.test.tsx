// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, test } from 'vitest'
import { COMPANY_SETTING_DEFAULTS, type CompanySettingValues } from '@shared/contracts/settings'
import { http } from '@renderer/lib/http'
import { i18n } from '@renderer/lib/i18n'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { startSession } from '@renderer/lib/session'
import { buildSessionUser } from '@tests/renderer/session'
import { SettingsPage } from './SettingsPage'

const SLOW = { timeout: 10_000 }

const serve = (overrides: Partial<CompanySettingValues> = {}) => {
  const writes: unknown[] = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? ''
    const answer = (status: number, data: unknown): Promise<AxiosResponse> =>
      Promise.resolve({ status, data, statusText: '', headers: {}, config })
    if (config.method === 'get' && url.startsWith('/companySettings/'))
      return answer(200, { id: 1, companyId: 1, ...COMPANY_SETTING_DEFAULTS, ...overrides })
    if (config.method === 'get' && url === '/settings') return answer(200, [])
    if (config.method === 'put' && url === '/companySettings') {
      const body = JSON.parse(String(config.data)) as { column: string; data: unknown }
      writes.push(body)
      return answer(200, { response: true, result: { key: body.column, value: String(body.data) } })
    }
    if (config.method === 'put' && url.startsWith('/settings/')) {
      const body = JSON.parse(String(config.data)) as { value: string }
      const key = decodeURIComponent(url.slice('/settings/'.length))
      writes.push({ key, value: body.value })
      return answer(200, { key, value: body.value })
    }
    return Promise.reject(new Error(`not served: ${config.method} ${url}`))
  }
  http.defaults.adapter = adapter
  return writes
}

const toasts: ToastMessage[] = []

/** The tabs' names; a Fluent tab repeats its text in a hidden bold copy, so names are read once. */
const tabNames = () =>
  screen.getAllByRole('tab').map((tab) => tab.querySelector('span')?.textContent ?? '')

const renderPage = async (user: Parameters<typeof buildSessionUser>[0]) => {
  await i18n.changeLanguage('pt-BR')
  await startSession({ token: 'access-token', user: buildSessionUser(user) })
  setToastSink((toast) => toasts.push(toast))
  render(
    <MemoryRouter>
      <FluentProvider theme={webLightTheme}>
        <QueryClientProvider
          client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
        >
          <SettingsPage />
        </QueryClientProvider>
      </FluentProvider>
    </MemoryRouter>,
  )
}

afterEach(() => {
  cleanup()
  toasts.length = 0
})

describe('settings screen (001 §2)', () => {
  test('a profile user gets the no-access view', async () => {
    serve()
    await renderPage({ profile: 'user' })
    expect(await screen.findByText('Oops! Acesso Negado!', {}, SLOW)).toBeTruthy()
  })

  test('an admin has Options only; a switch saves its key with the success toast', async () => {
    const writes = serve()
    await renderPage({ profile: 'admin' })
    const requiredTag = await screen.findByRole(
      'switch',
      { name: 'Tag obrigatória para fechar o ticket' },
      SLOW,
    )
    expect(tabNames()).toEqual(['Opções'])
    await userEvent.click(requiredTag)
    await waitFor(() => expect(writes).toEqual([{ column: 'requiredTag', data: 'enabled' }]))
    await waitFor(() =>
      expect(toasts).toContainEqual({
        intent: 'success',
        message: 'Operação atualizada com sucesso.',
      }),
    )
  })

  test('a switch whose message is empty is not sent; Horários shows when hours are the company’s', async () => {
    const writes = serve({ scheduleType: 'company' })
    await renderPage({ profile: 'admin' })
    await userEvent.click(
      await screen.findByRole('switch', { name: 'Enviar mensagem de transferência' }, SLOW),
    )
    expect(await screen.findByText('Preencha esta mensagem antes de ativar a opção.')).toBeTruthy()
    expect(writes).toEqual([])
    expect(tabNames()).toEqual(['Opções', 'Horários'])
  })

  test('the super user also gets Empresas, Planos, Ajuda and Whitelabel', async () => {
    serve()
    await renderPage({ profile: 'admin', super: true })
    await screen.findByRole('switch', { name: 'Tag obrigatória para fechar o ticket' }, SLOW)
    expect(tabNames()).toEqual(['Opções', 'Empresas', 'Planos', 'Ajuda', 'Whitelabel'])
  })

  test('Whitelabel says that it saves each change by itself, then does so with a toast', async () => {
    const writes = serve()
    await renderPage({ profile: 'admin', super: true })
    await userEvent.click(await screen.findByRole('tab', { name: 'Whitelabel' }, SLOW))
    // No Save button on this tab: the note is what tells the admin where his change went.
    expect(
      await screen.findByText(
        'Cada alteração é salva sozinha ao sair do campo ou ao enviar a imagem; um aviso confirma.',
        {},
        SLOW,
      ),
    ).toBeTruthy()
    await userEvent.type(screen.getByRole('textbox', { name: 'Nome do sistema' }), 'Minha Central')
    await userEvent.tab()
    await waitFor(() => expect(writes).toEqual([{ key: 'appName', value: 'Minha Central' }]))
    await waitFor(() =>
      expect(toasts).toContainEqual({
        intent: 'success',
        message: 'Operação atualizada com sucesso.',
      }),
    )
  })
})
