// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { MessageDto } from '@shared/contracts/messages'
import { buildOwnMessage } from '@tests/renderer/tickets.fixtures'
import { formatTime } from '@renderer/lib/format'
import { MessageBubble, type MessageHandlers } from './MessageBubble'

const ME = 1

const renderBubble = (
  message: MessageDto,
  writable = true,
  onRetry: MessageHandlers['onRetry'] = (retried) => Promise.resolve(retried),
) => {
  const handlers: MessageHandlers = {
    onReply: vi.fn(),
    onReact: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn(),
    onForward: vi.fn(),
    onTranscribe: vi.fn(),
    onRetry: vi.fn(onRetry),
    onOpenImage: vi.fn(),
    onJumpTo: vi.fn(),
    onToggleSelect: vi.fn(),
  }
  const bubble = (shown: MessageDto) => (
    <FluentProvider theme={webLightTheme}>
      <MessageBubble
        message={shown}
        meId={ME}
        writable={writable}
        showSender={false}
        contactName="Maria Souza"
        highlighted={false}
        selecting={false}
        selected={false}
        handlers={handlers}
      />
    </FluentProvider>
  )
  const { rerender } = render(bubble(message))
  return Object.assign(handlers, { update: (next: MessageDto) => rerender(bubble(next)) })
}

/** A refusal of the server, as axios rejects it. */
const refusal = (error: string) => {
  const response: AxiosResponse = {
    status: 403,
    data: { error },
    statusText: '',
    headers: {},
    config: { headers: new AxiosHeaders() },
  }
  return new AxiosError('failed', 'ERR_BAD_REQUEST', undefined, null, response)
}

const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')
beforeAll(() => {
  // happy-dom's Animation rejects when Fluent cancels the menu's motion on unmount; without
  // `animate`, Fluent skips the motion instead.
  Reflect.deleteProperty(Element.prototype, 'animate')
})
afterAll(() => {
  if (animate) Object.defineProperty(Element.prototype, 'animate', animate)
})
afterEach(cleanup)

describe('a send that went wrong', () => {
  it('while the server retries: the try it is on, when, and the last error, without Retry', () => {
    const nextAttemptAt = '2024-01-01T12:05:00.000Z'
    renderBubble(
      buildOwnMessage(ME, {
        body: 'Seu pedido saiu',
        ack: 0,
        sendStatus: 'queued',
        sendAttempts: 2,
        sendError: 'ERR_PROVIDER_UNAVAILABLE',
        nextAttemptAt,
      }),
    )
    const note = screen.getByRole('status')
    expect(note.textContent).toBe(
      [
        'Falha no envio, tentando de novo (tentativa 3)…',
        `Próxima tentativa às ${formatTime(nextAttemptAt, 'pt-BR')}.`,
        'Último erro: O provedor do canal não respondeu.',
      ].join(''),
    )
    expect(screen.queryByRole('button', { name: 'Reenviar' })).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('once failed: the tries made and the last error, no promise of another try, and Retry by keyboard for a media message', async () => {
    const message = buildOwnMessage(ME, {
      body: 'Comprovante',
      mediaType: 'image',
      mediaUrl: 'https://atende.test/media/1/comprovante.png',
      mediaName: 'comprovante.png',
      ack: 0,
      sendStatus: 'failed',
      sendAttempts: 6,
      sendError: 'ERR_PROVIDER_UNAVAILABLE',
    })
    const handlers = renderBubble(message)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Falha no envio (tentativas: 6).')
    expect(alert.textContent).toContain('Último erro: O provedor do canal não respondeu.')
    expect(alert.textContent).not.toMatch(/reenviada|será/)

    const retry = within(alert).getByRole('button', { name: 'Reenviar' })
    // A native button in the tab order (Fluent's tabster moves Tab itself, which happy-dom
    // cannot lay out): focused, Enter resends.
    expect(retry.tabIndex).toBe(0)
    retry.focus()
    expect(document.activeElement).toBe(retry)
    await userEvent.keyboard('{Enter}')
    expect(handlers.onRetry).toHaveBeenCalledExactlyOnceWith(message)
  })

  it('Retry is busy while the server takes the message back; a refusal shows on the bubble', async () => {
    const failed = buildOwnMessage(ME, {
      ack: 0,
      sendStatus: 'failed',
      sendAttempts: 1,
      sendError: 'ERR_SENDING_WAPP_MSG',
    })
    let refuse = (_error: unknown) => undefined as void
    const bubble = renderBubble(
      failed,
      true,
      () => new Promise((_resolve, reject) => (refuse = reject)),
    )
    const retry = screen.getByRole('button', { name: 'Reenviar' })

    await userEvent.click(retry)
    expect(retry).toHaveProperty('disabled', true)
    await userEvent.click(retry)
    expect(bubble.onRetry).toHaveBeenCalledTimes(1)

    refuse(refusal('ERR_MESSAGING_WINDOW_CLOSED'))
    const alert = screen.getByRole('alert')
    expect(
      await within(alert).findByText(
        'Não foi possível reenviar: Passaram-se mais de 24 horas desde a última mensagem do ' +
          'contato: este canal não permite mais responder livremente.',
      ),
    ).toBeTruthy()
    expect(retry).toHaveProperty('disabled', false)
  })

  it('a resend that failed too says so, with the time it was asked for', async () => {
    const failed = buildOwnMessage(ME, {
      ack: 0,
      sendStatus: 'failed',
      sendAttempts: 1,
      sendError: 'ERR_SENDING_WAPP_MSG',
      updatedAt: '2024-01-01T12:00:30.000Z',
    })
    const requeuedAt = '2024-01-01T12:07:00.000Z'
    const bubble = renderBubble(failed, true, (message) =>
      Promise.resolve({
        ...message,
        sendStatus: 'queued',
        sendAttempts: 0,
        sendError: null,
        updatedAt: requeuedAt,
      }),
    )

    await userEvent.click(screen.getByRole('button', { name: 'Reenviar' }))
    expect(bubble.onRetry).toHaveBeenCalledExactlyOnceWith(failed)
    // The answer arrived before the update that shows it queued: nothing has failed again yet.
    expect(screen.getByRole('alert').textContent).not.toContain('também falhou')

    bubble.update({
      ...failed,
      sendStatus: 'queued',
      sendError: null,
      sendAttempts: 0,
      updatedAt: requeuedAt,
    })
    expect(screen.queryByRole('alert')).toBeNull()
    bubble.update({ ...failed, updatedAt: '2024-01-01T12:07:01.000Z' })
    expect(screen.getByRole('alert').textContent).toContain(
      `O reenvio das ${formatTime(requeuedAt, 'pt-BR')} também falhou.`,
    )
  })

  it('its menu offers Retry beside Delete, and a refusal shows on the bubble', async () => {
    const failed = buildOwnMessage(ME, {
      body: 'Comprovante',
      mediaType: 'document',
      mediaUrl: 'https://atende.test/media/1/comprovante.pdf',
      mediaName: 'comprovante.pdf',
      ack: 0,
      sendStatus: 'failed',
      sendAttempts: 1,
      sendError: 'ERR_SENDING_WAPP_MSG',
    })
    const bubble = renderBubble(failed, true, () =>
      Promise.reject(refusal('ERR_MESSAGING_WINDOW_CLOSED')),
    )

    await userEvent.click(screen.getByRole('button', { name: 'Ações da mensagem' }))
    const items = await screen.findAllByRole('menuitem')
    expect(items.map((item) => item.textContent)).toEqual(['Reenviar', 'Apagar'])
    await userEvent.click(screen.getByRole('menuitem', { name: 'Reenviar' }))

    expect(bubble.onRetry).toHaveBeenCalledExactlyOnceWith(failed)
    expect(
      await within(screen.getByRole('alert')).findByText(/^Não foi possível reenviar: /),
    ).toBeTruthy()
  })

  it('offers no Retry on a ticket the user may not write on', () => {
    renderBubble(
      buildOwnMessage(ME, {
        sendStatus: 'failed',
        sendAttempts: 1,
        sendError: 'ERR_SENDING_WAPP_MSG',
      }),
      false,
    )
    expect(screen.getByRole('alert').textContent).toContain('Falha no envio (tentativas: 1).')
    expect(screen.queryByRole('button', { name: 'Reenviar' })).toBeNull()
  })
})
