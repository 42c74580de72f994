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
import { MemoryRouter, Route, Routes } from 'react-router'
import type { Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CampaignDto, CampaignShippingDto } from '@shared/contracts/campaigns'
import { companyEvent, type CompanyEventPayloads } from '@shared/realtime/events'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { setSocket } from '@renderer/lib/socket'
import {
  buildCampaign,
  buildReport,
  buildShipping,
  hoursFromNow,
  shippingPage,
} from '@tests/renderer/campaigns.fixtures'
import { HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { findOption } from '@tests/renderer/options'
import { buildSessionUser } from '@tests/renderer/session'
import { CampaignReportPage } from './CampaignReportPage'

interface Served {
  campaign: CampaignDto | null
  shipping: CampaignShippingDto[]
}

/** Every request the page made, as `GET /path?query`. */
let requests: string[] = []

/**
 * The server at the axios edge: one campaign (null for none) and its recipients, filtered by
 * state the way the server does (`failed` lists every failure).
 */
const serve = (served: Served) => {
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const params = (config.params ?? {}) as Record<string, unknown>
    const query = Object.entries(params)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key}=${String(value)}`)
      .join('&')
    requests.push(`${method.toUpperCase()} ${url}${query ? `?${query}` : ''}`)
    const answer = (status: number, data: unknown, headers = {}): Promise<AxiosResponse> => {
      const response = { status, data, statusText: '', headers, config }
      if (status < 400) return Promise.resolve(response)
      return Promise.reject(new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response))
    }
    const { campaign } = served
    if (!campaign) return answer(404, { error: 'ERR_NO_CAMPAIGN_FOUND' })
    if (url === `/campaigns/${campaign.id}`) return answer(200, served.campaign)
    if (url === `/campaigns/${campaign.id}/shipping`) {
      const state = params.state as string | undefined
      return answer(
        200,
        shippingPage(served.shipping.filter((row) => state === undefined || row.state === state)),
      )
    }
    if (url === `/campaigns/${campaign.id}/failures`) {
      return answer(200, new Blob(['xlsx']), {
        'content-disposition': `attachment; filename="falhas.xlsx"; filename*=UTF-8''falhas-Natal%C3%A9.xlsx`,
      })
    }
    return Promise.reject(new Error(`not served: ${method} ${url}`))
  }
  http.defaults.adapter = adapter
}

type Listener = (payload: unknown) => void
const socketListeners = new Map<string, Set<Listener>>()
const fakeSocket = {
  on: (name: string, listener: Listener) => {
    const set = socketListeners.get(name) ?? new Set<Listener>()
    set.add(listener)
    socketListeners.set(name, set)
  },
  off: (name: string, listener: Listener) => socketListeners.get(name)?.delete(listener),
} as unknown as Socket

const emitCampaign = (payload: CompanyEventPayloads['campaign']) =>
  act(() => {
    for (const listener of socketListeners.get(companyEvent(1, 'campaign')) ?? []) {
      listener(payload)
    }
  })

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

const renderReport = async (path = '/campaign/1/report') => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile: 'admin' }) })
  disconnect = setToastSink((toast) => toasts.push(toast))
  setSocket(fakeSocket)
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/campaign/:campaignId/report" element={<CampaignReportPage />} />
            <Route path="/campaigns" element={<p>campaigns</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
  return userEvent.setup({ delay: null })
}

/** The value shown on the card of `label`. */
const figure = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt *' })
  return term.closest('div')?.querySelector('dd')?.textContent
}

const recipients = () => screen.findByRole('table', { name: 'Destinatários da campanha' }, SLOW)
const recipientNames = async () =>
  within(await recipients())
    .getAllByRole('row', HIDDEN)
    .slice(1)
    .map((row) => within(row).getAllByRole('cell', HIDDEN)[0]?.textContent)

const RUNNING = buildCampaign(1, {
  name: 'Natal',
  status: 'EM_ANDAMENTO',
  confirmation: true,
  scheduledAt: hoursFromNow(-1),
  startedAt: hoursFromNow(-1),
  report: buildReport({
    total: 10,
    valid: 9,
    invalid: 1,
    pending: 4,
    sent: 5,
    delivered: 3,
    confirmationRequested: 2,
    confirmed: 1,
    unconfirmed: 0,
    failed: 0,
    progressPercent: 55,
  }),
})

const SHIPPING = [
  buildShipping(1, {
    name: 'Ana',
    number: '553188887777',
    state: 'sent',
    ack: 3,
    sentAt: hoursFromNow(-0.5),
  }),
  buildShipping(2, { name: 'Bruno', state: 'failed', lastError: 'ERR_NO_CAMPAIGN_FOUND' }),
  buildShipping(3, { name: 'Carla', state: 'confirmation_requested', ack: 2 }),
]

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
  vi.useRealTimers()
  cleanup()
  disconnect()
  toasts = []
  requests = []
  setSocket(null)
  socketListeners.clear()
  await endSession({ callServer: false })
})

describe('CampaignReportPage (002 §2.10)', () => {
  it("shows the campaign's state, its progress and every figure", async () => {
    serve({ campaign: RUNNING, shipping: SHIPPING })
    await renderReport()
    expect(await screen.findByRole('heading', { name: 'Relatório: Natal' }, SLOW)).toBeTruthy()
    expect(screen.getByText('Em andamento')).toBeTruthy()
    expect(screen.getByText('Clientes')).toBeTruthy()
    expect(screen.getByText('Loja')).toBeTruthy()
    expect(
      screen.getByRole('progressbar', { name: 'Progresso' }).getAttribute('aria-valuetext'),
    ).toBe('55%')
    expect(
      ['Contatos', 'Válidos', 'Inválidos', 'Pendentes', 'Enviadas', 'Entregues'].map(figure),
    ).toEqual(['10', '9', '1', '4', '5', '3'])
    expect(
      ['Confirmação solicitada', 'Confirmadas', 'Não confirmadas', 'Falhas'].map(figure),
    ).toEqual(['2', '1', '0', '0'])
    // Nothing failed: there is nothing to export.
    expect(screen.getByRole('button', { name: 'Exportar falhas' })).toHaveProperty('disabled', true)
  }, 20_000)

  it('leaves out the confirmation figures of a campaign that asks for none', async () => {
    serve({ campaign: { ...RUNNING, confirmation: false }, shipping: [] })
    await renderReport()
    await screen.findByRole('heading', { name: 'Relatório: Natal' }, SLOW)
    expect(screen.queryByText('Confirmação solicitada')).toBeNull()
    expect(figure('Enviadas')).toBe('5')
    expect(await screen.findByText('Nenhum destinatário ainda', {}, SLOW)).toBeTruthy()
  }, 20_000)

  it('lists the recipients with their delivery and translated error, filtered by state', async () => {
    serve({ campaign: RUNNING, shipping: SHIPPING })
    const user = await renderReport()
    await waitFor(async () => expect(await recipientNames()).toEqual(['Ana', 'Bruno', 'Carla']))
    const table = await recipients()
    expect(within(table).getByText('+55 31 8888-7777')).toBeTruthy()
    expect(within(table).getByText('Lida')).toBeTruthy()
    expect(within(table).getByText('Entregue')).toBeTruthy()
    expect(within(table).getByText('Campanha não encontrada.')).toBeTruthy()
    expect(within(table).getByText('Aguardando confirmação')).toBeTruthy()

    await user.click(screen.getByRole('combobox', { name: 'Filtrar por estado' }))
    await user.click(await findOption('Falhou'))
    await waitFor(async () => expect(await recipientNames()).toEqual(['Bruno']))
    expect(requests).toContain('GET /campaigns/1/shipping?pageNumber=1&state=failed')

    await user.click(screen.getByRole('combobox', { name: 'Filtrar por estado' }))
    await user.click(await findOption('Confirmado'))
    expect(await screen.findByText('Nenhum destinatário neste estado', {}, SLOW)).toBeTruthy()
  }, 30_000)

  it('follows its figures live and reads everything again 5 s after it finishes', async () => {
    const served: Served = { campaign: RUNNING, shipping: SHIPPING }
    serve(served)
    await renderReport()
    await screen.findByRole('heading', { name: 'Relatório: Natal' }, SLOW)
    await recipients()
    await waitFor(() =>
      expect(socketListeners.get(companyEvent(1, 'campaign'))?.size).toBeGreaterThan(0),
    )

    const progressed = { ...RUNNING, report: { ...RUNNING.report, sent: 8, progressPercent: 90 } }
    emitCampaign({ action: 'update', record: progressed })
    await waitFor(() => expect(figure('Enviadas')).toBe('8'))
    // Another campaign's update changes nothing here.
    emitCampaign({
      action: 'update',
      record: buildCampaign(2, { report: buildReport({ sent: 99 }) }),
    })
    expect(figure('Enviadas')).toBe('8')

    const finished = {
      ...progressed,
      status: 'FINALIZADA' as const,
      completedAt: new Date().toISOString(),
      report: { ...progressed.report, failed: 1, progressPercent: 100 },
    }
    served.campaign = { ...finished, report: { ...finished.report, delivered: 9 } }
    requests = []
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    emitCampaign({ action: 'update', record: finished })
    act(() => {
      vi.advanceTimersByTime(4_999)
    })
    expect(requests).toEqual([])
    act(() => {
      vi.advanceTimersByTime(1)
    })
    vi.useRealTimers()
    await waitFor(() =>
      expect(requests).toEqual(
        expect.arrayContaining(['GET /campaigns/1', 'GET /campaigns/1/shipping?pageNumber=1']),
      ),
    )
    await waitFor(() => expect(figure('Entregues')).toBe('9'))
    expect(screen.getByText('Finalizada')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Exportar falhas' })).toHaveProperty(
      'disabled',
      false,
    )
  }, 30_000)

  it('downloads the failures as the sheet the server builds', async () => {
    serve({ campaign: { ...RUNNING, report: { ...RUNNING.report, failed: 2 } }, shipping: [] })
    const createObjectURL = URL.createObjectURL
    const revokeObjectURL = URL.revokeObjectURL
    const downloads: string[] = []
    URL.createObjectURL = () => 'blob:failures'
    URL.revokeObjectURL = () => undefined
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download)
    })
    try {
      const user = await renderReport()
      await user.click(await screen.findByRole('button', { name: 'Exportar falhas' }, SLOW))
      await waitFor(() => expect(downloads).toEqual(['falhas-Natalé.xlsx']))
      expect(requests).toContain('GET /campaigns/1/failures')
    } finally {
      click.mockRestore()
      URL.createObjectURL = createObjectURL
      URL.revokeObjectURL = revokeObjectURL
    }
  }, 20_000)

  it('says so when the campaign does not exist', async () => {
    serve({ campaign: null, shipping: [] })
    const user = await renderReport('/campaign/77/report')
    expect(await screen.findByText('Campanha não encontrada', {}, SLOW)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Voltar às campanhas' }))
    expect(await screen.findByText('campaigns')).toBeTruthy()
  }, 20_000)
})
