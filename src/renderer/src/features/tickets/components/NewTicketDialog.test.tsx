// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AxiosError, AxiosHeaders } from 'axios'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TicketConflict } from '@shared/contracts/tickets'
import { i18n } from '@renderer/lib/i18n'
import { endSession } from '@renderer/lib/session'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { findOption } from '@tests/renderer/options'
import { buildSessionUser } from '@tests/renderer/session'
import { renderTicketsPage } from '@tests/renderer/tickets-page'
import { buildContact, buildPage, buildTicket } from '@tests/renderer/tickets.fixtures'
import * as api from '../api'

vi.mock('../api', async (importOriginal) => {
  const actual = await importOriginal<typeof api>()
  return {
    ...actual,
    listTickets: vi.fn(),
    createTicket: vi.fn(),
    searchContacts: vi.fn(),
    listQueues: vi.fn(),
    listConnections: vi.fn(),
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

const maria = buildContact({ id: 10, name: 'Maria Souza', number: '5511999990000' })
const me = buildSessionUser({ id: 1, whatsappId: 3 })

/** The 409 of POST /tickets: its `error` is the active ticket as a JSON string. */
const conflictError = (conflict: TicketConflict) =>
  new AxiosError('conflict', 'ERR_BAD_REQUEST', undefined, undefined, {
    status: 409,
    statusText: '',
    headers: {},
    config: { headers: new AxiosHeaders() },
    data: { error: JSON.stringify(conflict) },
  })

const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
beforeAll(async () => {
  // Without `animate`, Fluent skips dialog motion (happy-dom rejects cancelled animations).
  Reflect.deleteProperty(Element.prototype, 'animate')
  await i18n.changeLanguage('pt-BR')
})
afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
})

let disconnectToasts: (() => void) | undefined
beforeEach(() => {
  vi.clearAllMocks()
  mocked.listTickets.mockResolvedValue(buildPage([]))
  mocked.listQueues.mockResolvedValue([{ id: 1, name: 'Suporte', color: '#0a7f5a' }])
  mocked.listConnections.mockResolvedValue([
    { id: 2, name: 'Vendas', channel: 'whatsapp' },
    { id: 3, name: 'Principal', channel: 'whatsapp' },
  ])
  mocked.searchContacts.mockResolvedValue([maria])
})
afterEach(async () => {
  cleanup()
  disconnectToasts?.()
  await endSession({ callServer: false })
})

/** Opens the dialog and fills it: a contact found by name, and the queue unless told not to. */
const fillDialog = async ({ chooseQueue = true } = {}) => {
  const page = await renderTicketsPage(me)
  disconnectToasts = page.disconnectToasts
  const user = userEvent.setup({ delay: null })
  await user.click(await screen.findByRole('button', { name: 'Novo' }, SLOW))
  const dialog = await findDialog('Novo atendimento')
  const save = within(dialog).getByRole('button', { name: 'Salvar', ...HIDDEN })
  expect(save).toHaveProperty('disabled', true)

  const contact = within(dialog).getByRole('combobox', { name: /Contato/, ...HIDDEN })
  await user.type(contact, 'Ma')
  expect(await findOption('Digite ao menos 3 caracteres')).toBeTruthy()
  await user.type(contact, 'r')
  await user.click(await findOption('Maria Souza (5511999990000)'))
  expect(mocked.searchContacts).toHaveBeenCalledTimes(1)
  expect(mocked.searchContacts.mock.calls[0]?.[0]).toBe('Mar')
  expect(save).toHaveProperty('disabled', false)

  if (chooseQueue) {
    await user.click(within(dialog).getByRole('combobox', { name: /Fila/, ...HIDDEN }))
    await user.click(await findOption('Suporte'))
  }
  return { page, user, dialog, save }
}

describe('NewTicketDialog', () => {
  it('requires a queue, then creates an open ticket on my connection and opens it', async () => {
    const created = buildTicket({ id: 300, contact: maria, userId: 1 })
    mocked.createTicket.mockResolvedValue(created)
    const { user, dialog, save } = await fillDialog({ chooseQueue: false })

    await user.click(save)
    expect(within(dialog).getByRole('alert', HIDDEN).textContent).toBe('Selecione uma fila')
    expect(mocked.createTicket).not.toHaveBeenCalled()

    await user.click(within(dialog).getByRole('combobox', { name: /Fila/, ...HIDDEN }))
    await user.click(await findOption('Suporte'))
    await user.click(save)

    expect(mocked.createTicket).toHaveBeenCalledWith({
      contactId: 10,
      queueId: 1,
      userId: 1,
      status: 'open',
      whatsappId: 3,
    })
    await waitFor(
      () => expect(screen.getByTestId('location').textContent).toBe(`/tickets/${created.uuid}`),
      SLOW,
    )
  })

  it('opens my own active ticket when the contact already has one', async () => {
    const uuid = '11111111-2222-4333-8444-555555555555'
    mocked.createTicket.mockRejectedValue(
      conflictError({
        userId: 1,
        user: { id: 1, name: 'Ana' },
        queue: { id: 1, name: 'Suporte', color: '#0a7f5a' },
        uuid,
        status: 'open',
      }),
    )
    const { user, save, page } = await fillDialog()

    await user.click(save)
    await waitFor(
      () => expect(screen.getByTestId('location').textContent).toBe(`/tickets/${uuid}`),
      SLOW,
    )
    expect(page.toasts).toEqual([])
  })

  it('names who holds the contact’s active ticket when it is someone else’s', async () => {
    mocked.createTicket.mockRejectedValue(
      conflictError({
        userId: 9,
        user: { id: 9, name: 'Bia' },
        queue: { id: 2, name: 'Vendas', color: '#3355aa' },
        uuid: '11111111-2222-4333-8444-555555555555',
        status: 'open',
      }),
    )
    const { user, save, page } = await fillDialog()

    await user.click(save)
    const info = await findDialog('Atendimento em andamento')
    expect(info.textContent).toContain(
      'Este contato já está sendo atendido por Bia na fila Vendas.',
    )
    expect(screen.getByTestId('location').textContent).toBe('/tickets')
    expect(page.toasts).toEqual([])
  })
})
