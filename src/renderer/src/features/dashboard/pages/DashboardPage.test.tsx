// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import { MemoryRouter } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DashboardResult } from '@shared/contracts/dashboard'
import { http } from '@renderer/lib/http'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { SLOW } from '@tests/renderer/dialogs'
import { buildSessionUser } from '@tests/renderer/session'
import { DashboardPage } from './DashboardPage'

const DASHBOARD: DashboardResult = {
  counters: {
    supportHappening: 7,
    supportPending: 3,
    supportFinished: 1234,
    supportGroups: 2,
    leads: 15,
    avgSupportTime: 75.5,
    avgWaitTime: 4,
    activeTickets: 11,
    passiveTickets: 22,
    npsPromotersPerc: 60,
    npsPassivePerc: 20,
    npsDetractorsPerc: 20,
    npsScore: 40,
    tickets: 30,
    waitRating: 2,
    withoutRating: 8,
    withRating: 20,
    percRating: 66.7,
  },
  attendants: [
    {
      id: 1,
      name: 'Ana',
      online: true,
      rating: 9,
      countRating: 5,
      tickets: 12,
      avgWaitTime: 3,
      avgSupportTime: 61,
    },
    {
      id: 2,
      name: 'Bruno',
      online: false,
      rating: 0,
      countRating: 0,
      tickets: 0,
      avgWaitTime: 0,
      avgSupportTime: 0,
    },
  ],
}

/** Every request the page made, as `GET /path?query`. */
let requests: string[] = []

/** The server at the axios edge; `failing` answers 500 for the dashboard itself. */
const serve = ({ failing = false }: { failing?: boolean } = {}) => {
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? ''
    const params = (config.params ?? {}) as Record<string, unknown>
    const query = Object.entries(params)
      .map(([key, value]) => `${key}=${String(value)}`)
      .join('&')
    requests.push(`GET ${url}?${query}`)
    const answer = (status: number, data: unknown): Promise<AxiosResponse> => {
      const response = { status, data, statusText: '', headers: {}, config }
      if (status < 400) return Promise.resolve(response)
      return Promise.reject(new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response))
    }
    if (url === '/dashboard') {
      return failing ? answer(500, { error: 'ERR_INTERNAL' }) : answer(200, DASHBOARD)
    }
    if (url === '/messages-allMe') {
      return answer(200, { count: [{ count: params.fromMe === 'true' ? '420' : '1500' }] })
    }
    if (url === '/dashboard/ticketsUsers') {
      return answer(200, {
        data: [
          { nome: 'Ana', quantidade: 12 },
          { nome: 'Bruno', quantidade: 0 },
        ],
      })
    }
    if (url === '/dashboard/ticketsDay') {
      return failing ? answer(500, { error: 'ERR_INTERNAL' }) : answer(200, { count: 0, data: [] })
    }
    return Promise.reject(new Error(`not served: ${url}`))
  }
  http.defaults.adapter = adapter
}

const renderPage = async () => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile: 'admin' }) })
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
  return userEvent.setup({ delay: null })
}

/** The value shown on the card titled `title`. */
const card = (title: string) => {
  const heading = screen.getByRole('heading', { name: title })
  return heading.closest('article')?.querySelector('p')?.textContent
}

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
  requests = []
  await endSession({ callServer: false })
})

describe('DashboardPage (000 §2 Dashboard)', () => {
  it('shows the Indicadores cards from GET /dashboard and GET /messages-allMe', async () => {
    serve()
    await renderPage()
    expect(
      await screen.findByRole('tab', { name: 'Indicadores', selected: true }, SLOW),
    ).toBeTruthy()
    await waitFor(() => expect(card('Em atendimento')).toBe('7'), SLOW)
    expect(
      [
        'Aguardando',
        'Finalizados',
        'Grupos',
        'Atendentes ativos',
        'Novos contatos',
        'Mensagens recebidas',
        'Mensagens enviadas',
        'T.M. de atendimento',
        'T.M. de espera',
        'Ativos',
        'Receptivos',
      ].map(card),
    ).toEqual(['3', '1.234', '2', '1/2', '15', '1.500', '420', '01h 16m', '00h 04m', '11', '22'])
    // The default period: the last 30 days, for every figure.
    const dashboardCall = requests.find((request) => request.startsWith('GET /dashboard?'))
    expect(dashboardCall).toMatch(
      /^GET \/dashboard\?date_from=\d{4}-\d{2}-\d{2}&date_to=\d{4}-\d{2}-\d{2}$/,
    )
    expect(requests).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^GET \/messages-allMe\?fromMe=true&dateStart=/),
        expect.stringMatching(/^GET \/messages-allMe\?fromMe=false&dateStart=/),
      ]),
    )
    // Each card says what it means.
    expect(screen.getByRole('button', { name: 'O que é: Finalizados' })).toBeTruthy()
  }, 20_000)

  it('offers to read the counters again when they fail', async () => {
    serve({ failing: true })
    await renderPage()
    const heading = await screen.findByRole('heading', { name: 'Em atendimento' }, SLOW)
    const article = heading.closest('article')!
    // The query client retries once before it gives up.
    await waitFor(
      () => expect(within(article).getByText('Não foi possível carregar')).toBeTruthy(),
      {
        timeout: 10_000,
      },
    )
    serve()
    const user = userEvent.setup({ delay: null })
    await user.click(within(article).getByRole('button', { name: 'Tentar novamente' }))
    await waitFor(() => expect(card('Em atendimento')).toBe('7'), SLOW)
  }, 30_000)

  it('says "Parametrize o filtro" instead of reading a period that cannot be read', async () => {
    serve()
    const user = await renderPage()
    await waitFor(() => expect(card('Em atendimento')).toBe('7'), SLOW)
    const from = screen.getByRole('textbox', { name: /Data inicial/ })
    const to = screen.getByRole('textbox', { name: /Data final/ })
    await user.clear(from)
    await user.type(from, '10/05/2026')
    await user.clear(to)
    await user.type(to, '09/05/2026')
    requests = []
    await user.click(screen.getByRole('button', { name: 'Filtrar' }))
    expect(await screen.findByText('Parametrize o filtro', {}, SLOW)).toBeTruthy()
    expect(screen.getByText('A data final deve ser igual ou posterior à inicial')).toBeTruthy()
    expect(requests).toEqual([])

    await user.clear(to)
    await user.type(to, '12/05/2026')
    await user.click(screen.getByRole('button', { name: 'Filtrar' }))
    await waitFor(() =>
      expect(requests).toContain('GET /dashboard?date_from=2026-05-10&date_to=2026-05-12'),
    )
  }, 30_000)

  it('shows the NPS figures on their tab', async () => {
    serve()
    const user = await renderPage()
    await user.click(await screen.findByRole('tab', { name: 'NPS' }, SLOW))
    expect(await screen.findByRole('img', { name: /NPS 40: promotores 60%/ }, SLOW)).toBeTruthy()
    expect(card('Índice de avaliação')).toBe('66,7%')
    expect(card('Total de atendimentos')).toBe('30')
  }, 20_000)

  it('lists the attendants, charts their tickets with the data behind, and exports them', async () => {
    serve()
    const user = await renderPage()
    await user.click(await screen.findByRole('tab', { name: 'Atendentes' }, SLOW))
    const table = await screen.findByRole('table', { name: 'Desempenho dos atendentes' }, SLOW)
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      )
    expect(rows).toEqual([
      ['Ana', '9,00', '5', '12', '00h 03m', '01h 01m', 'Online'],
      ['Bruno', '0,00', '0', '0', '00h 00m', '00h 00m', 'Offline'],
    ])
    expect(
      await screen.findByRole('img', { name: /2 usuários; o maior é Ana, com 12/ }, SLOW),
    ).toBeTruthy()
    // The period of the per-day chart had no tickets.
    expect(await screen.findByText('Nenhum atendimento no período', {}, SLOW)).toBeTruthy()

    const createObjectURL = URL.createObjectURL
    const revokeObjectURL = URL.revokeObjectURL
    const downloads: string[] = []
    URL.createObjectURL = () => 'blob:sheet'
    URL.revokeObjectURL = () => undefined
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download)
    })
    try {
      await user.click(screen.getByRole('button', { name: 'Exportar' }))
      await waitFor(() => expect(downloads).toEqual(['relatorio-atendentes.xlsx']), SLOW)
    } finally {
      click.mockRestore()
      URL.createObjectURL = createObjectURL
      URL.revokeObjectURL = revokeObjectURL
    }
  }, 30_000)

  it("says 'Erro ao buscar informações dos tickets' when a chart fails", async () => {
    serve({ failing: true })
    const user = await renderPage()
    await user.click(await screen.findByRole('tab', { name: 'Atendentes' }, SLOW))
    expect(
      await screen.findByText('Erro ao buscar informações dos tickets', {}, { timeout: 10_000 }),
    ).toBeTruthy()
  }, 30_000)
})
