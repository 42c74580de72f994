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
import { MemoryRouter, Route, Routes, useParams } from 'react-router'
import type { Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorBody } from '@shared/errors'
import type { FlowDto, FlowPage } from '@shared/contracts/flows'
import { companyEvent, type CompanyEventPayloads } from '@shared/realtime/events'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { setSocket } from '@renderer/lib/socket'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { buildSessionUser } from '@tests/renderer/session'
import { FlowsPage } from './FlowsPage'

/** A flow as the server lists it: active, named "Fluxo {id}" unless overridden. */
const flow = (id: number, overrides: Partial<FlowDto> = {}): FlowDto => ({
  id,
  name: `Fluxo ${id}`,
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
})

type Refusal = { status: number; body: ErrorBody & Record<string, unknown> }
type Write = { method: string; url: string; body: unknown }

interface ServeOptions {
  /** Answers every write with this error. */
  refuse?: Refusal
  /** How many list reads fail with a 500 first (the query client retries once). */
  failedListReads?: number
  /** Rows per page; every row on one page unless given. */
  pageSize?: number
}

const byName = (a: FlowDto, b: FlowDto) => a.name.localeCompare(b.name)

/**
 * The server at the axios edge, holding the flows (listed by name, searched by name, paged);
 * writes change them and are recorded, unless refused. `reads` records each list read's
 * search and page.
 */
const serve = (initial: FlowDto[], options: ServeOptions = {}) => {
  let rows = [...initial].sort(byName)
  let listReads = 0
  let nextId = 99
  const writes: Write[] = []
  const reads: { searchParam: string; pageNumber: number }[] = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : undefined
    const answer = (status: number, data: unknown): Promise<AxiosResponse> => {
      const response = { status, data, statusText: '', headers: {}, config }
      if (status < 400) return Promise.resolve(response)
      return Promise.reject(new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response))
    }
    if (method === 'get' && url === '/flowbuilder') {
      listReads += 1
      if (listReads <= (options.failedListReads ?? 0)) return answer(500, { error: 'ERR_INTERNAL' })
      const params = config.params as { searchParam?: string; pageNumber: number }
      const searchParam = params.searchParam ?? ''
      reads.push({ searchParam, pageNumber: params.pageNumber })
      const found = rows.filter((row) => row.name.toLowerCase().includes(searchParam.toLowerCase()))
      const size = options.pageSize ?? found.length
      const start = (params.pageNumber - 1) * size
      const page: FlowPage = {
        flows: found.slice(start, start + size),
        count: found.length,
        hasMore: start + size < found.length,
      }
      return answer(200, page)
    }
    writes.push({ method, url, body })
    if (options.refuse) return answer(options.refuse.status, options.refuse.body)
    if (method === 'post' && url === '/flowbuilder') {
      const created = flow(nextId++, { name: (body as { name: string }).name })
      rows = [...rows, created].sort(byName)
      return answer(200, created)
    }
    if (method === 'put' && url === '/flowbuilder') {
      const { flowId, name } = body as { flowId: number; name: string }
      const renamed = { ...rows.find((row) => row.id === flowId)!, name }
      rows = rows.map((row) => (row.id === flowId ? renamed : row)).sort(byName)
      return answer(200, renamed)
    }
    if (method === 'post' && url === '/flowbuilder/duplicate') {
      const source = rows.find((row) => row.id === (body as { flowId: number }).flowId)!
      const copy = flow(nextId++, { name: `${source.name} - cópia` })
      rows = [...rows, copy].sort(byName)
      return answer(200, copy)
    }
    const deleted = /^\/flowbuilder\/(\d+)$/.exec(url)
    if (method === 'delete' && deleted) {
      rows = rows.filter((row) => row.id !== Number(deleted[1]))
      return answer(200, { message: 'Flow deleted' })
    }
    return Promise.reject(new Error(`not served: ${method} ${url}`))
  }
  http.defaults.adapter = adapter
  return { writes, reads }
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

/** The server's `company-1-flowbuilder` event, as the company socket delivers it. */
const emitFlowEvent = (payload: CompanyEventPayloads['flowbuilder']) =>
  act(() => {
    for (const listener of socketListeners.get(companyEvent(1, 'flowbuilder')) ?? []) {
      listener(payload)
    }
  })

/** Where /flowbuilder/{id} leads: the editor, built elsewhere, stands in as its id. */
const EditorProbe = () => <p>{`Editor ${useParams().id ?? ''}`}</p>

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

const renderPage = async (profile: 'admin' | 'user' = 'admin') => {
  await startSession({ token: 'access-token', user: buildSessionUser({ profile }) })
  disconnect = setToastSink((toast) => toasts.push(toast))
  setSocket(fakeSocket)
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/flowbuilders']}>
          <Routes>
            <Route path="/flowbuilders" element={<FlowsPage />} />
            <Route path="/flowbuilder/:id" element={<EditorProbe />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
  return userEvent.setup({ delay: null })
}

const table = () => screen.findByRole('table', { name: 'Fluxos de conversa', ...HIDDEN }, SLOW)

/** Each body row's cells (name and status), read under an open dialog too. */
const rowTexts = async () =>
  within(await table())
    .getAllByRole('row', HIDDEN)
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell', HIDDEN)
        .slice(0, 2)
        .map((cell) => cell.textContent),
    )

const rowNames = async () => (await rowTexts()).map(([name]) => name)

/** Opens the row menu of `name` and picks `item`. */
const pickFromMenu = async (
  user: ReturnType<typeof userEvent.setup>,
  name: string,
  item: string,
) => {
  await user.click(within(await table()).getByRole('button', { name: `Ações de ${name}` }))
  await user.click(await screen.findByRole('menuitem', { name: item }, SLOW))
}

const nameBox = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: /^Nome/, ...HIDDEN })

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
  setSocket(null)
  socketListeners.clear()
  await endSession({ callServer: false })
})

describe('FlowsPage (002 §2.14)', () => {
  it('lists each flow by name with its status, under its headers', async () => {
    serve([flow(2, { name: 'Vendas', active: false }), flow(1, { name: 'Boas-vindas' })])
    await renderPage()
    expect(await screen.findByRole('heading', { name: 'Fluxos de conversa' }, SLOW)).toBeTruthy()
    const [header] = within(await table()).getAllByRole('row')
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nome', 'Status', 'Ações'])
    expect(await rowTexts()).toEqual([
      ['Boas-vindas', 'Ativo'],
      ['Vendas', 'Desativado'],
    ])
    expect(screen.getByRole('link', { name: 'Vendas' }).getAttribute('href')).toBe('/flowbuilder/2')
  })

  it('asks the server once the search has stopped changing, and shows what it found', async () => {
    const { reads } = serve([flow(1, { name: 'Boas-vindas' }), flow(2, { name: 'Vendas' })])
    const user = await renderPage()
    await table()
    // Typed at a person's pace: each key a moment after the other, well within the debounce.
    await userEvent
      .setup({ delay: 50 })
      .type(screen.getByRole('searchbox', { name: 'Pesquisar fluxos' }), 'ven')
    await waitFor(async () => expect(await rowNames()).toEqual(['Vendas']), SLOW)
    expect(reads.map((read) => read.searchParam)).toEqual(['', 'ven'])

    await user.clear(screen.getByRole('searchbox', { name: 'Pesquisar fluxos' }))
    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar fluxos' }), 'xyz')
    expect(await screen.findByText('Nenhum fluxo encontrado', {}, SLOW)).toBeTruthy()
  }, 20_000)

  it('loads the next page near the bottom of the list', async () => {
    const { reads } = serve(
      Array.from({ length: 15 }, (_, index) =>
        flow(index + 1, { name: `Fluxo ${String(index + 1).padStart(2, '0')}` }),
      ),
      { pageSize: 10 },
    )
    await renderPage()
    // happy-dom lays nothing out: the list is always at its bottom, so page 2 follows page 1
    // (15 rows, all drawn: the table virtualises above 20).
    await waitFor(async () => expect(await rowNames()).toHaveLength(15), SLOW)
    expect(reads.map((read) => read.pageNumber)).toEqual([1, 2])
    expect((await rowNames()).at(-1)).toBe('Fluxo 15')
    expect(screen.getByText('(15)')).toBeTruthy()
  }, 20_000)

  it('offers to add the first flow when there is none', async () => {
    serve([])
    await renderPage()
    const empty = await screen.findByText('Nenhum fluxo ainda', {}, SLOW)
    const status = empty.closest<HTMLElement>('[role="status"]')!
    expect(within(status).getByRole('button', { name: 'Adicionar Fluxo' })).toBeTruthy()
  })

  it('shows why the list failed, and loads it on retry', async () => {
    serve([flow(1, { name: 'Vendas' })], { failedListReads: 2 })
    const user = await renderPage()
    expect(await screen.findByText('Não foi possível carregar os fluxos', {}, SLOW)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await rowNames()).toEqual(['Vendas'])
  }, 20_000)

  it('opens a flow from a click on its row, and from Enter on its name', async () => {
    serve([flow(4, { name: 'Vendas' }), flow(7, { name: 'Suporte' })])
    const user = await renderPage()
    const status = within(await table()).getAllByText('Ativo')[1]!
    await user.click(status)
    expect(await screen.findByText('Editor 4', {}, SLOW)).toBeTruthy()

    cleanup()
    await endSession({ callServer: false })
    const again = await renderPage()
    within(await table())
      .getByRole('link', { name: 'Suporte' })
      .focus()
    await again.keyboard('{Enter}')
    expect(await screen.findByText('Editor 7', {}, SLOW)).toBeTruthy()
  }, 20_000)

  it('checks the new name with the spec’s messages, creates the flow and opens its editor', async () => {
    const { writes } = serve([flow(1, { name: 'Boas-vindas' })])
    const user = await renderPage()
    await table()
    await user.click(screen.getByRole('button', { name: 'Adicionar Fluxo' }))
    const dialog = await findDialog('Adicionar fluxo')
    const add = within(dialog).getByRole('button', { name: 'Adicionar', ...HIDDEN })

    await user.click(add)
    expect(await within(dialog).findByText('Digite um nome!', {}, SLOW)).toBeTruthy()
    await user.type(nameBox(dialog), 'V')
    await user.click(add)
    expect(await within(dialog).findByText('Muito curto!', {}, SLOW)).toBeTruthy()
    await user.type(nameBox(dialog), 'x'.repeat(50))
    await user.click(add)
    expect(await within(dialog).findByText('Muito longo!', {}, SLOW)).toBeTruthy()
    expect(writes).toEqual([])

    await user.clear(nameBox(dialog))
    await user.type(nameBox(dialog), '  Vendas  {Enter}')
    await waitFor(() =>
      expect(writes).toEqual([{ method: 'post', url: '/flowbuilder', body: { name: 'Vendas' } }]),
    )
    expect(await screen.findByText('Editor 99', {}, SLOW)).toBeTruthy()
    expect(toasts).toContainEqual({ intent: 'success', message: 'Fluxo criado com sucesso' })
  }, 30_000)

  it('renames a flow, showing a taken name on the name field', async () => {
    const { writes } = serve([flow(1, { name: 'Boas-vindas' }), flow(2, { name: 'Vendas' })], {
      refuse: { status: 409, body: { error: 'ERR_DUPLICATED_FLOW' } },
    })
    const user = await renderPage()
    await pickFromMenu(user, 'Vendas', 'Editar nome')
    const dialog = await findDialog('Editar nome')
    expect((nameBox(dialog) as HTMLInputElement).value).toBe('Vendas')
    await user.clear(nameBox(dialog))
    await user.type(nameBox(dialog), 'Boas-vindas')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar', ...HIDDEN }))
    expect(
      await within(dialog).findByText('Já existe um fluxo com este nome.', {}, SLOW),
    ).toBeTruthy()
    expect(writes).toEqual([
      { method: 'put', url: '/flowbuilder', body: { flowId: 2, name: 'Boas-vindas' } },
    ])
    expect(toasts).toEqual([])
  }, 30_000)

  it('renames a flow and moves it to its place by name', async () => {
    const { writes } = serve([flow(1, { name: 'Boas-vindas' }), flow(2, { name: 'Vendas' })])
    const user = await renderPage()
    await pickFromMenu(user, 'Vendas', 'Editar nome')
    const dialog = await findDialog('Editar nome')
    await user.clear(nameBox(dialog))
    await user.type(nameBox(dialog), 'Atendimento{Enter}')
    await waitFor(() =>
      expect(writes).toEqual([
        { method: 'put', url: '/flowbuilder', body: { flowId: 2, name: 'Atendimento' } },
      ]),
    )
    await waitFor(async () => expect(await rowNames()).toEqual(['Atendimento', 'Boas-vindas']))
    expect(toasts).toContainEqual({
      intent: 'success',
      message: 'Nome do fluxo alterado com sucesso',
    })
    // A rename stays on the list.
    expect(screen.queryByText(/^Editor/)).toBeNull()
  }, 30_000)

  it('opens the editor from the menu', async () => {
    serve([flow(3, { name: 'Vendas' })])
    const user = await renderPage()
    await pickFromMenu(user, 'Vendas', 'Editar fluxo')
    expect(await screen.findByText('Editor 3', {}, SLOW)).toBeTruthy()
  }, 20_000)

  it('duplicates a flow after the confirmation', async () => {
    const { writes } = serve([flow(3, { name: 'Vendas' })])
    const user = await renderPage()
    await pickFromMenu(user, 'Vendas', 'Duplicar')
    const confirm = await findDialog('Duplicar Vendas?')
    expect(within(confirm).getByText('Tem certeza que deseja duplicar este fluxo?')).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'Sim', ...HIDDEN }))
    await waitFor(() =>
      expect(writes).toEqual([
        { method: 'post', url: '/flowbuilder/duplicate', body: { flowId: 3 } },
      ]),
    )
    expect(toasts).toContainEqual({ intent: 'success', message: 'Fluxo duplicado com sucesso' })
    await waitFor(async () => expect(await rowNames()).toEqual(['Vendas', 'Vendas - cópia']))
  }, 20_000)

  it('deletes a flow after the confirmation', async () => {
    const { writes } = serve([flow(3, { name: 'Vendas' }), flow(4, { name: 'Suporte' })])
    const user = await renderPage()
    await pickFromMenu(user, 'Vendas', 'Excluir')
    const confirm = await findDialog('Excluir Vendas?')
    expect(
      within(confirm).getByText(
        'Tem certeza que deseja deletar este fluxo? Todas as integrações relacionados serão perdidos.',
      ),
    ).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'Sim', ...HIDDEN }))
    await waitFor(() =>
      expect(writes).toEqual([{ method: 'delete', url: '/flowbuilder/3', body: undefined }]),
    )
    expect(toasts).toContainEqual({ intent: 'success', message: 'Fluxo excluído com sucesso' })
    await waitFor(async () => expect(await rowNames()).toEqual(['Suporte']))
  }, 20_000)

  it('names the connections and phrase campaigns that keep a flow from being deleted', async () => {
    serve([flow(3, { name: 'Vendas' })], {
      refuse: {
        status: 409,
        body: {
          error: 'ERR_FLOW_IN_USE',
          usedBy: {
            connections: ['WhatsApp Loja'],
            phraseCampaigns: ['Promoção', 'Black Friday'],
            queues: [],
            options: [],
            activeTickets: 0,
          },
        },
      },
    })
    const user = await renderPage()
    await pickFromMenu(user, 'Vendas', 'Excluir')
    await user.click(
      within(await findDialog('Excluir Vendas?')).getByRole('button', { name: 'Sim', ...HIDDEN }),
    )
    const refusal = await findDialog('Vendas está em uso')
    const groups = within(refusal)
      .getAllByRole('heading', HIDDEN)
      .filter((heading) => heading.tagName === 'H3')
      .map((heading) => heading.textContent)
    expect(groups).toEqual(['Conexão', 'Campanhas por frase (2)'])
    expect(
      within(refusal)
        .getAllByRole('listitem', HIDDEN)
        .map((item) => item.textContent),
    ).toEqual(['WhatsApp Loja', 'Promoção', 'Black Friday'])
    expect(toasts).toEqual([])
    expect(await rowNames()).toEqual(['Vendas'])
  }, 20_000)

  it('rewrites its rows as the server reports flows created, changed and deleted', async () => {
    serve([flow(1, { name: 'Boas-vindas' }), flow(2, { name: 'Vendas' })])
    await renderPage()
    expect(await rowNames()).toEqual(['Boas-vindas', 'Vendas'])
    await waitFor(() =>
      expect(socketListeners.get(companyEvent(1, 'flowbuilder'))?.size).toBeGreaterThan(0),
    )

    emitFlowEvent({ action: 'create', flow: flow(9, { name: 'Cobrança' }) })
    await waitFor(async () =>
      expect(await rowNames()).toEqual(['Boas-vindas', 'Cobrança', 'Vendas']),
    )

    emitFlowEvent({ action: 'update', flow: flow(1, { name: 'Zeladoria', active: false }) })
    await waitFor(async () =>
      expect(await rowTexts()).toEqual([
        ['Cobrança', 'Ativo'],
        ['Vendas', 'Ativo'],
        ['Zeladoria', 'Desativado'],
      ]),
    )

    emitFlowEvent({ action: 'delete', flowId: 2 })
    await waitFor(async () => expect(await rowNames()).toEqual(['Cobrança', 'Zeladoria']))
    expect(screen.getByText('(2)')).toBeTruthy()
  }, 20_000)

  it('shows the no-access view to a profile user, who never lists the flows', async () => {
    const { reads } = serve([flow(4)])
    await renderPage('user')
    expect(await screen.findByText('Oops! Acesso Negado!', {}, SLOW)).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
    expect(reads).toEqual([])
  })
})
