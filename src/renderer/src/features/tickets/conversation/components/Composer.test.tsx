// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TicketDto } from '@shared/contracts/tickets'
import { http } from '@renderer/lib/http'
import { i18n } from '@renderer/lib/i18n'
import { setToastSink, type ToastMessage } from '@renderer/lib/notify'
import { quickMessage, quickMessageMedia } from '@tests/renderer/quick-messages.fixtures'
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
const defaultAdapter = http.defaults.adapter
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
  cleanup()
  disconnect()
  vi.clearAllMocks()
})

afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
  http.defaults.adapter = defaultAdapter
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

  it('advertises quick replies, and asks for them only after a leading slash', async () => {
    const user = userEvent.setup()
    const { input } = renderComposer()

    expect(input.getAttribute('placeholder')).toBe(
      'Digite uma mensagem ou / para respostas rápidas',
    )
    await user.type(input, 'bom dia /')
    expect(listQuickReplies).not.toHaveBeenCalled()
    await user.clear(input)
    await user.type(input, '/')
    await waitFor(() => expect(listQuickReplies).toHaveBeenCalledTimes(1))
    expect(listQuickReplies.mock.calls[0]![0]).toEqual({ companyId: 1, userId: 1 })
  })

  it('lists the replies whose shortcode matches, in any case, and fills the box with one', async () => {
    const user = userEvent.setup()
    listQuickReplies.mockResolvedValue([
      quickMessage(1, { shortcode: 'BomDia', message: 'Bom dia! Como posso ajudar?' }),
      quickMessage(2, { shortcode: 'tchau', message: 'Bom fim de semana!' }),
    ])
    const { input, onAttach } = renderComposer()

    await user.type(input, '/bom')
    const option = await screen.findByRole('option', {
      name: 'BomDia - Bom dia! Como posso ajudar?',
    })
    // Only the shortcode is matched, not the text.
    expect(screen.queryByRole('option', { name: /tchau/ })).toBeNull()
    await user.click(option)

    expect(input).toHaveProperty('value', 'Bom dia! Como posso ajudar?')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(sendMessage).not.toHaveBeenCalled()
    expect(onAttach).not.toHaveBeenCalled()
  })

  it('moves through the replies with the arrows, picks with Enter and closes with Escape', async () => {
    const user = userEvent.setup()
    listQuickReplies.mockResolvedValue([
      quickMessage(1, { shortcode: 'pix', message: 'Nossa chave Pix é 123.' }),
      quickMessage(2, { shortcode: 'pixqr', message: 'Segue o QR code do Pix.' }),
      quickMessage(3, { shortcode: 'pixprazo', message: 'O Pix cai na hora.' }),
    ])
    const { input } = renderComposer()

    await user.type(input, '/pix')
    const first = await screen.findByRole('option', { name: 'pix - Nossa chave Pix é 123.' })
    expect(first.getAttribute('aria-selected')).toBe('true')
    expect(input.getAttribute('aria-activedescendant')).toBe(first.id)

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}{ArrowUp}')
    // Down three times wraps to the first; up twice wraps to the last, then the second.
    const second = screen.getByRole('option', { name: 'pixqr - Segue o QR code do Pix.' })
    await waitFor(() => expect(second.getAttribute('aria-selected')).toBe('true'))
    expect(input.getAttribute('aria-activedescendant')).toBe(second.id)

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(input).toHaveProperty('value', '/pix')

    await user.type(input, 'q')
    await screen.findByRole('option', { name: 'pixqr - Segue o QR code do Pix.' })
    await user.keyboard('{Enter}')
    expect(input).toHaveProperty('value', 'Segue o QR code do Pix.')
    expect(sendMessage).not.toHaveBeenCalled()
  })

  it('attaches the file of a reply that has one, with its text as the caption', async () => {
    const user = userEvent.setup()
    const media = quickMessageMedia(5, 'catalogo.pdf', 'application/pdf')
    listQuickReplies.mockResolvedValue([
      quickMessage(5, { shortcode: 'catalogo', message: 'Segue o catálogo.', ...media }),
    ])
    const fetched: string[] = []
    const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
      fetched.push(`${config.method ?? 'get'} ${config.url ?? ''} ${config.responseType ?? ''}`)
      const response: AxiosResponse<Blob> = {
        status: 200,
        statusText: '',
        headers: {},
        config,
        data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
      }
      return Promise.resolve(response)
    }
    http.defaults.adapter = adapter
    const { input, onAttach } = renderComposer()

    await user.type(input, '/cat')
    const option = await screen.findByRole('option', { name: /^catalogo - Segue o catálogo\./ })
    expect(within(option).getByRole('img', { name: 'Com o arquivo catalogo.pdf' })).toBeTruthy()
    await user.click(option)

    await waitFor(() => expect(onAttach).toHaveBeenCalledTimes(1))
    expect(fetched).toEqual([`get ${media.mediaUrl} blob`])
    const [files, caption] = onAttach.mock.calls[0] as [File[], string]
    expect(files).toHaveLength(1)
    expect(files[0]).toMatchObject({ name: 'catalogo.pdf', type: 'application/pdf' })
    expect(await files[0]!.text()).toBe('%PDF-1.7')
    expect(caption).toBe('Segue o catálogo.')
    // The text went with the file: the box is empty, so nothing is sent twice.
    await waitFor(() => expect(input).toHaveProperty('value', ''))
    expect(sendMessage).not.toHaveBeenCalled()
  })

  it('keeps the text and says why when the file of a reply cannot be fetched', async () => {
    const user = userEvent.setup()
    listQuickReplies.mockResolvedValue([
      quickMessage(5, {
        shortcode: 'catalogo',
        message: 'Segue o catálogo.',
        ...quickMessageMedia(5, 'catalogo.pdf', 'application/pdf'),
      }),
    ])
    http.defaults.adapter = () => Promise.reject(new Error('offline'))
    const { input, onAttach } = renderComposer()

    await user.type(input, '/cat')
    await user.click(await screen.findByRole('option', { name: /^catalogo/ }))

    await waitFor(() => expect(toasts).toHaveLength(1))
    expect(toasts[0]).toEqual({
      intent: 'error',
      message: 'Não foi possível anexar o arquivo da resposta catalogo.',
    })
    expect(onAttach).not.toHaveBeenCalled()
    expect(input).toHaveProperty('value', 'Segue o catálogo.')
  })
})
