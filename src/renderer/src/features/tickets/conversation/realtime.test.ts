// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import type { Socket } from 'socket.io-client'
import { afterEach, describe, expect, it } from 'vitest'
import { companyEvent } from '@shared/realtime/events'
import { endSession, startSession } from '@renderer/lib/session'
import { setSocket } from '@renderer/lib/socket'
import { quickMessage } from '@tests/renderer/quick-messages.fixtures'
import { buildSessionUser } from '@tests/renderer/session'
import { buildContact, buildMessage, buildTicket } from '@tests/renderer/tickets.fixtures'
import { windowFromPage } from './message-window'
import { conversationQueries } from './queries'
import { applyMessageEvent, useQuickRepliesRealtime } from './realtime'

const ticket = buildTicket()
const window = windowFromPage({
  messages: [buildMessage({ id: 1 }), buildMessage({ id: 2 })],
  hasMore: false,
  nextCursor: null,
})
const created = (message = buildMessage({ id: 3 })) =>
  ({ action: 'create', message, ticket, contact: buildContact() }) as const

describe('applyMessageEvent', () => {
  it('appends a new message of this ticket, matched by uuid or id', () => {
    expect(applyMessageEvent(window, created(), ticket).messages.map((m) => m.id)).toEqual([
      1, 2, 3,
    ])
    const byId = buildMessage({ id: 3, ticket: { ...buildMessage().ticket, uuid: 'other' } })
    expect(applyMessageEvent(window, created(byId), ticket).messages).toHaveLength(3)
  })

  it('ignores messages of other tickets', () => {
    const other = buildMessage({
      id: 3,
      ticketId: 99,
      ticket: { id: 99, uuid: 'x', whatsappId: 1, queueId: null, queue: null },
    })
    expect(applyMessageEvent(window, created(other), ticket)).toBe(window)
  })

  it('replaces an updated message and removes a deleted one', () => {
    const updated = applyMessageEvent(
      window,
      { action: 'update', message: buildMessage({ id: 2, ack: 3 }) },
      ticket,
    )
    expect(updated.messages[1]?.ack).toBe(3)
    const removed = applyMessageEvent(window, { action: 'delete', messageId: 1 }, ticket)
    expect(removed.messages.map((m) => m.id)).toEqual([2])
  })
})

describe('useQuickRepliesRealtime', () => {
  afterEach(async () => {
    cleanup()
    setSocket(null)
    await endSession({ callServer: false })
  })

  it('has the composer read its quick replies again when one changes', async () => {
    await startSession({ token: 'access-token', user: buildSessionUser() })
    const listeners = new Map<string, (payload: unknown) => void>()
    const socket = {
      on: (name: string, listener: (payload: unknown) => void) => listeners.set(name, listener),
      off: (name: string) => listeners.delete(name),
    }
    setSocket(socket as unknown as Socket)
    const client = new QueryClient()
    const key = conversationQueries.quickReplies(1, 1).queryKey
    client.setQueryData(key, [quickMessage(1)])
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children)
    renderHook(() => useQuickRepliesRealtime(), { wrapper })
    expect(client.getQueryState(key)?.isInvalidated).toBe(false)

    act(() =>
      listeners.get(companyEvent(1, 'quickemessage'))?.({
        action: 'update',
        record: quickMessage(1, { status: false }),
      }),
    )
    expect(client.getQueryState(key)?.isInvalidated).toBe(true)
  })
})
