// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AxiosError, AxiosHeaders } from 'axios'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MessageDto, MessageList } from '@shared/contracts/messages'
import type { TicketDto } from '@shared/contracts/tickets'
import { i18n } from '@renderer/lib/i18n'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { endSession, startSession } from '@renderer/lib/session'
import { findDialog, HIDDEN, SLOW } from '@tests/renderer/dialogs'
import { buildSessionUser } from '@tests/renderer/session'
import { buildMessage, buildOwnMessage, buildTicket } from '@tests/renderer/tickets.fixtures'
import * as ticketsApi from '../api'
import { TicketActionsProvider } from '../components/TicketActionsProvider'
import * as api from './api'
import { Conversation } from './Conversation'

vi.mock('./api', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  getTicketByUuid: vi.fn(),
  listMessages: vi.fn(),
  markTicketRead: vi.fn(),
  retrySend: vi.fn(),
}))

vi.mock('../api', async (importOriginal) => ({
  ...(await importOriginal<typeof ticketsApi>()),
  updateTicket: vi.fn(),
}))

const getTicketByUuid = vi.mocked(api.getTicketByUuid)
const listMessages = vi.mocked(api.listMessages)
const markTicketRead = vi.mocked(api.markTicketRead)
const retrySend = vi.mocked(api.retrySend)
const updateTicket = vi.mocked(ticketsApi.updateTicket)

const serve = (ticket: TicketDto, messages: MessageDto[]) => {
  getTicketByUuid.mockResolvedValue(ticket)
  const page: MessageList = {
    messages,
    ticket,
    count: messages.length,
    hasMore: false,
    nextCursor: null,
  }
  listMessages.mockResolvedValue(page)
}

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

const renderConversation = async (ticket: TicketDto) => {
  await startSession({ token: 'access-token', user: buildSessionUser({ id: 1, name: 'Ana' }) })
  const onBack = vi.fn()
  const onLeaveTicket = vi.fn()
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <TicketActionsProvider
          currentTicketUuid={ticket.uuid}
          onShowTicket={vi.fn()}
          onLeaveTicket={onLeaveTicket}
        >
          <Conversation ticketUuid={ticket.uuid} onBack={onBack} />
        </TicketActionsProvider>
      </QueryClientProvider>
    </FluentProvider>,
  )
  return { onBack, onLeaveTicket }
}

/** A button of the header's toolbar, once the ticket is loaded. */
const headerAction = async (name: string) =>
  within(await screen.findByRole('toolbar', { name: 'Ações do ticket' }, SLOW)).getByRole(
    'button',
    { name },
  )

// happy-dom rejects Fluent's cancelled animations; without `animate` they are skipped.
const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
beforeAll(async () => {
  Reflect.deleteProperty(Element.prototype, 'animate')
  await i18n.changeLanguage('pt-BR')
})
afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
})

beforeEach(() => {
  toasts = []
  disconnect = setToastSink((toast) => toasts.push(toast))
  markTicketRead.mockResolvedValue(undefined)
})

afterEach(async () => {
  cleanup()
  disconnect()
  vi.clearAllMocks()
  await endSession({ callServer: false })
})

describe('Conversation', () => {
  it('shows the history with its separators, notes and deleted messages', async () => {
    const now = Date.now()
    const ticket = buildTicket()
    const previousTicket = { id: 40, uuid: 'p', whatsappId: 1, queueId: null, queue: null }
    serve(ticket, [
      buildMessage({
        id: 1,
        body: 'Chamado antigo',
        ticketId: 40,
        ticket: previousTicket,
        createdAt: new Date(now - 60_000 * 4).toISOString(),
      }),
      buildMessage({ id: 2, body: 'Oi', createdAt: new Date(now - 60_000 * 3).toISOString() }),
      buildOwnMessage(1, {
        id: 3,
        body: 'Cliente VIP',
        isPrivate: true,
        createdAt: new Date(now - 60_000 * 2).toISOString(),
      }),
      buildMessage({ id: 4, isDeleted: true, createdAt: new Date(now - 60_000).toISOString() }),
    ])
    await renderConversation(ticket)

    expect(await screen.findByText('Chamado antigo', {}, { timeout: 3000 })).toBeTruthy()
    expect(screen.getByText('HOJE')).toBeTruthy()
    expect(screen.getByText('Ticket #100 · Suporte')).toBeTruthy()
    expect(screen.getByText('Ana - Mensagem Privada')).toBeTruthy()
    expect(screen.getByText('Essa mensagem foi apagada pelo contato')).toBeTruthy()
    expect(screen.getByText('Maria Souza', { selector: 'header *' })).toBeTruthy()
    expect(listMessages).toHaveBeenCalledWith(100, null, expect.anything())
  })

  it('resends a failed media message through the server, as the same message', async () => {
    const ticket = buildTicket()
    const failed = buildOwnMessage(1, {
      id: 7,
      body: 'Comprovante',
      mediaType: 'image',
      mediaUrl: 'https://atende.test/media/1/comprovante.png',
      mediaName: 'comprovante.png',
      ack: 0,
      sendStatus: 'failed',
      sendAttempts: 6,
      sendError: 'ERR_PROVIDER_UNAVAILABLE',
    })
    serve(ticket, [failed])
    retrySend.mockResolvedValue({
      ...failed,
      sendStatus: 'queued',
      sendAttempts: 0,
      sendError: null,
    })
    await renderConversation(ticket)
    await userEvent.click(await screen.findByRole('button', { name: 'Reenviar' }, SLOW))
    await waitFor(() => expect(retrySend).toHaveBeenCalledExactlyOnceWith(7))
  })

  it('greets an empty chat', async () => {
    serve(buildTicket(), [])
    await renderConversation(buildTicket())
    expect(
      await screen.findByText('Diga olá para seu novo contato!', {}, { timeout: 3000 }),
    ).toBeTruthy()
  })

  it('marks the ticket read when it is mine, open and has unread messages', async () => {
    const ticket = buildTicket({ unreadMessages: 2 })
    serve(ticket, [])
    await renderConversation(ticket)
    await waitFor(() => expect(markTicketRead).toHaveBeenCalledWith(100), { timeout: 3000 })
  })

  it("does not mark someone else's ticket read", async () => {
    const ticket = buildTicket({ unreadMessages: 2, userId: 5, user: { id: 5, name: 'Bia' } })
    serve(ticket, [])
    await renderConversation(ticket)
    await screen.findByText('Diga olá para seu novo contato!', {}, { timeout: 3000 })
    expect(markTicketRead).not.toHaveBeenCalled()
  })

  it('tells a Facebook ticket about the 24-hour reply window', async () => {
    const ticket = buildTicket({ channel: 'facebook', lastInboundAt: new Date().toISOString() })
    serve(ticket, [])
    await renderConversation(ticket)
    expect(
      await screen.findByText(/Você tem 24 horas para responder/, {}, { timeout: 3000 }),
    ).toBeTruthy()
  })

  it('goes back to the list when the ticket cannot be loaded', async () => {
    const config = { headers: new AxiosHeaders() }
    getTicketByUuid.mockRejectedValue(
      new AxiosError('missing', 'ERR_BAD_REQUEST', config, null, {
        status: 404,
        statusText: '',
        headers: {},
        config,
        data: { error: 'ERR_NO_TICKET_FOUND' },
      }),
    )
    const { onBack } = await renderConversation(buildTicket())
    await waitFor(() => expect(onBack).toHaveBeenCalled(), { timeout: 3000 })
    expect(toasts).toContainEqual({
      intent: 'error',
      message: 'Nenhum ticket encontrado com este ID.',
    })
    expect(listMessages).not.toHaveBeenCalled()
  })

  it('closes through the inbox’s dialog, then leaves the ticket once', async () => {
    const ticket = buildTicket()
    serve(ticket, [])
    updateTicket.mockResolvedValue({ ...ticket, status: 'closed' })
    const { onBack, onLeaveTicket } = await renderConversation(ticket)
    const user = userEvent.setup()

    await user.click(await headerAction('Resolver'))
    const dialog = await findDialog('Resolver atendimento')
    expect(
      within(dialog).getByRole('button', { name: 'Resolver sem despedida', ...HIDDEN }),
    ).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Resolver', ...HIDDEN }))

    await waitFor(() => expect(onLeaveTicket).toHaveBeenCalledTimes(1), SLOW)
    expect(updateTicket).toHaveBeenCalledWith(ticket.id, {
      status: 'closed',
      sendFarewellMessage: true,
    })
    expect(toasts).toContainEqual({ intent: 'success', message: 'Ticket encerrado.' })
    expect(onBack).not.toHaveBeenCalled()
  })

  it('returns the ticket to the queue, then leaves it once', async () => {
    const ticket = buildTicket()
    serve(ticket, [])
    updateTicket.mockResolvedValue({ ...ticket, status: 'pending', userId: null, user: null })
    const { onBack, onLeaveTicket } = await renderConversation(ticket)
    const user = userEvent.setup()

    await user.click(await headerAction('Devolver à fila'))

    await waitFor(() => expect(onLeaveTicket).toHaveBeenCalledTimes(1), SLOW)
    expect(updateTicket).toHaveBeenCalledWith(ticket.id, { status: 'pending', userId: null })
    expect(toasts).toContainEqual({ intent: 'success', message: 'Ticket devolvido à fila.' })
    expect(onBack).not.toHaveBeenCalled()
  })
})

describe('Conversation of a ticket the user cannot answer yet', () => {
  const composerBox = () => screen.getByRole('textbox', { name: 'Mensagem' })

  it('puts the focus in the composer of an open ticket', async () => {
    serve(buildTicket(), [])
    await renderConversation(buildTicket())
    await screen.findByText('Diga olá para seu novo contato!', {}, SLOW)
    await waitFor(() => expect(document.activeElement).toBe(composerBox()))
  })

  it('offers Accept beside the composer and in the header, and accepting enables the composer', async () => {
    const pending = buildTicket({ status: 'pending', userId: null, user: null })
    serve(pending, [])
    updateTicket.mockResolvedValue({
      ...pending,
      status: 'open',
      userId: 1,
      user: { id: 1, name: 'Ana' },
    })
    await renderConversation(pending)

    const inHeader = await headerAction('Aceitar')
    const buttons = screen.getAllByRole('button', { name: 'Aceitar' })
    expect(buttons).toHaveLength(2)
    const besideComposer = buttons.find((button) => button !== inHeader)!
    // The composer cannot take the focus, so the way to make it usable does.
    await waitFor(() => expect(document.activeElement).toBe(besideComposer))
    expect(composerBox()).toHaveProperty('disabled', true)

    await userEvent.click(besideComposer)
    // The ticket has a queue: accepted at once, with it.
    await waitFor(() =>
      expect(updateTicket).toHaveBeenCalledWith(pending.id, {
        status: 'open',
        userId: 1,
        queueId: pending.queueId,
      }),
    )
    await waitFor(() => expect(composerBox()).toHaveProperty('disabled', false))
    await waitFor(() => expect(document.activeElement).toBe(composerBox()))
    expect(screen.queryByRole('button', { name: 'Aceitar' })).toBeNull()
  })

  it('offers Reopen on a closed ticket', async () => {
    const closed = buildTicket({ status: 'closed' })
    serve(closed, [])
    updateTicket.mockResolvedValue({ ...closed, status: 'open' })
    await renderConversation(closed)

    await headerAction('Reabrir')
    const [first] = screen.getAllByRole('button', { name: 'Reabrir' })
    await userEvent.click(first!)
    await waitFor(() => expect(updateTicket).toHaveBeenCalledWith(closed.id, expect.anything()))
    await waitFor(() => expect(composerBox()).toHaveProperty('disabled', false))
  })
})
