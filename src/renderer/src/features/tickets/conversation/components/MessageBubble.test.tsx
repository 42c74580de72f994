// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MessageDto } from '@shared/contracts/messages'
import { buildOwnMessage } from '@tests/renderer/tickets.fixtures'
import { formatTime } from '../timeline'
import { MessageBubble, type MessageHandlers } from './MessageBubble'

const ME = 1

const renderBubble = (message: MessageDto, writable = true) => {
  const handlers: MessageHandlers = {
    onReply: vi.fn(),
    onReact: vi.fn(),
    onEdit: vi.fn(),
    onDelete: vi.fn(),
    onForward: vi.fn(),
    onTranscribe: vi.fn(),
    onRetry: vi.fn(),
    onOpenImage: vi.fn(),
    onJumpTo: vi.fn(),
    onToggleSelect: vi.fn(),
  }
  render(
    <FluentProvider theme={webLightTheme}>
      <MessageBubble
        message={message}
        meId={ME}
        writable={writable}
        showSender={false}
        contactName="Maria Souza"
        highlighted={false}
        selecting={false}
        selected={false}
        handlers={handlers}
      />
    </FluentProvider>,
  )
  return handlers
}

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
