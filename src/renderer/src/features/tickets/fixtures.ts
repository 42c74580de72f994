import type { ContactDto } from '../../../../shared/contracts/contacts'
import type { MessageDto } from '../../../../shared/contracts/messages'
import type { TicketDto, TicketList } from '../../../../shared/contracts/tickets'
import type { SessionUser } from '../../../../shared/contracts/users'

const AT = '2025-03-10T12:00:00.000Z'

/** A contact as the server presents it; for this feature's tests. */
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

/** A list row: an open ticket of user 1 in queue 1 unless overridden. */
export const buildTicket = (overrides: Partial<TicketDto> = {}): TicketDto => {
  const id = overrides.id ?? 100
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
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
    queueId: 1,
    queue: { id: 1, name: 'Suporte', color: '#0a7f5a' },
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

/** An inbound message of a ticket. */
export const buildMessage = (overrides: Partial<MessageDto> = {}): MessageDto => ({
  id: 500,
  ticketId: 100,
  body: 'Bom dia',
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
  transcription: null,
  ticket: { id: 100, uuid: 'x', whatsappId: 1, queueId: 1, queue: null },
  createdAt: AT,
  updatedAt: AT,
  ...overrides,
})

/** The signed-in user: a profile user of queue 1 unless overridden. */
export const buildSessionUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  id: 1,
  companyId: 1,
  name: 'Ana',
  email: 'ana@example.com',
  profile: 'user',
  super: false,
  online: true,
  startWork: '00:00',
  endWork: '23:59',
  farewellMessage: '',
  defaultTheme: 'light',
  defaultMenu: 'closed',
  whatsappId: null,
  profileImage: null,
  defaultTicketsManagerWidth: 550,
  queues: [{ id: 1, name: 'Suporte', color: '#0a7f5a' }],
  queueIds: [1],
  allTicket: 'disable',
  allowGroup: false,
  allHistoric: 'disabled',
  allUserChat: 'disabled',
  userClosePendingTicket: 'disabled',
  showDashboard: 'disabled',
  allowRealTime: 'disabled',
  allowConnections: 'disabled',
  company: {
    id: 1,
    name: 'Acme',
    dueDate: '2999-12-31',
    timezone: 'America/Sao_Paulo',
    status: true,
    companieSettings: {},
    plan: {
      id: 1,
      name: 'Plano',
      users: 10,
      connections: 3,
      queues: 5,
      amount: '49.90',
      isPublic: true,
      useWhatsapp: true,
      useFacebook: true,
      useInstagram: true,
      useCampaigns: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
      useKanban: true,
      useOpenAi: true,
      useIntegrations: true,
    },
  },
  ...overrides,
})
