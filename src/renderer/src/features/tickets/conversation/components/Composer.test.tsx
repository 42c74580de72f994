// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TicketDto } from '@shared/contracts/tickets'
import { i18n } from '@renderer/lib/i18n'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { buildSessionUser } from '@tests/renderer/session'
import { buildOwnMessage, buildTicket } from '@tests/renderer/tickets.fixtures'
import * as api from '../api'
import type * as constants from '../constants'
import { Composer, type ComposerMode } from './Composer'

// Quick replies wait for the server's /quick-messages (issue 19); their test switches them on.
const flags = vi.hoisted(() => ({ quickReplies: false }))
vi.mock('../constants', async (importOriginal) => ({
  ...(await importOriginal<typeof constants>()),
  get QUICK_REPLIES_ENABLED() {
    return flags.quickReplies
  },
}))

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
  const onAttach = vi.fn()
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
          onAttach={onAttach}
          onOpenCamera={vi.fn()}
          onOpenContactCard={vi.fn()}
        />
      </QueryClientProvider>
    </FluentProvider>,
  )
  return { onModeChange, onAttach, input: screen.getByRole('textbox', { name: 'Mensagem' }) }
}

let toasts: ToastMessage[] = []
let disconnect: () => void = () => undefined

const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
beforeAll(async () => {
  // happy-dom's Animation rejects when Fluent cancels the menu's motion on unmount; without
  // `animate`, Fluent skips the motion instead.
  Reflect.deleteProperty(Element.prototype, 'animate')
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
  flags.quickReplies = false
  cleanup()
  disconnect()
  vi.clearAllMocks()
})

afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
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

  it('closes the attach menu when files are chosen, before their preview opens', async () => {
    const user = userEvent.setup()
    const { onAttach } = renderComposer()
    await user.click(screen.getByRole('button', { name: 'Anexar' }))
    expect(await screen.findByRole('menuitem', { name: 'Arquivos' })).toBeTruthy()

    // What the system's file picker does once a file is picked: a change on the file input.
    const file = new File(['%PDF-'], 'comprovante.pdf', { type: 'application/pdf' })
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!
    Object.defineProperty(picker, 'files', { value: [file], configurable: true })
    fireEvent.change(picker)

    expect(onAttach).toHaveBeenCalledExactlyOnceWith([file])
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
  })

  // The grid holds some 170 buttons: happy-dom takes a few seconds to open it on a busy machine.
  const GRID = { timeout: 15_000 }

  it('inserts the chosen emoji at the caret and leaves the caret after it', GRID, async () => {
    const user = userEvent.setup()
    const { input } = renderComposer()
    await user.type(input, 'Olá mundo')
    ;(input as HTMLTextAreaElement).setSelectionRange(3, 3)

    await user.click(screen.getByRole('button', { name: 'Inserir emoji' }))
    const grid = await screen.findByRole('group', { name: 'Emojis' })
    await user.click(within(grid).getByRole('button', { name: '😊' }))

    expect(input).toHaveProperty('value', 'Olá😊 mundo')
    expect(document.activeElement).toBe(input)
    expect((input as HTMLTextAreaElement).selectionStart).toBe('Olá😊'.length)
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Emojis' })).toBeNull())
  })

  it('picks an emoji by keyboard: arrows move, Enter inserts, Escape closes', GRID, async () => {
    const user = userEvent.setup()
    const { input } = renderComposer()
    await user.click(screen.getByRole('button', { name: 'Inserir emoji' }))
    const grid = await screen.findByRole('group', { name: 'Emojis' })
    await waitFor(() =>
      expect(document.activeElement).toBe(within(grid).getByRole('button', { name: '😀' })),
    )

    await user.keyboard('{ArrowRight}{ArrowDown}{ArrowLeft}')
    // Row 2 of 8 columns, first column: the ninth emoji.
    expect(document.activeElement).toBe(within(grid).getByRole('button', { name: '🙂' }))
    await user.keyboard('{Enter}')
    expect(input).toHaveProperty('value', '🙂')

    const trigger = screen.getByRole('button', { name: 'Inserir emoji' })
    await user.click(trigger)
    await screen.findByRole('group', { name: 'Emojis' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Emojis' })).toBeNull())
    expect(input).toHaveProperty('value', '🙂')
    expect(document.activeElement).toBe(trigger)
  })

  it('is disabled when the ticket is not open or group', () => {
    const { input } = renderComposer({ ticket: buildTicket({ status: 'pending' }) })
    expect(input).toHaveProperty('disabled', true)
  })

  it('neither advertises nor asks for quick replies while the server has none', async () => {
    const user = userEvent.setup()
    const { input } = renderComposer()

    expect(input.getAttribute('placeholder')).toBe('Digite uma mensagem')
    await user.type(input, '/bom')

    expect(listQuickReplies).not.toHaveBeenCalled()
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(input).toHaveProperty('value', '/bom')
  })

  it('lists matching quick replies after a leading slash and fills the box with one', async () => {
    flags.quickReplies = true
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
