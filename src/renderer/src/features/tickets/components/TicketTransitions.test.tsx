// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ListTicketsQuery, TicketDto, TicketList } from '@shared/contracts/tickets'
import { i18n } from '@renderer/lib/i18n'
import { endSession } from '@renderer/lib/session'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { buildSessionUser, SUPPORT_QUEUE } from '@tests/renderer/session'
import { renderTicketsPage } from '@tests/renderer/tickets-page'
import { buildContact, buildPage, buildTicket } from '@tests/renderer/tickets.fixtures'
import * as api from '../api'
import { useTicketActions } from '../hooks/useTicketActions'
import { writeTicketEvent } from '../realtime'

// Issue 15 (minor 12, 15, 17): accept, close and transfer move the ticket before the server
// answers, and put it back when it refuses; the transfer dialog starts at the ticket's queue and
// its attendant, and says when it is done; the row's preview has no WhatsApp marks.

vi.mock('../api', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  listTickets: vi.fn(),
  updateTicket: vi.fn(),
  listQueues: vi.fn(),
  listConnections: vi.fn(),
  listTags: vi.fn(),
  listUsers: vi.fn(),
  saveTicketsManagerWidth: vi.fn(),
}))

/** The tickets the stand-in conversation can act on, by uuid. */
const onScreen = new Map<string, TicketDto>()

// The conversation's header is another feature's: a stand-in offers its Transfer action.
vi.mock('../conversation/Conversation', () => ({
  Conversation: ({ ticketUuid }: { ticketUuid: string }) => {
    const actions = useTicketActions()
    const ticket = onScreen.get(ticketUuid)
    return (
      <section aria-label="conversation">
        {ticket && (
          <button type="button" onClick={() => actions.transfer(ticket)}>
            Transferir atendimento
          </button>
        )}
      </section>
    )
  },
}))

const mocked = vi.mocked(api)

// Fluent under happy-dom is slow, more so on a busy machine: time is not what these tests check.
vi.setConfig({ testTimeout: 60_000 })

const SALES_QUEUE = { id: 2, name: 'Vendas', color: '#aa3300' }
const me = buildSessionUser({
  id: 1,
  name: 'Ana',
  queueIds: [1, 2],
  queues: [SUPPORT_QUEUE, SALES_QUEUE],
})
const bia = { id: 7, name: 'Bia', profile: 'user' as const, online: true, queues: [SALES_QUEUE] }

const mariana = buildTicket({
  id: 201,
  contactId: 201,
  status: 'pending',
  userId: null,
  user: null,
  contact: buildContact({ id: 201, name: 'Mariana Alves' }),
})

const serveLists = (lists: Partial<Record<string, TicketList>>) =>
  mocked.listTickets.mockImplementation((params: ListTicketsQuery) =>
    Promise.resolve(lists[params.status ?? ''] ?? buildPage([])),
  )

/** A request the test answers when it chooses. */
const deferred = <T,>() => {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

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
  onScreen.clear()
  mocked.listQueues.mockResolvedValue([SUPPORT_QUEUE, SALES_QUEUE])
  mocked.listConnections.mockResolvedValue([])
  mocked.listTags.mockResolvedValue([])
  mocked.listUsers.mockResolvedValue([
    { id: 1, name: 'Ana', profile: 'user', online: true, queues: [SUPPORT_QUEUE] },
    bia,
  ])
})
afterEach(async () => {
  cleanup()
  disconnectToasts?.()
  await endSession({ callServer: false })
})

const renderPage = async (path?: string) => {
  const page = await renderTicketsPage(me, path)
  disconnectToasts = page.disconnectToasts
  return { page, user: userEvent.setup({ delay: null }) }
}

const openTab = async (user: ReturnType<typeof userEvent.setup>, name: RegExp) => {
  await user.click(await screen.findByRole('tab', { name }, SLOW))
}

const rowsNamed = (name: RegExp) => screen.queryAllByRole('listitem', { name })

describe('ticket transitions', () => {
  it('takes an accepted ticket out of Aguardando before the server answers, and once only', async () => {
    serveLists({ pending: buildPage([mariana]) })
    const request = deferred<TicketDto>()
    mocked.updateTicket.mockReturnValue(request.promise)
    const { page, user } = await renderPage()
    await openTab(user, /Aguardando/)
    const row = await screen.findByRole('listitem', { name: /Mariana Alves/ }, SLOW)

    await user.click(within(row).getByRole('button', { name: 'Aceitar' }))

    expect(mocked.updateTicket).toHaveBeenCalledWith(mariana.id, {
      status: 'open',
      userId: me.id,
      queueId: SUPPORT_QUEUE.id,
    })
    await waitFor(() => expect(rowsNamed(/Mariana Alves/)).toHaveLength(0), SLOW)
    await openTab(user, /Atendendo/)
    expect(await screen.findByRole('listitem', { name: /Mariana Alves/ }, SLOW)).toBeTruthy()

    const answered = {
      ...mariana,
      status: 'open' as const,
      userId: 1,
      user: { id: 1, name: 'Ana' },
    }
    request.resolve(answered)
    await waitFor(() => expect(page.getByTestId('location').textContent).toContain(mariana.uuid))
    // The socket's copy of the same change follows the answer.
    writeTicketEvent(page.queryClient, { action: 'update', ticket: answered }, me)
    await waitFor(() => expect(rowsNamed(/Mariana Alves/)).toHaveLength(1), SLOW)
  })

  it('puts the ticket back in Aguardando and says why when the accept fails', async () => {
    serveLists({ pending: buildPage([mariana]) })
    const request = deferred<TicketDto>()
    mocked.updateTicket.mockReturnValue(request.promise)
    const { page, user } = await renderPage()
    await openTab(user, /Aguardando/)
    const row = await screen.findByRole('listitem', { name: /Mariana Alves/ }, SLOW)

    await user.click(within(row).getByRole('button', { name: 'Aceitar' }))
    await waitFor(() => expect(rowsNamed(/Mariana Alves/)).toHaveLength(0), SLOW)
    request.reject(new Error('network down'))

    expect(await screen.findByRole('listitem', { name: /Mariana Alves/ }, SLOW)).toBeTruthy()
    await waitFor(() =>
      expect(page.toasts).toContainEqual({ intent: 'error', message: 'Ocorreu um erro!' }),
    )
    expect(page.getByTestId('location').textContent).toBe('/tickets')
  })

  it('starts the transfer at the ticket’s queue and attendant, and confirms it', async () => {
    const held = buildTicket({
      id: 301,
      contactId: 301,
      contact: buildContact({ id: 301, name: 'Paulo Reis' }),
      queueId: SALES_QUEUE.id,
      queue: SALES_QUEUE,
      userId: bia.id,
      user: { id: bia.id, name: bia.name },
    })
    onScreen.set(held.uuid, held)
    serveLists({})
    mocked.updateTicket.mockResolvedValue({ ...held, status: 'pending', userId: null, user: null })
    const { page, user } = await renderPage(`/tickets/${held.uuid}`)

    await user.click(await screen.findByRole('button', { name: 'Transferir atendimento' }, SLOW))
    const dialog = await findDialog('Transferir atendimento')
    const [queue, attendant] = within(dialog).getAllByRole('combobox', HIDDEN)
    expect(queue!.textContent).toContain('Vendas')
    await waitFor(() => expect(attendant!.textContent).toContain('Bia'), SLOW)

    await user.click(within(dialog).getByRole('button', { name: 'Transferir', ...HIDDEN }))
    await waitFor(() =>
      expect(mocked.updateTicket).toHaveBeenCalledWith(
        held.id,
        expect.objectContaining({ queueId: SALES_QUEUE.id, userId: bia.id }),
      ),
    )
    await waitFor(
      () =>
        expect(page.toasts).toContainEqual({ intent: 'success', message: 'Ticket transferido.' }),
      SLOW,
    )
  })

  it('shows the last message without WhatsApp marks', async () => {
    const replied = buildTicket({
      id: 401,
      contactId: 401,
      contact: buildContact({ id: 401, name: 'Carlos Souza' }),
      lastMessage: '*Administrador:*\nOlá Carlos! Recebi seu comprovante',
    })
    serveLists({ open: buildPage([replied]) })
    await renderPage()

    const row = await screen.findByRole('listitem', { name: /Carlos Souza/ }, SLOW)
    expect(row.textContent).toContain('Administrador: Olá Carlos!')
    expect(row.textContent).not.toContain('*')
  })
})
