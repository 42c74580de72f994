// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TicketDto } from '@shared/contracts/tickets'
import { i18n } from '@renderer/lib/i18n'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { buildSessionUser } from '@tests/renderer/session'
import { buildOwnMessage, buildTicket } from '@tests/renderer/tickets.fixtures'
import * as api from '../api'
import { Composer, type ComposerMode } from './Composer'

vi.mock('../api', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  sendMessage: vi.fn(),
  editMessage: vi.fn(),
  sendMedia: vi.fn(),
  listQuickReplies: vi.fn(),
}))

const sendMessage = vi.mocked(api.sendMessage)
const editMessage = vi.mocked(api.editMessage)
const listQuickReplies = vi.mocked(api.listQuickReplies)
const me = buildSessionUser({ id: 1, name: 'Ana' })

interface Options {
  ticket?: TicketDto
  mode?: ComposerMode
  signature?: boolean
  isPrivate?: boolean
}

const renderComposer = ({
  ticket = buildTicket(),
  mode = { kind: 'normal' },
  signature = false,
  isPrivate = false,
}: Options = {}) => {
  const onModeChange = vi.fn()
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <Composer
          ticket={ticket}
          me={me}
          mode={mode}
          onModeChange={onModeChange}
          isPrivate={isPrivate}
          onPrivateChange={vi.fn()}
          signature={signature}
          onSignatureChange={vi.fn()}
          onAttach={vi.fn()}
          onOpenCamera={vi.fn()}
          onOpenContactCard={vi.fn()}
        />
      </QueryClientProvider>
    </FluentProvider>,
  )
  return { onModeChange, input: screen.getByRole('textbox', { name: 'Mensagem' }) }
}

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

beforeAll(async () => {
  await i18n.changeLanguage('pt-BR')
})

beforeEach(() => {
  toasts = []
  disconnect = setToastSink((toast) => toasts.push(toast))
  sendMessage.mockResolvedValue(undefined)
  editMessage.mockResolvedValue(undefined)
  listQuickReplies.mockResolvedValue([])
})

afterEach(() => {
  cleanup()
  disconnect()
  vi.clearAllMocks()
})

afterAll(() => {
  vi.restoreAllMocks()
})

describe('Composer', () => {
  it('sends the text on Enter with a fresh idempotency key and clears the box', async () => {
    const user = userEvent.setup()
    const { input } = renderComposer()

    await user.type(input, '  Olá, tudo bem?  {Enter}')

    await waitFor(() => expect(sendMessage).toHaveBeenCalledTimes(1))
    const [ticketId, body] = sendMessage.mock.calls[0]!
    expect(ticketId).toBe(100)
    expect(body).toMatchObject({
      body: 'Olá, tudo bem?',
      fromMe: true,
      read: true,
      isPrivate: false,
      quotedMsg: null,
    })
    expect(body.idempotencyKey).toEqual(expect.any(String))
    await waitFor(() => expect(input).toHaveProperty('value', ''))
  })

  it('does not send empty or blank text, and Shift+Enter starts a new line', async () => {
    const user = userEvent.setup()
    const { input } = renderComposer()

    await user.type(input, '{Enter}')
    await user.type(input, '   {Enter}')
    await user.clear(input)
    await user.type(input, 'linha 1{Shift>}{Enter}{/Shift}linha 2')

    expect(sendMessage).not.toHaveBeenCalled()
    expect(input).toHaveProperty('value', 'linha 1\nlinha 2')
  })

  it('signs the message when the signature is on', async () => {
    const user = userEvent.setup()
    const { input } = renderComposer({ signature: true })

    await user.type(input, 'Bom dia{Enter}')

    await waitFor(() => expect(sendMessage).toHaveBeenCalled())
    expect(sendMessage.mock.calls[0]![1].body).toBe('*Ana:*\nBom dia')
  })

  it('quotes the message being replied to', async () => {
    const user = userEvent.setup()
    const quoted = buildOwnMessage(1, { id: 9, body: 'Pergunta' })
    const { input, onModeChange } = renderComposer({ mode: { kind: 'reply', message: quoted } })

    expect(screen.getByText('Respondendo a Você')).toBeTruthy()
    await user.type(input, 'Resposta{Enter}')

    await waitFor(() => expect(sendMessage).toHaveBeenCalled())
    expect(sendMessage.mock.calls[0]![1].quotedMsg).toEqual({ id: 9 })
    await waitFor(() => expect(onModeChange).toHaveBeenCalledWith({ kind: 'normal' }))
  })

  it('keeps the text after a failure and retries with the same key', async () => {
    const user = userEvent.setup()
    sendMessage.mockRejectedValueOnce(new Error('offline'))
    const { input } = renderComposer()

    await user.type(input, 'Teste{Enter}')
    await waitFor(() => expect(toasts).toHaveLength(1))
    expect(input).toHaveProperty('value', 'Teste')

    await user.type(input, '{Enter}')
    await waitFor(() => expect(sendMessage).toHaveBeenCalledTimes(2))
    const [first, second] = sendMessage.mock.calls.map(([, body]) => body.idempotencyKey)
    expect(second).toBe(first)

    await user.type(input, 'Outra{Enter}')
    await waitFor(() => expect(sendMessage).toHaveBeenCalledTimes(3))
    expect(sendMessage.mock.calls[2]![1].idempotencyKey).not.toBe(first)
  })

  it('edits a message: prefilled, and Enter saves through the edit call', async () => {
    const user = userEvent.setup()
    const message = buildOwnMessage(1, { id: 5, body: 'Texto antigo' })
    const { input, onModeChange } = renderComposer({ mode: { kind: 'edit', message } })

    await waitFor(() => expect(input).toHaveProperty('value', 'Texto antigo'))
    await user.clear(input)
    await user.type(input, 'Texto novo{Enter}')

    await waitFor(() => expect(editMessage).toHaveBeenCalledWith(5, { body: 'Texto novo' }))
    expect(sendMessage).not.toHaveBeenCalled()
    await waitFor(() => expect(onModeChange).toHaveBeenCalledWith({ kind: 'normal' }))
  })

  it('is disabled when the ticket is not open or group', () => {
    const { input } = renderComposer({ ticket: buildTicket({ status: 'pending' }) })
    expect(input).toHaveProperty('disabled', true)
  })

  it('lists matching quick replies after a leading slash and fills the box with one', async () => {
    const user = userEvent.setup()
    listQuickReplies.mockResolvedValue([
      { id: 1, shortcode: 'bomdia', message: 'Bom dia! Como posso ajudar?' },
      { id: 2, shortcode: 'tchau', message: 'Até logo!' },
    ])
    const { input } = renderComposer()

    await user.type(input, '/bom')
    const option = await screen.findByRole('option', {
      name: 'bomdia - Bom dia! Como posso ajudar?',
    })
    expect(screen.queryByRole('option', { name: /tchau/ })).toBeNull()
    await user.click(option)

    expect(input).toHaveProperty('value', 'Bom dia! Como posso ajudar?')
    expect(sendMessage).not.toHaveBeenCalled()
  })
})
