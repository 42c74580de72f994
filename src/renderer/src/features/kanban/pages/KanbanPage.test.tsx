// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { KanbanLanes, KanbanTicketList } from '@shared/contracts/kanban'
import type { TagDto } from '@shared/contracts/tags'
import type { TicketDto } from '@shared/contracts/tickets'
import { http } from '@renderer/lib/http'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { endSession, startSession } from '@renderer/lib/session'
import { SLOW } from '@tests/renderer/dialogs'
import { buildSessionUser } from '@tests/renderer/session'
import { buildContact, buildTicket } from '@tests/renderer/tickets.fixtures'
import { toDay } from '../lanes'
import { KanbanPage } from './KanbanPage'

const lane = (id: number, name: string, color: string): TagDto => ({
  id,
  name,
  color,
  kanban: 1,
  ticketsCount: 0,
  contactsCount: 0,
})
const NEGOTIATION = lane(7, 'Negociação', '#FFD700')
const WON = lane(9, 'Ganho', '#0B5394')

const ticketsOf = (): TicketDto[] => [
  buildTicket({
    id: 100,
    contact: buildContact({ name: 'Maria Souza' }),
    lastMessage: 'Quero um orçamento',
    unreadMessages: 3,
    updatedAt: new Date().toISOString(),
  }),
  buildTicket({
    id: 101,
    contact: buildContact({ id: 11, name: 'João Lima' }),
    tags: [{ id: NEGOTIATION.id, name: NEGOTIATION.name, color: NEGOTIATION.color }],
    updatedAt: '2025-03-10T12:00:00.000Z',
  }),
]

interface Served {
  tickets: TicketDto[]
  requests: { method: string; url: string; params: unknown }[]
  /** Answers to PUT /ticket-tags: 201, or an error status. */
  moveStatus: number
  failTickets: boolean
  hasMore: boolean
  /** When set, PUT /ticket-tags waits until it is called. */
  holdMove: boolean
  release: () => void
}

/** The server at the axios edge. */
const serve = (overrides: Partial<Served> = {}): Served => {
  const served: Served = {
    tickets: ticketsOf(),
    requests: [],
    moveStatus: 201,
    failTickets: false,
    hasMore: false,
    holdMove: false,
    release: () => undefined,
    ...overrides,
  }
  const respond = (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    const answer = (status: number, data: unknown): Promise<AxiosResponse> =>
      status >= 400
        ? Promise.reject(
            Object.assign(new Error(`HTTP ${status}`), {
              isAxiosError: true,
              response: { status, data, statusText: '', headers: {}, config },
            }),
          )
        : Promise.resolve({ status, data, statusText: '', headers: {}, config })
    if (method === 'get' && url === '/tag/kanban/') {
      return answer(200, { lista: [NEGOTIATION, WON] } satisfies KanbanLanes)
    }
    if (method === 'get' && url === '/ticket/kanban') {
      if (served.failTickets) return answer(500, { error: 'ERR_INTERNAL' })
      const { tickets } = served
      return answer(200, {
        tickets,
        count: tickets.length,
        hasMore: served.hasMore,
      } satisfies KanbanTicketList)
    }
    if (method === 'put' && url.startsWith('/ticket-tags/')) {
      if (served.moveStatus >= 400) return answer(served.moveStatus, { error: 'ERR_NO_PERMISSION' })
      const [ticketId, tagId] = url.split('/').slice(2)
      const to = [NEGOTIATION, WON].find((candidate) => String(candidate.id) === tagId)
      served.tickets = served.tickets.map((ticket) =>
        String(ticket.id) === ticketId
          ? { ...ticket, tags: to ? [{ id: to.id, name: to.name, color: to.color }] : [] }
          : ticket,
      )
      return answer(201, {})
    }
    return Promise.reject(new Error(`not served: ${method} ${url}`))
  }
  const adapter: AxiosAdapter = (config) => {
    const method = config.method ?? 'get'
    const url = config.url ?? ''
    served.requests.push({ method, url, params: config.params })
    if (method !== 'put' || !served.holdMove) return respond(config)
    served.holdMove = false
    return new Promise<void>((resolve) => {
      served.release = resolve
    }).then(() => respond(config))
  }
  http.defaults.adapter = adapter
  return served
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
        <MemoryRouter initialEntries={['/Kanban']}>
          <Routes>
            <Route path="/Kanban" element={<KanbanPage />} />
            <Route path="*" element={<Location />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
}

const laneNamed = async (name: string) => {
  const heading = await screen.findByRole('heading', { name, level: 2 }, SLOW)
  const section = heading.closest<HTMLElement>('section')
  if (!section) throw new Error(`no lane ${name}`)
  return section
}

const cardIds = (section: HTMLElement) =>
  within(section)
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-label'))

/**
 * happy-dom lays nothing out: lanes are given 300 px side by side and each card sits inside
 * its lane, so that dnd-kit's keyboard moves and collisions can be measured.
 */
const layOut = () => {
  const original = Element.prototype.getBoundingClientRect
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const rect = (left: number, top: number, width: number, height: number) =>
      ({
        left,
        top,
        width,
        height,
        right: left + width,
        bottom: top + height,
        x: left,
        y: top,
      }) as DOMRect
    const laneElement = this.closest('[data-lane]')
    if (!laneElement) return rect(0, 0, 2000, 1000)
    const lanes = [...document.querySelectorAll('[data-lane]')]
    const left = lanes.indexOf(laneElement) * 320
    if (this === laneElement) return rect(left, 100, 300, 700)
    return rect(left + 10, 150, 280, 120)
  }
  return () => {
    Element.prototype.getBoundingClientRect = original
  }
}

// happy-dom rejects Fluent's cancelled animations; without `animate` they are skipped.
const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
const defaultAdapter = http.defaults.adapter
let restoreLayout: () => void = () => undefined
beforeAll(() => {
  Reflect.deleteProperty(Element.prototype, 'animate')
  restoreLayout = layOut()
})
afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
  http.defaults.adapter = defaultAdapter
  restoreLayout()
})
afterEach(async () => {
  cleanup()
  disconnect()
  toasts = []
  await endSession({ callServer: false })
})

describe('KanbanPage', () => {
  it("asks for today's open tickets of the user's queues and draws them in their lanes", async () => {
    const served = serve()
    await renderPage()
    const open = await laneNamed('Em aberto')
    await waitFor(() => expect(cardIds(open)).toEqual(['Ticket #100, Maria Souza']), SLOW)
    expect(cardIds(await laneNamed('Negociação'))).toEqual(['Ticket #101, João Lima'])
    expect(within(await laneNamed('Ganho')).getByText('Nenhum ticket')).toBeTruthy()

    const today = toDay(new Date())
    expect(served.requests).toContainEqual({
      method: 'get',
      url: '/ticket/kanban',
      params: { queueIds: '[1]', startDate: today, endDate: today },
    })

    const card = within(open).getByRole('article')
    expect(within(card).getByText('#100')).toBeTruthy()
    expect(within(card).getByText('Quero um orçamento')).toBeTruthy()
    expect(within(card).getByLabelText('Mensagens não lidas: 3')).toBeTruthy()
    expect(within(card).getByText('Principal')).toBeTruthy()
    expect(within(card).getByText('Ana')).toBeTruthy()
    expect(within(card).getByRole('link', { name: 'Ver Ticket' }).getAttribute('href')).toBe(
      '/tickets/00000000-0000-4000-8000-000000000100',
    )
    const other = within(await laneNamed('Negociação')).getByRole('article')
    expect(within(other).getByText('10/03/2025')).toBeTruthy()
  })

  it('shows the add-columns button only with dashboard:view, and it opens /TagsKanban', async () => {
    serve()
    await renderPage('user')
    await laneNamed('Em aberto')
    expect(screen.queryByRole('button', { name: '+ Adicionar colunas' })).toBeNull()
    cleanup()
    await endSession({ callServer: false })

    serve()
    await renderPage('admin')
    await userEvent.click(await screen.findByRole('button', { name: '+ Adicionar colunas' }, SLOW))
    expect((await screen.findByTestId('location')).textContent).toBe('/TagsKanban')
  })

  it('moves a card with the keyboard: Space, an arrow to the next lane, Space', async () => {
    const served = serve()
    await renderPage()
    const open = await laneNamed('Em aberto')
    const handle = await within(open).findByRole('button', { name: 'Arrastar o ticket #100' }, SLOW)
    handle.focus()
    await userEvent.keyboard('[Space]')
    await screen.findByText('Ticket #100, Maria Souza pego na coluna Em aberto.', {}, SLOW)
    // The sensor listens for the next keys after a turn of the event loop.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
    await userEvent.keyboard('[ArrowRight]')
    await screen.findByText('Ticket #100, Maria Souza sobre a coluna Negociação.', {}, SLOW)
    await userEvent.keyboard('[Space]')

    await waitFor(
      () =>
        expect(served.requests.filter((request) => request.method === 'put')).toEqual([
          { method: 'put', url: '/ticket-tags/100/7', params: undefined },
        ]),
      SLOW,
    )
    await waitFor(() =>
      expect(toasts).toContainEqual({
        intent: 'success',
        message: 'Ticket #100 movido para Negociação',
      }),
    )
  })

  it('leaves the card where it was when the keyboard move is cancelled with Escape', async () => {
    const served = serve()
    await renderPage()
    const open = await laneNamed('Em aberto')
    const handle = await within(open).findByRole('button', { name: 'Arrastar o ticket #100' }, SLOW)
    handle.focus()
    await userEvent.keyboard('[Space]')
    await screen.findByText('Ticket #100, Maria Souza pego na coluna Em aberto.', {}, SLOW)
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
    await userEvent.keyboard('[ArrowRight]')
    await screen.findByText('Ticket #100, Maria Souza sobre a coluna Negociação.', {}, SLOW)
    await userEvent.keyboard('[Escape]')
    await screen.findByText(
      'Movimento cancelado; Ticket #100, Maria Souza voltou para a coluna Em aberto.',
      {},
      SLOW,
    )
    expect(served.requests.filter((request) => request.method === 'put')).toEqual([])
    expect(cardIds(await laneNamed('Em aberto'))).toEqual(['Ticket #100, Maria Souza'])
  })

  it("moves a card back to the default lane with 'empty' from its move menu", async () => {
    const served = serve()
    await renderPage()
    const negotiation = await laneNamed('Negociação')
    await userEvent.click(within(negotiation).getByRole('button', { name: 'Mover para' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Em aberto' }, SLOW))

    await waitFor(() =>
      expect(served.requests.filter((request) => request.method === 'put')).toEqual([
        { method: 'put', url: '/ticket-tags/101/empty', params: undefined },
      ]),
    )
    // The card moves before the server answers.
    const open = await laneNamed('Em aberto')
    expect(cardIds(open)).toContain('Ticket #101, João Lima')
  })

  it('moves the card at once, then puts it back and says why when the move fails', async () => {
    const served = serve({ moveStatus: 403, holdMove: true })
    await renderPage()
    const open = await laneNamed('Em aberto')
    await waitFor(() => expect(cardIds(open)).toHaveLength(1), SLOW)
    await userEvent.click(within(open).getByRole('button', { name: 'Mover para' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Ganho' }, SLOW))

    await waitFor(async () =>
      expect(cardIds(await laneNamed('Ganho'))).toEqual(['Ticket #100, Maria Souza']),
    )
    expect(cardIds(await laneNamed('Em aberto'))).toEqual([])
    served.release()

    await waitFor(() => expect(toasts.map((toast) => toast.intent)).toEqual(['error']))
    expect(served.requests.filter((request) => request.method === 'put')).toEqual([
      { method: 'put', url: '/ticket-tags/100/9', params: undefined },
    ])
    await waitFor(async () =>
      expect(cardIds(await laneNamed('Em aberto'))).toEqual(['Ticket #100, Maria Souza']),
    )
    expect(cardIds(await laneNamed('Ganho'))).toEqual([])
  })

  it('says when more tickets match than the board shows', async () => {
    serve({ hasMore: true })
    await renderPage()
    expect(
      await screen.findByText('Mostrando os 400 mais recentes; refine as datas.', {}, SLOW),
    ).toBeTruthy()
  })

  it('shows an error with a retry when the board cannot be loaded', async () => {
    const served = serve({ failTickets: true })
    await renderPage()
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' }, SLOW)
    expect(screen.getByText('Não foi possível carregar o quadro')).toBeTruthy()
    served.failTickets = false
    await userEvent.click(retry)
    await waitFor(async () => expect(cardIds(await laneNamed('Em aberto'))).toHaveLength(1), SLOW)
  })

  it('searches the dates typed', async () => {
    const served = serve()
    await renderPage()
    await laneNamed('Em aberto')
    const start = screen.getByLabelText('Data de início')
    await userEvent.clear(start)
    await userEvent.type(start, '01/11/2026')
    const end = screen.getByLabelText('Data de fim')
    await userEvent.clear(end)
    await userEvent.type(end, '15/11/2026')
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }))
    await waitFor(() =>
      expect(served.requests).toContainEqual({
        method: 'get',
        url: '/ticket/kanban',
        params: { queueIds: '[1]', startDate: '2026-11-01', endDate: '2026-11-15' },
      }),
    )
  })
})
