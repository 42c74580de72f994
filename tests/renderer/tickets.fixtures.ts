import type { ContactDto } from '@shared/contracts/contacts'
import type { MessageDto } from '@shared/contracts/messages'
import type { TicketDto, TicketList } from '@shared/contracts/tickets'
import { normalizeFilters, type TicketListFilters } from '@renderer/features/tickets/list-filters'
import { SUPPORT_QUEUE } from './session'

/* Test data of the inbox, list and conversation, in the shapes the server sends. */

const AT = '2025-03-10T12:00:00.000Z'

/** A contact as the server presents it. */
export const buildContact = (overrides: Partial<ContactDto> = {}): ContactDto => ({
  id: 10,
  companyId: 1,
  name: 'Maria Souza',
  number: '5511999990000',
  email: '',
  channel: 'whatsapp',
  isGroup: false,
  active: true,
  disableBot: false,
  acceptAudioMessage: true,
  lgpdAcceptedAt: null,
  urlPicture: '',
  whatsappId: 1,
  tags: [],
  createdAt: AT,
  updatedAt: AT,
  ...overrides,
})

/** The ticket every fixture belongs to unless overridden. */
const TICKET_ID = 100
const ticketUuid = (id: number) => `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`

/** An open ticket of user 1 in queue 1 unless overridden. */
export const buildTicket = (overrides: Partial<TicketDto> = {}): TicketDto => {
  const id = overrides.id ?? TICKET_ID
  return {
    id,
    uuid: ticketUuid(id),
    status: 'open',
    channel: 'whatsapp',
    contactId: 10,
    contact: buildContact(),
    whatsappId: 1,
    whatsapp: {
      id: 1,
      name: 'Principal',
      channel: 'whatsapp',
      status: 'CONNECTED',
      groupAsTicket: 'disabled',
    },
    userId: 1,
    user: { id: 1, name: 'Ana' },
    queueId: SUPPORT_QUEUE.id,
    queue: SUPPORT_QUEUE,
    tags: [],
    isGroup: false,
    isBot: false,
    useIntegration: false,
    unreadMessages: 0,
    lastMessage: 'Olá',
    lastInboundAt: null,
    userRating: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  }
}

/** One page of a list answer. */
export const buildPage = (
  tickets: TicketDto[],
  overrides: Partial<TicketList> = {},
): TicketList => ({
  tickets,
  count: tickets.length,
  hasMore: false,
  nextCursor: null,
  ...overrides,
})

/** The filters of a list view: my open tab of queue 1 unless overridden. */
export const buildFilters = (overrides: Partial<TicketListFilters> = {}): TicketListFilters =>
  normalizeFilters({
    status: 'open',
    showAll: false,
    queueIds: [1],
    searchParam: '',
    searchOnMessages: false,
    tags: [],
    users: [],
    whatsapps: [],
    statusFilter: [],
    sort: 'DESC',
    ...overrides,
  })

/**
 * An unread inbound message of the default ticket; each id is one second later, so a range of
 * ids is in order.
 */
export const buildMessage = (overrides: Partial<MessageDto> = {}): MessageDto => {
  const id = overrides.id ?? 1
  const createdAt = new Date(Date.UTC(2024, 0, 1, 12, 0, id)).toISOString()
  return {
    id,
    ticketId: TICKET_ID,
    body: `Mensagem ${id}`,
    fromMe: false,
    isPrivate: false,
    isDeleted: false,
    isEdited: false,
    isForwarded: false,
    mediaType: 'conversation',
    mediaUrl: '',
    mediaName: null,
    ack: 0,
    read: false,
    contactId: 10,
    contact: { id: 10, name: 'Maria Souza' },
    user: null,
    quotedMsg: null,
    reactions: [],
    sendStatus: null,
    sendError: null,
    sendAttempts: 0,
    nextAttemptAt: null,
    transcription: null,
    ticket: {
      id: TICKET_ID,
      uuid: ticketUuid(TICKET_ID),
      whatsappId: 1,
      queueId: SUPPORT_QUEUE.id,
      queue: SUPPORT_QUEUE,
    },
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  }
}

/** An outgoing message written by `userId`. */
export const buildOwnMessage = (userId: number, overrides: Partial<MessageDto> = {}) =>
  buildMessage({
    fromMe: true,
    contactId: null,
    contact: null,
    user: { id: userId, name: 'Ana' },
    ack: 1,
    read: true,
    sendStatus: 'sent',
    ...overrides,
  })
