// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AxiosAdapter, AxiosResponse } from 'axios'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TagDto, TagList } from '@shared/contracts/tags'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { endSession, startSession } from '@renderer/lib/session'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { buildSessionUser } from '@tests/renderer/session'
import { TagsKanbanPage } from './TagsKanbanPage'

const lane = (id: number, overrides: Partial<TagDto> = {}): TagDto => ({
  id,
  name: `Etapa ${id}`,
  color: '#0B5394',
  kanban: 1,
  ticketsCount: 0,
  contactsCount: 0,
  ...overrides,
})

/** The server at the axios edge, holding the lanes; writes change them and are recorded. */
const serve = (initial: TagDto[], failList = false) => {
  let lanes = initial
  const calls: { method: string; url: string; params?: unknown; body?: unknown }[] = []
  const adapter: AxiosAdapter = (config) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : undefined
    calls.push({ method, url, params: config.params, body })
    const answer = (status: number, data: unknown): Promise<AxiosResponse> =>
      Promise.resolve({ status, data, statusText: '', headers: {}, config })
    if (method === 'get' && url === '/tags/') {
      if (failList) return Promise.reject(new Error('network down'))
      const list: TagList = { tags: lanes, count: lanes.length, hasMore: false, nextCursor: null }
      return answer(200, list)
    }
    if (method === 'get') return answer(200, { lista: lanes, tickets: [] })
    if (method === 'post' && url === '/tags') {
      const created = lane(99, body as Partial<TagDto>)
      lanes = [...lanes, created]
      return answer(201, created)
    }
    if (method === 'delete') {
      lanes = lanes.filter((row) => `/tags/${row.id}` !== url)
      return answer(200, { message: 'ok' })
    }
    return Promise.reject(new Error(`not served: ${method} ${url}`))
  }
  http.defaults.adapter = adapter
  return calls
}

const Location = () => <span data-testid="location">{useLocation().pathname}</span>

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

const renderPage = async (profile: 'admin' | 'user' = 'admin') => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile }) })
  disconnect = setToastSink((toast) => toasts.push(toast))
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <MemoryRouter initialEntries={['/TagsKanban']}>
          <Routes>
            <Route path="/TagsKanban" element={<TagsKanbanPage />} />
            <Route path="*" element={<Location />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
}

const table = () => screen.findByRole('table', { name: 'Colunas do Kanban' }, SLOW)

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
  await endSession({ callServer: false })
})

describe('TagsKanbanPage', () => {
  it('lists the lanes with their ticket counts, asking only for kanban tags', async () => {
    const calls = serve([lane(7, { name: 'Negociação', ticketsCount: 4 })])
    await renderPage()
    const [, row] = within(await table()).getAllByRole('row')
    expect(
      within(row!)
        .getAllByRole('cell')
        .slice(0, 2)
        .map((cell) => cell.textContent),
    ).toEqual(['Negociação', '4'])
    expect(calls[0]).toMatchObject({ method: 'get', url: '/tags/', params: { kanban: 1 } })
  })

  it('adds a column as a tag with kanban 1', async () => {
    const calls = serve([])
    await renderPage()
    expect(await screen.findByText('Nenhuma coluna', {}, SLOW)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar coluna' }))
    const dialog = await findDialog('Adicionar coluna do kanban')
    await userEvent.type(within(dialog).getByLabelText(/^Nome/), 'Proposta')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN }))

    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'post')).toEqual([
        {
          method: 'post',
          url: '/tags',
          params: undefined,
          body: { name: 'Proposta', color: '#A4CCCC', kanban: 1 },
        },
      ]),
    )
    expect(await within(await table()).findByText('Proposta', {}, SLOW)).toBeTruthy()
  })

  it('deletes a column after a confirmation', async () => {
    const calls = serve([lane(7, { name: 'Negociação' })])
    await renderPage()
    await userEvent.click(within(await table()).getByRole('button', { name: 'Excluir Negociação' }))
    const dialog = await findDialog('Excluir a coluna Negociação?')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sim', ...HIDDEN }))
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'delete').map((call) => call.url)).toEqual([
        '/tags/7',
      ]),
    )
    await waitFor(() =>
      expect(toasts).toContainEqual({ intent: 'success', message: 'Coluna Negociação excluída' }),
    )
  })

  it('offers no changes without dashboard:view, and goes back to the board', async () => {
    serve([lane(7)])
    await renderPage('user')
    await table()
    expect(screen.queryByRole('button', { name: 'Adicionar coluna' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Excluir Etapa 7' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Voltar para o Kanban' }))
    expect((await screen.findByTestId('location')).textContent).toBe('/Kanban')
  })

  it('shows an error with a retry when the lanes cannot be loaded', async () => {
    serve([], true)
    await renderPage()
    expect(await screen.findByText('Não foi possível carregar as colunas', {}, SLOW)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy()
  })
})
