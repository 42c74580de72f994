// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import { MemoryRouter } from 'react-router'
import type { Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { CampaignSettingRow } from '@shared/contracts/campaigns'
import { storedSettingValue } from '@shared/contracts/campaigns-rules'
import type { ErrorBody } from '@shared/errors'
import { companyEvent, type CompanyEventPayloads } from '@shared/realtime/events'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { setSocket } from '@renderer/lib/socket'
import { SLOW } from '@tests/renderer/dialogs'
import { findOption } from '@tests/renderer/options'
import { buildSessionUser } from '@tests/renderer/session'
import { CampaignSettingsPage } from './CampaignSettingsPage'

const AT = '2026-03-02T12:00:00.000Z'

/** Stored rows as GET /campaign-settings answers them: every value as text. */
const rowsOf = (settings: Record<string, unknown>): CampaignSettingRow[] =>
  Object.entries(settings).map(([key, value], index) => ({
    id: index + 1,
    key,
    value: storedSettingValue(value),
    createdAt: AT,
    updatedAt: AT,
  }))

const STORED = rowsOf({
  messageInterval: 30,
  sabado: true,
  startHour: '08:00',
  variables: [{ key: 'empresa', value: 'Acme' }],
})

interface ServeOptions {
  /** Answers every save with this error. */
  refuse?: { status: number; body: ErrorBody & Record<string, unknown> }
  /** How many reads fail with a 500 first (the query client retries once). */
  failedReads?: number
}

/** The server at the axios edge: the stored rows, upserted by each save it records. */
const serve = (initial: CampaignSettingRow[], options: ServeOptions = {}) => {
  let rows = [...initial]
  let reads = 0
  const saves: unknown[] = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const answer = (status: number, data: unknown): Promise<AxiosResponse> => {
      const response = { status, data, statusText: '', headers: {}, config }
      if (status < 400) return Promise.resolve(response)
      return Promise.reject(new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response))
    }
    if (config.url !== '/campaign-settings') {
      return Promise.reject(new Error(`not served: ${config.url}`))
    }
    if (config.method === 'get') {
      reads += 1
      if (reads <= (options.failedReads ?? 0)) return answer(500, { error: 'ERR_INTERNAL' })
      return answer(200, rows)
    }
    const body = JSON.parse(String(config.data)) as { settings: Record<string, unknown> }
    saves.push(body)
    if (options.refuse) return answer(options.refuse.status, options.refuse.body)
    const changed = rowsOf(body.settings)
    rows = [
      ...rows.filter((row) => !(row.key in body.settings)),
      ...changed.map((row, index) => ({ ...row, id: 100 + index })),
    ]
    return answer(200, rows)
  }
  http.defaults.adapter = adapter
  return saves
}

/** A company socket that delivers what the test emits to the page's listeners. */
const fakeSocket = () => {
  const listeners = new Map<string, (payload: unknown) => void>()
  const socket = {
    on: (name: string, listener: (payload: unknown) => void) => {
      listeners.set(name, listener)
      return socket
    },
    off: (name: string) => {
      listeners.delete(name)
      return socket
    },
  }
  setSocket(socket as unknown as Socket)
  return (payload: CompanyEventPayloads['campaignSettings']) =>
    act(() => listeners.get(companyEvent(1, 'campaignSettings'))?.(payload))
}

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

const renderPage = async () => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile: 'admin' }) })
  disconnect = setToastSink((toast) => toasts.push(toast))
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/campaigns-config']}>
          <CampaignSettingsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
  return userEvent.setup({ delay: null })
}

const saveButton = () => screen.findByRole('button', { name: 'Salvar' }, SLOW)
const select = (label: string) => screen.getByRole('combobox', { name: label })
const textbox = (label: string, within_: HTMLElement = document.body) =>
  within(within_).getByRole<HTMLInputElement>('textbox', { name: new RegExp(`^${label}`) })
const toggle = (label: string) => screen.getByRole<HTMLInputElement>('switch', { name: label })
const variable = (position: number) => screen.getByRole('group', { name: `Variável ${position}` })

/** The texts that describe a control: its hint and its validation message. */
const descriptionOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')

// happy-dom rejects Fluent's cancelled animations; without `animate` they are skipped.
const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
const defaultAdapter = http.defaults.adapter
beforeAll(() => {
  Reflect.deleteProperty(Element.prototype, 'animate')
})
afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
  http.defaults.adapter = defaultAdapter
})
afterEach(async () => {
  cleanup()
  disconnect()
  setSocket(null)
  toasts = []
  await endSession({ callServer: false })
})

describe('CampaignSettingsPage (002 §2.9, §3.7)', () => {
  it('shows the stored settings, each missing one at its default of 002 §9', async () => {
    serve(STORED)
    await renderPage()
    expect((await saveButton()).hasAttribute('disabled')).toBe(true)
    expect(select('Intervalo entre mensagens').textContent).toBe('30 s')
    expect(select('Intervalo maior após').textContent).toBe('20 mensagens')
    expect(select('Intervalo maior').textContent).toBe('60 s')
    expect(
      screen.getByText(
        'Cada campanha envia no máximo cerca de 120 mensagens por hora. ' +
          'Depois das primeiras 20 mensagens, no máximo cerca de 60 por hora.',
      ),
    ).toBeTruthy()
    expect(textbox('Início').value).toBe('08:00')
    expect(textbox('Fim').value).toBe('18:00')
    expect(toggle('Enviar aos sábados').checked).toBe(true)
    expect(toggle('Enviar aos domingos').checked).toBe(false)
    expect(screen.getByText(/fuso horário da empresa \(America\/Sao_Paulo\)/)).toBeTruthy()
    expect(
      screen.getByRole<HTMLInputElement>('spinbutton', { name: /^Validade do pedido/ }).value,
    ).toBe('24')
    expect(textbox('Chave', variable(1)).value).toBe('empresa')
    expect(textbox('Valor', variable(1)).value).toBe('Acme')
    expect(within(variable(1)).getByText('{empresa}')).toBeTruthy()
  })

  it('offers the intervals with their real values, 0 as "Sem intervalo", "Nunca", "Desativado"', async () => {
    serve([])
    const user = await renderPage()
    await saveButton()
    await user.click(select('Intervalo entre mensagens'))
    await findOption('60 s')
    const labels = () =>
      Array.from(document.querySelectorAll('[role="option"]'), (option) => option.textContent)
    expect(labels()).toEqual([
      'Sem intervalo',
      '5 s',
      '10 s',
      '15 s',
      '20 s',
      '30 s',
      '60 s',
      '70 s',
      '80 s',
      '100 s',
      '120 s',
    ])
    await user.keyboard('{Escape}')
    await user.click(select('Intervalo maior após'))
    expect(await findOption('Nunca')).toBeTruthy()
    await user.keyboard('{Escape}')
    await user.click(select('Intervalo maior'))
    expect(await findOption('Desativado')).toBeTruthy()
  }, 20_000)

  it('saves only the changed settings, typed, and says "Configurações salvas"', async () => {
    const saves = serve(STORED)
    const user = await renderPage()
    const save = await saveButton()

    await user.click(select('Intervalo entre mensagens'))
    await user.click(await findOption('60 s'))
    await user.click(toggle('Enviar aos domingos'))
    const expiry = screen.getByRole('spinbutton', { name: /^Validade do pedido/ })
    await user.clear(expiry)
    await user.type(expiry, '48')
    await user.click(screen.getByRole('button', { name: 'Adicionar variável' }))
    await user.type(textbox('Chave', variable(2)), 'loja')
    await user.type(textbox('Valor', variable(2)), 'Centro')
    expect(within(variable(2)).getByText('{loja}')).toBeTruthy()

    expect(save.hasAttribute('disabled')).toBe(false)
    await user.click(save)
    await waitFor(() => expect(saves).toHaveLength(1))
    expect(saves[0]).toEqual({
      settings: {
        messageInterval: 60,
        domingo: true,
        confirmationExpiryHours: 48,
        variables: [
          { key: 'empresa', value: 'Acme' },
          { key: 'loja', value: 'Centro' },
        ],
      },
    })
    await waitFor(() =>
      expect(toasts).toEqual([{ intent: 'success', message: 'Configurações salvas' }]),
    )
    // The saved settings are the form's new starting point.
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true))
    expect(select('Intervalo entre mensagens').textContent).toBe('60 s')
  }, 30_000)

  it('says what is wrong before sending anything', async () => {
    const saves = serve(STORED)
    const user = await renderPage()
    await saveButton()
    await user.clear(textbox('Fim'))
    await user.type(textbox('Fim'), '07:00')
    await user.clear(textbox('Chave', variable(1)))
    await user.type(textbox('Chave', variable(1)), 'nome')
    await user.click(await saveButton())
    expect(await screen.findByText('O fim deve ser depois do início', {}, SLOW)).toBeTruthy()
    expect(
      within(variable(1)).getByText('{nome}, {numero} e {email} já são dados do contato'),
    ).toBeTruthy()
    expect(saves).toEqual([])
  }, 20_000)

  it('shows a refusal naming a setting on its field, without a toast', async () => {
    const saves = serve(STORED, {
      refuse: { status: 400, body: { error: 'ERR_VALIDATION', field: 'endHour' } },
    })
    const user = await renderPage()
    await saveButton()
    await user.clear(textbox('Fim'))
    await user.type(textbox('Fim'), '19:00')
    await user.click(await saveButton())
    await waitFor(() => expect(saves).toEqual([{ settings: { endHour: '19:00' } }]))
    await waitFor(() => expect(descriptionOf(textbox('Fim'))).toContain('Dados inválidos.'))
    expect(textbox('Fim').getAttribute('aria-invalid')).toBe('true')
    expect(toasts).toEqual([])
  }, 20_000)

  it('shows a refusal of the variables under their list', async () => {
    serve(STORED, {
      refuse: { status: 400, body: { error: 'ERR_VALIDATION', field: 'variables' } },
    })
    const user = await renderPage()
    await saveButton()
    await user.type(textbox('Valor', variable(1)), ' SA')
    await user.click(await saveButton())
    const alert = await screen.findByRole('alert', {}, SLOW)
    expect(alert.textContent).toBe('Dados inválidos.')
    expect(alert.closest('section')?.textContent).toContain('Variáveis')
    expect(toasts).toEqual([])
  }, 20_000)

  it("another admin's save refreshes the form while it is untouched", async () => {
    serve(STORED)
    const emit = fakeSocket()
    await renderPage()
    await saveButton()
    emit({ action: 'create', record: rowsOf({ messageInterval: 10, domingo: true }) })
    await waitFor(() => expect(select('Intervalo entre mensagens').textContent).toBe('10 s'))
    expect(toggle('Enviar aos domingos').checked).toBe(true)
    // Keys the event no longer holds are back at their defaults.
    expect(toggle('Enviar aos sábados').checked).toBe(false)
    expect(screen.queryByRole('group', { name: 'Variável 1' })).toBeNull()
    expect((await saveButton()).hasAttribute('disabled')).toBe(true)
  })

  it('keeps the edits of a form being edited, and offers the stored settings instead', async () => {
    serve(STORED)
    const emit = fakeSocket()
    const user = await renderPage()
    await saveButton()
    await user.click(toggle('Enviar aos domingos'))
    emit({ action: 'create', record: rowsOf({ messageInterval: 10 }) })
    expect(
      await screen.findByText(/Outro administrador salvou estas configurações/, {}, SLOW),
    ).toBeTruthy()
    expect(select('Intervalo entre mensagens').textContent).toBe('30 s')
    expect(toggle('Enviar aos domingos').checked).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Descartar minhas alterações' }))
    await waitFor(() => expect(select('Intervalo entre mensagens').textContent).toBe('10 s'))
    expect(toggle('Enviar aos domingos').checked).toBe(false)
    expect(screen.queryByText(/Outro administrador salvou/)).toBeNull()
  }, 20_000)

  it('shows why the settings failed to load, and loads them on retry', async () => {
    serve(STORED, { failedReads: 2 })
    const user = await renderPage()
    expect(
      await screen.findByText('Não foi possível carregar as configurações de campanhas', {}, SLOW),
    ).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    await waitFor(() => expect(select('Intervalo entre mensagens').textContent).toBe('30 s'), SLOW)
  }, 20_000)
})
