import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { TicketDto } from '@shared/contracts/tickets'
import type { ClientEvents, CompanyEventPayloads } from '@shared/realtime/events'
import { useCompanyEvent } from '@renderer/hooks/useCompanyEvent'
import { useSocket } from '@renderer/hooks/useSocket'
import { quickMessageQueries } from '@renderer/features/quick-messages'
import { patchTicketContact } from './mutations'
import { appendMessage, removeMessage, replaceMessage, type MessageWindow } from './message-window'
import { conversationQueries } from './queries'

export type MessageEvent = CompanyEventPayloads['appMessage']

/**
 * Applies one `appMessage` event to the window of `ticket`: a create of this ticket goes to the
 * bottom, an update replaces a loaded message, a delete removes it.
 */
export const applyMessageEvent = (
  window: MessageWindow,
  event: MessageEvent,
  ticket: Pick<TicketDto, 'id' | 'uuid'>,
): MessageWindow => {
  if (event.action === 'create') {
    const { message } = event
    const ours = message.ticket.uuid === ticket.uuid || message.ticketId === ticket.id
    return ours ? appendMessage(window, message) : window
  }
  if (event.action === 'update') return replaceMessage(window, event.message)
  return removeMessage(window, event.messageId)
}

/**
 * Reads the composer's quick replies again when one changes (`quickemessage`): the event says
 * which row, but the offered list also depends on its status and who may see it.
 */
export const useQuickRepliesRealtime = (): void => {
  const client = useQueryClient()
  useCompanyEvent('quickemessage', () => {
    void client.invalidateQueries({ queryKey: quickMessageQueries.offered() })
  })
}

const JOIN: keyof ClientEvents = 'joinChatBox'
const LEAVE: keyof ClientEvents = 'joinChatBoxLeave'

/**
 * Keeps one conversation live: joins the ticket's room, applies message, ticket and contact
 * events to its caches, and after a reconnection rejoins and fetches what was missed.
 * `onGone` runs when the ticket leaves the user's view (a delete event).
 */
export const useConversationRealtime = (ticket: TicketDto, onGone: () => void): void => {
  const client = useQueryClient()
  const socket = useSocket()
  const { id: ticketId, uuid } = ticket
  const windowKey = conversationQueries.window(ticketId).queryKey
  const ticketKey = conversationQueries.ticket(uuid).queryKey

  useCompanyEvent('appMessage', (event) => {
    client.setQueryData<MessageWindow>(windowKey, (window) =>
      window ? applyMessageEvent(window, event, ticket) : window,
    )
    if (event.action === 'create' && event.ticket.id === ticketId) {
      client.setQueryData<TicketDto>(ticketKey, event.ticket)
    }
  })

  useCompanyEvent('ticket', (event) => {
    if (event.action === 'update' && event.ticket.id === ticketId) {
      client.setQueryData<TicketDto>(ticketKey, event.ticket)
    } else if (event.action === 'updateUnread' && event.ticketId === ticketId) {
      client.setQueryData<TicketDto>(ticketKey, (current) =>
        current ? { ...current, unreadMessages: 0 } : current,
      )
    } else if (event.action === 'delete' && event.ticketId === ticketId) {
      onGone()
    }
  })

  useQuickRepliesRealtime()

  useCompanyEvent('contact', (event) => {
    if (event.action === 'create' || event.action === 'update') {
      patchTicketContact(client, event.contact.id, event.contact)
    }
  })

  useEffect(() => {
    if (!socket) return
    const join = () => socket.emit(JOIN, uuid)
    if (socket.connected) join()
    // A new connection has no rooms and missed what was sent meanwhile; a recovered one got
    // it, and joining again only confirms the room.
    const onConnect = () => {
      join()
      if (!socket.recovered)
        void client.invalidateQueries({ queryKey: conversationQueries.window(ticketId).queryKey })
    }
    socket.on('connect', onConnect)
    return () => {
      socket.off('connect', onConnect)
      socket.emit(LEAVE, uuid)
    }
  }, [socket, uuid, ticketId, client])
}
