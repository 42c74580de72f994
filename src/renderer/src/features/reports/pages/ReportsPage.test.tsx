// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {
  AxiosError,
  CanceledError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ReportRow } from '@shared/contracts/reports'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { findOption } from '@tests/renderer/options'
import { buildSessionUser } from '@tests/renderer/session'
import { ReportsPage } from './ReportsPage'

const buildRow = (id: number): ReportRow => ({
  id,
  uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  whatsappName: 'Comercial',
  contactName: `Contato ${id}`,
  userName: 'Ana',
  queueName: id % 2 === 0 ? '' : 'Suporte',
  lastMessage: 'Obrigado!',
  status: id % 2 === 0 ? 'ABERTO' : 'FECHADO',
  createdAt: '01/11/2026 09:30',
  closedAt: id % 2 === 0 ? '' : '01/11/2026 10:00',
  supportTime: id % 2 === 0 ? '0' : '0 d, 0 hrs e 30 m',
  NPS: id % 2 === 0 ? 0 : 9,
})

/** Every report request the page made, as its query parameters. */
let reportRequests: Record<string, unknown>[] = []
let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

/**
 * The server at the axios edge: `total` report rows served page by page (null: a failure),
 * and the pickers' lists.
 */
const serve = (served: { total: number | null; exportHangs?: boolean }) => {
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? ''
    const params = (config.params ?? {}) as Record<string, unknown>
    const answer = (status: number, data: unknown, headers = {}): Promise<AxiosResponse> => {
      const response = { status, data, statusText: '', headers, config }
      if (status < 400) return Promise.resolve(response)
      return Promise.reject(new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response))
    }
    if (url === '/ticketreport/reports') {
      reportRequests.push(params)
      if (served.total === null) return answer(500, { error: 'ERR_INTERNAL' })
      const page = Number(params.page)
      const pageSize = Number(params.pageSize)
      const ids = Array.from({ length: served.total }, (_, index) => index + 1)
      return answer(200, {
        tickets: ids.slice((page - 1) * pageSize, page * pageSize).map(buildRow),
        totalTickets: { total: String(served.total) },
      })
    }
    if (url === '/ticketreport/reports/export') {
      reportRequests.push({ export: true, ...params })
      if (served.exportHangs) {
        config.onDownloadProgress?.({ loaded: 2048, bytes: 2048, lengthComputable: false })
        // Answers only the cancel, as axios does when its signal aborts.
        return new Promise((_resolve, reject) => {
          const signal = config.signal as AbortSignal
          signal.addEventListener('abort', () =>
            reject(new CanceledError(undefined, undefined, config)),
          )
        })
      }
      return answer(200, new Blob(['xlsx']), { 'x-report-rows': String(served.total) })
    }
    if (url === '/whatsapp') return answer(200, [{ id: 2, name: 'Comercial', channel: 'whatsapp' }])
    if (url === '/users/list') return answer(200, [])
    if (url === '/queue') return answer(200, [{ id: 1, name: 'Suporte', color: '#0a7f5a' }])
    return Promise.reject(new Error(`not served: ${url}`))
  }
  http.defaults.adapter = adapter
}

const renderPage = async () => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile: 'admin' }) })
  disconnect = setToastSink((toast) => toasts.push(toast))
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/reports']}>
          <Routes>
            <Route path="/reports" element={<ReportsPage />} />
            <Route path="/tickets/:ticketId" element={<p>ticket</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
  return userEvent.setup({ delay: null })
}

const table = () => screen.findByRole('table', { name: 'Atendimentos' }, SLOW)
const contactNames = async () =>
  within(await table())
    .getAllByRole('row', HIDDEN)
    .slice(1)
    .map((row) => within(row).getAllByRole('cell', HIDDEN)[2]?.textContent)
const lastRequest = () => reportRequests.at(-1)

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
  toasts = []
  reportRequests = []
  await endSession({ callServer: false })
})

describe('ReportsPage (002 §2.23)', () => {
  it('shows the first page of ten with the total and the server texts', async () => {
    serve({ total: 12 })
    await renderPage()
    await waitFor(async () => expect(await contactNames()).toHaveLength(10), SLOW)
    expect(lastRequest()).toEqual({ onlyRated: 'false', page: 1, pageSize: 10 })
    const first = within(await table()).getAllByRole('row', HIDDEN)[1]!
    expect(
      within(first)
        .getAllByRole('cell', HIDDEN)
        .slice(0, 11)
        .map((cell) => cell.textContent),
    ).toEqual([
      '1',
      'Comercial',
      'Contato 1',
      'Ana',
      'Suporte',
      'Fechado',
      'Obrigado!',
      '01/11/2026 09:30',
      '01/11/2026 10:00',
      '0 d, 0 hrs e 30 m',
      '9',
    ])
    expect(screen.getByText('12 atendimentos')).toBeTruthy()
    expect(screen.getByText('Página 1 de 2')).toBeTruthy()
  })

  it('changes the page size and the page', async () => {
    serve({ total: 12 })
    const user = await renderPage()
    await waitFor(async () => expect(await contactNames()).toHaveLength(10), SLOW)

    await user.click(screen.getByRole('combobox', { name: 'Por página' }))
    await user.click(await findOption('5'))
    await waitFor(async () => expect(await contactNames()).toHaveLength(5), SLOW)
    expect(lastRequest()).toMatchObject({ page: 1, pageSize: 5 })
    expect(screen.getByText('Página 1 de 3')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Última página' }))
    await waitFor(async () => expect(await contactNames()).toEqual(['Contato 11', 'Contato 12']))
    expect(lastRequest()).toMatchObject({ page: 3, pageSize: 5 })
    expect(screen.getByText('Página 3 de 3')).toBeTruthy()
  })

  it('asks again with the filters from the first page', async () => {
    serve({ total: 12 })
    const user = await renderPage()
    await waitFor(async () => expect(await contactNames()).toHaveLength(10), SLOW)
    await user.click(screen.getByRole('button', { name: 'Próxima página' }))
    await waitFor(() => expect(lastRequest()).toMatchObject({ page: 2 }))

    await user.click(screen.getByRole('combobox', { name: 'Filas' }))
    // A multiselect's choices are checkable menu items in Fluent.
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Sem fila' }, SLOW))
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('checkbox', { name: 'Somente avaliados' }))
    await user.click(screen.getByRole('button', { name: 'Filtrar' }))
    await waitFor(() =>
      expect(lastRequest()).toEqual({
        onlyRated: 'true',
        queueIds: '[0]',
        page: 1,
        pageSize: 10,
      }),
    )
  }, 20_000)

  it('says when the period has no attendances', async () => {
    serve({ total: 0 })
    await renderPage()
    expect(await screen.findByText('Nenhum atendimento no período', {}, SLOW)).toBeTruthy()
  })

  it('offers a retry when the report fails', async () => {
    serve({ total: null })
    const user = await renderPage()
    const retry = await screen.findByRole(
      'button',
      { name: 'Tentar novamente' },
      { timeout: 15_000 },
    )
    serve({ total: 3 })
    await user.click(retry)
    await waitFor(async () => expect(await contactNames()).toHaveLength(3), SLOW)
  }, 20_000)

  it('exports the filters without the page and saves the sheet', async () => {
    serve({ total: 12 })
    const downloads: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download)
    })
    try {
      const user = await renderPage()
      await waitFor(async () => expect(await contactNames()).toHaveLength(10), SLOW)
      await user.click(screen.getByRole('button', { name: 'Exportar para Excel' }))
      await waitFor(() => expect(downloads).toEqual(['relatorio-atendimentos.xlsx']), SLOW)
      expect(lastRequest()).toEqual({ export: true, onlyRated: 'false' })
      expect(toasts).toEqual([])
    } finally {
      click.mockRestore()
    }
  })

  it('shows the export under way and cancels it without saving or complaining', async () => {
    serve({ total: 12, exportHangs: true })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    try {
      const user = await renderPage()
      await waitFor(async () => expect(await contactNames()).toHaveLength(10), SLOW)
      await user.click(screen.getByRole('button', { name: 'Exportar para Excel' }))
      expect(await screen.findByText('Exportando para Excel…', {}, SLOW)).toBeTruthy()
      expect(screen.getByText('2 KB recebidos')).toBeTruthy()
      await user.click(screen.getByRole('button', { name: 'Cancelar' }))
      await waitFor(() => expect(screen.queryByText('Exportando para Excel…')).toBeNull())
      expect(click).not.toHaveBeenCalled()
      expect(toasts).toEqual([])
    } finally {
      click.mockRestore()
    }
  })
})
