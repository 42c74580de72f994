// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ListTicketsQuery, TicketList } from '@shared/contracts/tickets'
import { i18n } from '@renderer/lib/i18n'
import { endSession } from '@renderer/lib/session'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { buildSessionUser } from '@tests/renderer/session'
import { renderTicketsPage } from '@tests/renderer/tickets-page'
import { buildContact, buildPage, buildTicket } from '@tests/renderer/tickets.fixtures'
import * as api from '../api'

// Issue 15 (Major 10, 11): the row's one-click actions that lose work ask first, and the list
// is one tab stop, with the focus never dropped on <body> after an action.

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

vi.mock('../conversation/Conversation', () => ({
  Conversation: ({ ticketUuid }: { ticketUuid: string }) => (
    <section aria-label="conversation">{ticketUuid}</section>
  ),
}))

const mocked = vi.mocked(api)

// Fluent under happy-dom is slow, more so on a busy machine: time is not what these tests check.
vi.setConfig({ testTimeout: 60_000 })

const pending = (id: number, name: string) =>
  buildTicket({
    id,
    contactId: id,
    status: 'pending',
    userId: null,
    user: null,
    contact: buildContact({ id, name }),
    unreadMessages: 3,
  })
const mariana = pending(201, 'Mariana Alves')
const paulo = pending(202, 'Paulo Reis')

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
  mocked.listQueues.mockResolvedValue([])
  mocked.listConnections.mockResolvedValue([])
  mocked.listTags.mockResolvedValue([])
  mocked.listUsers.mockResolvedValue([])
})
afterEach(async () => {
  cleanup()
  disconnectToasts?.()
  await endSession({ callServer: false })
})

// Ignoring needs the permission: an admin has it.
const me = buildSessionUser({ id: 1, profile: 'admin', queueIds: [1] })

const openPendingTab = async () => {
  const page = await renderTicketsPage(me)
  disconnectToasts = page.disconnectToasts
  const user = userEvent.setup({ delay: null })
  await user.click(await screen.findByRole('tab', { name: /Aguardando/ }, SLOW))
  const row = await screen.findByRole('listitem', { name: /Mariana Alves/ }, SLOW)
  return { page, user, row }
}

describe('ticket row actions', () => {
  it('asks before ignoring; cancelling closes nothing and gives the focus back', async () => {
    serveLists({ pending: buildPage([mariana, paulo]) })
    const { user, row } = await openPendingTab()

    await user.click(within(row).getByRole('button', { name: 'Ignorar' }))
    const dialog = await findDialog('Ignorar este atendimento?')
    expect(dialog.textContent).toContain('Mariana Alves')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar', ...HIDDEN }))

    await waitFor(() => expect(dialog.isConnected).toBe(false), SLOW)
    expect(mocked.updateTicket).not.toHaveBeenCalled()
    expect(screen.getByRole('listitem', { name: /Mariana Alves/ })).toBeTruthy()
    await waitFor(() => expect(document.activeElement).not.toBe(document.body), SLOW)
  })

  it('ignores once confirmed, says so, and puts the focus on a row, not on <body>', async () => {
    serveLists({ pending: buildPage([mariana, paulo]) })
    mocked.updateTicket.mockResolvedValue({ ...mariana, status: 'closed' })
    const { page, user, row } = await openPendingTab()

    await user.click(within(row).getByRole('button', { name: 'Ignorar' }))
    const dialog = await findDialog('Ignorar este atendimento?')
    await user.click(within(dialog).getByRole('button', { name: 'Ignorar', ...HIDDEN }))

    await waitFor(() =>
      expect(mocked.updateTicket).toHaveBeenCalledWith(mariana.id, {
        status: 'closed',
        sendFarewellMessage: false,
        amountUsedBotQueues: 0,
      }),
    )
    await waitFor(
      () => expect(page.toasts).toContainEqual({ intent: 'success', message: 'Ticket ignorado.' }),
      SLOW,
    )
    await waitFor(
      () =>
        expect(document.activeElement?.closest('[data-ticket-row]')?.textContent).toContain(
          'Paulo Reis',
        ),
      SLOW,
    )
  })

  it('puts only the active row and its actions in the tab order', async () => {
    serveLists({ pending: buildPage([mariana, paulo]) })
    await openPendingTab()

    const [first, second] = screen.getAllByRole('listitem')
    expect(first!.tabIndex).toBe(0)
    expect(second!.tabIndex).toBe(-1)
    for (const button of within(first!).getAllByRole('button')) expect(button.tabIndex).toBe(0)
    for (const button of within(second!).getAllByRole('button')) expect(button.tabIndex).toBe(-1)
  })
})
