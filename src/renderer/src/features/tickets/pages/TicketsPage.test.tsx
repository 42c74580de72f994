// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { TICKET_COUNT_CAP, type ListTicketsQuery, type TicketList } from '@shared/contracts/tickets'
import { i18n } from '@renderer/lib/i18n'
import { endSession } from '@renderer/lib/session'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { buildSessionUser } from '@tests/renderer/session'
import { renderTicketsPage } from '@tests/renderer/tickets-page'
import { buildContact, buildPage, buildTicket } from '@tests/renderer/tickets.fixtures'
import * as api from '../api'

vi.mock('../api', async (importOriginal) => {
  const actual = await importOriginal<typeof api>()
  return {
    ...actual,
    listTickets: vi.fn(),
    updateTicket: vi.fn(),
    listQueues: vi.fn(),
    listConnections: vi.fn(),
    listTags: vi.fn(),
    listUsers: vi.fn(),
    saveTicketsManagerWidth: vi.fn(),
  }
})

vi.mock('../conversation/Conversation', () => ({
  Conversation: ({ ticketUuid }: { ticketUuid: string }) => (
    <section aria-label="conversation">{ticketUuid}</section>
  ),
}))

const mocked = vi.mocked(api)

// Fluent under happy-dom is slow, more so on a busy machine: time is not what these tests check.
vi.setConfig({ testTimeout: 60_000 })

const queues = [
  { id: 1, name: 'Suporte', color: '#0a7f5a' },
  { id: 2, name: 'Vendas', color: '#3355aa' },
]

const maria = buildTicket({
  id: 101,
  contactId: 10,
  contact: buildContact({ id: 10, name: 'Maria Souza' }),
  lastMessage: 'Preciso de ajuda com o meu pedido número 123456, por favor',
  unreadMessages: 2,
  tags: [
    { id: 1, name: 'VIP', color: '#aa0000' },
    { id: 2, name: 'Atraso', color: '#00aa00' },
    { id: 3, name: 'Novo', color: '#0000aa' },
  ],
  userRating: { rate: 5 },
})
const joao = buildTicket({
  id: 102,
  contactId: 11,
  status: 'pending',
  userId: null,
  user: null,
  queueId: null,
  queue: null,
  contact: buildContact({ id: 11, name: 'João Lima' }),
  lastMessage: 'Oi',
})

/** The server's lists by status; the pending tab has more tickets than the server counts. */
const serveLists = (lists: Partial<Record<string, TicketList>>) =>
  mocked.listTickets.mockImplementation((params: ListTicketsQuery) =>
    Promise.resolve(lists[params.status ?? ''] ?? buildPage([])),
  )

const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
beforeAll(async () => {
  // happy-dom's Animation rejects when Fluent cancels a dialog's motion; without `animate`,
  // Fluent skips the motion instead.
  Reflect.deleteProperty(Element.prototype, 'animate')
  await i18n.changeLanguage('pt-BR')
})
afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
})

let disconnectToasts: (() => void) | undefined
beforeEach(() => {
  vi.clearAllMocks()
  mocked.listQueues.mockResolvedValue(queues)
  mocked.listConnections.mockResolvedValue([])
  mocked.listTags.mockResolvedValue([])
  mocked.listUsers.mockResolvedValue([])
})
afterEach(async () => {
  cleanup()
  disconnectToasts?.()
  await endSession({ callServer: false })
})

const me = buildSessionUser({ id: 1, profile: 'admin', allowGroup: true, queueIds: [1] })

describe('TicketsPage', () => {
  it('lists the open tab with each row’s details and the tab counts', async () => {
    serveLists({
      open: buildPage([maria], { count: 1 }),
      pending: buildPage([joao], { count: TICKET_COUNT_CAP }),
      group: buildPage([], { count: 0 }),
    })
    const page = await renderTicketsPage(me)
    disconnectToasts = page.disconnectToasts

    const list = await screen.findByRole('list', { name: 'Atendimentos em andamento' }, SLOW)
    const [row] = within(list).getAllByRole('listitem')
    expect(row).toHaveProperty('textContent')
    const text = row!.textContent ?? ''
    expect(text).toContain('Maria Souza')
    // The last message is cut at 40 characters.
    expect(text).toContain('Preciso de ajuda com o meu pedido número…')
    expect(text).not.toContain('123456')
    expect(text).toContain('Suporte')
    expect(text).toContain('Principal')
    expect(text).toContain('VIP +2')
    // The assigned user shows to admins.
    expect(text).toContain('Ana')
    expect(within(row!).getByLabelText('Mensagens não lidas: 2')).toBeTruthy()
    expect(within(row!).getByLabelText('Avaliação: 5 de 5')).toBeTruthy()
    expect(within(row!).getByRole('button', { name: 'Devolver à fila' })).toBeTruthy()
    expect(within(row!).getByRole('button', { name: 'Resolver' })).toBeTruthy()

    const tabs = screen.getByRole('tab', { name: /Aguardando/ })
    await waitFor(() => expect(tabs.textContent).toContain(`${TICKET_COUNT_CAP}+`), SLOW)
    expect(screen.getByRole('tab', { name: /Atendendo/ }).textContent).toContain('1')
    expect(screen.getByRole('tab', { name: /Grupos/ }).textContent).toContain('0')

    const statuses = mocked.listTickets.mock.calls.map(([params]) => params.status).sort()
    expect(statuses).toEqual(['group', 'open', 'pending'])
    const [openParams, signal] = mocked.listTickets.mock.calls.find(
      ([params]) => params.status === 'open',
    )!
    expect(openParams).toEqual({
      status: 'open',
      pageNumber: 1,
      showAll: 'false',
      queueIds: '[1]',
      sortTickets: 'DESC',
    })
    expect(signal).toBeInstanceOf(AbortSignal)
  })

  it('says so when a tab is empty, and offers the welcome pane without a ticket', async () => {
    serveLists({})
    const page = await renderTicketsPage(me)
    disconnectToasts = page.disconnectToasts

    expect(await screen.findByText('Nada encontrado!', {}, SLOW)).toBeTruthy()
    expect(screen.getByText('Você não está atendendo ninguém nas filas selecionadas.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Selecionar ticket' })).toBeTruthy()
  })

  it('opens a ticket on click and with Enter, moving between rows with the arrow keys', async () => {
    const second = buildTicket({ id: 103, contactId: 12, contact: buildContact({ name: 'Rita' }) })
    serveLists({ open: buildPage([maria, second]) })
    const page = await renderTicketsPage(me)
    disconnectToasts = page.disconnectToasts
    const user = userEvent.setup({ delay: null })

    const rows = await screen.findAllByRole('listitem', {}, SLOW)
    await user.click(within(rows[0]!).getByText('Maria Souza'))
    expect(screen.getByTestId('location').textContent).toBe(`/tickets/${maria.uuid}`)
    expect(await screen.findByRole('region', { name: 'conversation' }, SLOW)).toBeTruthy()
    expect(rows[0]!.getAttribute('aria-current')).toBe('true')

    rows[0]!.focus()
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(document.activeElement).toBe(rows[1]), SLOW)
    await user.keyboard('{Enter}')
    expect(screen.getByTestId('location').textContent).toBe(`/tickets/${second.uuid}`)
  })

  it('switches to the search view while searching, with the text and the message option', async () => {
    serveLists({ open: buildPage([maria]), search: buildPage([joao]) })
    const page = await renderTicketsPage(me)
    disconnectToasts = page.disconnectToasts
    const user = userEvent.setup({ delay: null })

    await screen.findByRole('list', { name: 'Atendimentos em andamento' }, SLOW)
    await user.click(screen.getByRole('checkbox', { name: /conteúdo das mensagens/ }))
    await user.type(screen.getByRole('searchbox', { name: 'Buscar atendimentos' }), 'joão')

    const results = await screen.findByRole('list', { name: 'Resultado da busca' }, SLOW)
    expect(within(results).getByText('João Lima')).toBeTruthy()
    const [searchParams] = mocked.listTickets.mock.calls.find(
      ([params]) => params.status === 'search',
    )!
    expect(searchParams).toMatchObject({ searchParam: 'joão', searchOnMessages: 'true' })
    expect(screen.getByRole('tab', { name: 'Busca', selected: true })).toBeTruthy()

    await user.clear(screen.getByRole('searchbox', { name: 'Buscar atendimentos' }))
    expect(
      await screen.findByRole('list', { name: 'Atendimentos em andamento' }, SLOW),
    ).toBeTruthy()
  })
})

describe('TicketsPage transitions', () => {
  it('asks for a queue before accepting a ticket without one, then opens it', async () => {
    serveLists({ pending: buildPage([joao]) })
    const accepted = { ...joao, status: 'open' as const, userId: 1, queueId: 1, queue: queues[0]! }
    mocked.updateTicket.mockResolvedValue({ ...accepted, user: { id: 1, name: 'Ana' } })
    const page = await renderTicketsPage(me)
    disconnectToasts = page.disconnectToasts
    const user = userEvent.setup({ delay: null })

    await user.click(await screen.findByRole('tab', { name: /Aguardando/ }, SLOW))
    const row = await screen.findByRole('listitem', { name: /João Lima/ }, SLOW)
    await user.click(within(row).getByRole('button', { name: 'Aceitar' }))

    const dialog = await findDialog(/Aceitar o atendimento de João Lima/)
    const start = within(dialog).getByRole('button', { name: 'Iniciar', ...HIDDEN })
    expect(start).toHaveProperty('disabled', true)
    expect(mocked.updateTicket).not.toHaveBeenCalled()

    await user.click(within(dialog).getByRole('combobox', { name: /Fila/, ...HIDDEN }))
    await user.click(await screen.findByRole('option', { name: 'Suporte', ...HIDDEN }, SLOW))
    expect(start).toHaveProperty('disabled', false)
    await user.click(start)

    expect(mocked.updateTicket).toHaveBeenCalledWith(joao.id, {
      status: 'open',
      userId: 1,
      queueId: 1,
    })
    await waitFor(
      () => expect(screen.getByTestId('location').textContent).toBe(`/tickets/${joao.uuid}`),
      SLOW,
    )
    // The open tab is selected, and the accepted ticket moved into it.
    expect(await screen.findByRole('tab', { name: /Atendendo/, selected: true }, SLOW)).toBeTruthy()
    expect(
      await screen.findByRole('listitem', { name: /João Lima, Em atendimento/ }, SLOW),
    ).toBeTruthy()
  })

  it('names who holds a ticket someone else accepted first, and stays where it was', async () => {
    const pending = { ...joao, queueId: 1, queue: queues[0]! }
    serveLists({ pending: buildPage([pending]) })
    mocked.updateTicket.mockResolvedValue({
      ...pending,
      status: 'open',
      userId: 9,
      user: { id: 9, name: 'Bia' },
    })
    const page = await renderTicketsPage(me)
    disconnectToasts = page.disconnectToasts
    const user = userEvent.setup({ delay: null })

    await user.click(await screen.findByRole('tab', { name: /Aguardando/ }, SLOW))
    const row = await screen.findByRole('listitem', { name: /João Lima/ }, SLOW)
    await user.click(within(row).getByRole('button', { name: 'Aceitar' }))

    expect(mocked.updateTicket).toHaveBeenCalledWith(pending.id, {
      status: 'open',
      userId: 1,
      queueId: 1,
    })
    const info = await findDialog('Atendimento em andamento')
    expect(info.textContent).toContain(
      'Este contato já está sendo atendido por Bia na fila Suporte.',
    )
    expect(screen.getByTestId('location').textContent).toBe('/tickets')
  })

  it('closes without the farewell when asked, and shows the required-tag refusal', async () => {
    serveLists({ open: buildPage([maria]) })
    const { AxiosError, AxiosHeaders } = await import('axios')
    mocked.updateTicket.mockRejectedValueOnce(
      new AxiosError('refused', 'ERR_BAD_REQUEST', undefined, undefined, {
        status: 400,
        statusText: '',
        headers: {},
        config: { headers: new AxiosHeaders() },
        data: { error: 'ERR_TAG_REQUIRED' },
      }),
    )
    const page = await renderTicketsPage(me, `/tickets/${maria.uuid}`)
    disconnectToasts = page.disconnectToasts
    const user = userEvent.setup({ delay: null })

    const row = await screen.findByRole('listitem', { name: /Maria Souza/ }, SLOW)
    await user.click(within(row).getByRole('button', { name: 'Resolver' }))
    const dialog = await findDialog('Resolver atendimento')
    await user.click(
      within(dialog).getByRole('button', { name: 'Resolver sem despedida', ...HIDDEN }),
    )

    expect(mocked.updateTicket).toHaveBeenCalledWith(maria.id, {
      status: 'closed',
      sendFarewellMessage: false,
    })
    await waitFor(
      () =>
        expect(page.toasts).toContainEqual({
          intent: 'warning',
          message: 'Adicione uma tag ao contato antes de encerrar o ticket.',
        }),
      SLOW,
    )
    // Refused: the dialog stays for another try and the ticket stays open.
    expect(dialog.isConnected).toBe(true)
    expect(screen.getByTestId('location').textContent).toBe(`/tickets/${maria.uuid}`)

    mocked.updateTicket.mockResolvedValueOnce({ ...maria, status: 'closed' })
    await user.click(within(dialog).getByRole('button', { name: 'Resolver', ...HIDDEN }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/tickets'), SLOW)
    expect(mocked.updateTicket).toHaveBeenLastCalledWith(maria.id, {
      status: 'closed',
      sendFarewellMessage: true,
    })
  })
})
