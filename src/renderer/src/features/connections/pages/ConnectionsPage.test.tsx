// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ConnectionDto } from '@shared/contracts/connections'
import type { SessionUser } from '@shared/contracts/users'
import { http } from '@renderer/lib/http'
import { i18n } from '@renderer/lib/i18n'
import { endSession, startSession } from '@renderer/lib/session'
import { buildConnectionDto } from '@tests/renderer/connections.fixtures'
import { buildSessionUser } from '@tests/renderer/session'
import { ConnectionsPage } from './ConnectionsPage'

const SLOW = { timeout: 10_000 }

/** The server at the axios edge: the connections list; every write is recorded. */
const serve = (connections: ConnectionDto[]) => {
  const writes: { method: string; url: string }[] = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const answer = (status: number, data: unknown): Promise<AxiosResponse> =>
      Promise.resolve({ status, data, statusText: '', headers: {}, config })
    if (method === 'get' && url === '/whatsapp/') return answer(200, connections)
    if (method === 'get' && url === '/queue') return answer(200, [])
    writes.push({ method, url })
    return answer(200, { message: 'ok' })
  }
  http.defaults.adapter = adapter
  return writes
}

const renderPage = async (overrides: Partial<SessionUser> = {}) => {
  await startSession({
    token: 'access-token',
    user: buildSessionUser({ profile: 'admin', ...overrides }),
  })
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <ConnectionsPage />
      </QueryClientProvider>
    </FluentProvider>,
  )
}

/**
 * The table row of the connection named `name`. Found by its cell's text: a role query names
 * every cell of the table each time, and took most of this file's time.
 */
const rowOf = async (name: string) => {
  const cell = await screen.findByText(name, { selector: 'td' }, SLOW)
  return cell.closest('tr') as HTMLElement
}
/** The texts of a row's buttons, icon-only ones left out. */
const buttonsOf = (row: HTMLElement) =>
  Array.from(row.querySelectorAll('button'))
    .map((button) => button.textContent?.trim())
    .filter(Boolean)

const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
const defaultAdapter = http.defaults.adapter
beforeAll(async () => {
  Reflect.deleteProperty(Element.prototype, 'animate')
  // The texts asserted are the default language's, whatever language the test browser prefers.
  await i18n.changeLanguage('pt-BR')
})
afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
  http.defaults.adapter = defaultAdapter
})
afterEach(async () => {
  cleanup()
  await endSession({ callServer: false })
})

describe('ConnectionsPage', () => {
  it('shows the session buttons of 001 §4 for each status', async () => {
    serve([
      buildConnectionDto({ id: 1, name: 'Qr', status: 'qrcode', qrcode: '2@code' }),
      buildConnectionDto({ id: 2, name: 'Off', status: 'DISCONNECTED' }),
      buildConnectionDto({ id: 3, name: 'On', status: 'CONNECTED', isDefault: true }),
      buildConnectionDto({ id: 4, name: 'Pairing', status: 'PAIRING' }),
      buildConnectionDto({ id: 5, name: 'Lost', status: 'TIMEOUT' }),
      buildConnectionDto({ id: 6, name: 'Starting', status: 'OPENING' }),
      buildConnectionDto({
        id: 7,
        name: 'Imported',
        status: 'CONNECTED',
        statusImportMessages: 'renderButtonCloseTickets',
      }),
      buildConnectionDto({
        id: 8,
        name: 'Importing',
        status: 'CONNECTED',
        statusImportMessages: String(Date.now()),
      }),
      buildConnectionDto({ id: 9, name: 'Cloud', channel: 'whatsappapi' }),
    ])
    await renderPage()
    expect(buttonsOf(await rowOf('Qr'))).toEqual(['QR code'])
    expect(buttonsOf(await rowOf('Off'))).toEqual(['Tentar novamente', 'Novo QR'])
    for (const name of ['On', 'Pairing', 'Lost'])
      expect(buttonsOf(await rowOf(name))).toEqual(['Desconectar'])
    expect(buttonsOf(await rowOf('Starting'))).toEqual(['Conectando'])
    expect(
      within(await rowOf('Starting')).getByRole('button', { name: 'Conectando' }),
    ).toHaveProperty('disabled', true)
    expect(buttonsOf(await rowOf('Imported'))).toEqual(['Desconectar', 'Fechar tickets importados'])
    expect(buttonsOf(await rowOf('Importing'))).toEqual(['Desconectar', 'Preparando'])
    expect(buttonsOf(await rowOf('Cloud'))).toEqual([])
    expect(within(await rowOf('On')).getByRole('img', { name: 'Conexão padrão' })).toBeTruthy()
  })

  it('session buttons call the session routes; the QR dialog draws the code', async () => {
    const user = userEvent.setup({ delay: null })
    const writes = serve([
      buildConnectionDto({ id: 1, name: 'Qr', status: 'qrcode', qrcode: '2@code' }),
      buildConnectionDto({ id: 2, name: 'Off', status: 'DISCONNECTED' }),
      buildConnectionDto({ id: 3, name: 'On', status: 'CONNECTED' }),
    ])
    await renderPage()
    await user.click(within(await rowOf('Off')).getByRole('button', { name: 'Tentar novamente' }))
    await user.click(within(await rowOf('Off')).getByRole('button', { name: 'Novo QR' }))
    await user.click(within(await rowOf('On')).getByRole('button', { name: 'Desconectar' }))
    expect(writes).toEqual([
      { method: 'post', url: '/whatsappsession/2' },
      { method: 'put', url: '/whatsappsession/2' },
      { method: 'delete', url: '/whatsappsession/3' },
    ])
    await user.click(within(await rowOf('Qr')).getByRole('button', { name: /QR code de Qr/ }))
    // Tabster's modalizer may still mark the just-opened dialog aria-hidden under happy-dom.
    expect(
      await screen.findByRole('img', { name: 'QR code para conectar Qr', hidden: true }, SLOW),
    ).toBeTruthy()
  }, 20_000)

  it('the new-connection menu disables channels the plan lacks', async () => {
    const user = userEvent.setup({ delay: null })
    serve([])
    const base = buildSessionUser()
    await renderPage({
      company: { ...base.company, plan: { ...base.company.plan, useInstagram: false } },
    })
    expect(await screen.findByText('Nenhuma conexão', undefined, SLOW)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Nova conexão' }))
    const item = (name: string) => screen.getByRole('menuitem', { name })
    expect(item('Instagram').getAttribute('aria-disabled')).toBe('true')
    for (const name of ['WhatsApp', 'WhatsApp Cloud API', 'Facebook'])
      expect(item(name).getAttribute('aria-disabled')).not.toBe('true')
  })

  it('says why a session is down when the server gave up reconnecting it', async () => {
    serve([
      buildConnectionDto({ id: 1, name: 'Sem rede', status: 'DISCONNECTED', retries: 10 }),
      buildConnectionDto({ id: 2, name: 'Desligada', status: 'DISCONNECTED', retries: 0 }),
    ])
    await renderPage()
    const reason = /Sem resposta do WhatsApp após/
    expect(within(await rowOf('Sem rede')).getByText(reason).textContent).toBe(
      'Sem resposta do WhatsApp após 10 tentativas. Verifique a internet e tente novamente.',
    )
    // Disconnected on purpose (or its QR codes went unread): no reconnect failed, no reason.
    expect(within(await rowOf('Desligada')).queryByText(reason)).toBeNull()
  })
})
