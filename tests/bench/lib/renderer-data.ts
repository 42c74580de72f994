import type { ContactDto, TagRef } from '@shared/contracts/contacts'
import type { QueueRef, TicketDto, TicketList } from '@shared/contracts/tickets'
import type { SessionUser } from '@shared/contracts/users'

/**
 * The data the renderer benchmark's fake API answers: one admin of company 1 and `count` open
 * tickets of hers, newest first, varied the way a real inbox is (names, queues, channels, tags,
 * unread counts, ratings), so every row part the list draws is exercised.
 */
export const COMPANY_ID = 1
export const USER_ID = 1

export const QUEUES: QueueRef[] = [
  { id: 1, name: 'Suporte', color: '#0a7f5a' },
  { id: 2, name: 'Vendas', color: '#b3261e' },
  { id: 3, name: 'Financeiro', color: '#3a5bd9' },
]
const TAGS: TagRef[] = [
  { id: 1, name: 'VIP', color: '#c2185b' },
  { id: 2, name: 'Atrasado', color: '#f57c00' },
  { id: 3, name: 'Retorno', color: '#00796b' },
]
export const CONNECTIONS = [
  { id: 1, name: 'Principal', channel: 'whatsapp', status: 'CONNECTED' },
  { id: 2, name: 'Página', channel: 'facebook', status: 'CONNECTED' },
  { id: 3, name: 'Insta', channel: 'instagram', status: 'CONNECTED' },
] as const

export const sessionUser = (): SessionUser => ({
  id: USER_ID,
  companyId: COMPANY_ID,
  name: 'Bench Admin',
  email: 'bench@example.test',
  profile: 'admin',
  super: false,
  online: true,
  startWork: '00:00',
  endWork: '23:59',
  farewellMessage: '',
  defaultTheme: 'light',
  defaultMenu: 'open',
  whatsappId: null,
  profileImage: null,
  defaultTicketsManagerWidth: 550,
  queues: QUEUES,
  queueIds: QUEUES.map((queue) => queue.id),
  allTicket: 'disable',
  // Group tickets off: the open view then reads two lists (open, pending), not three.
  allowGroup: false,
  allHistoric: 'disabled',
  allUserChat: 'disabled',
  userClosePendingTicket: 'enabled',
  showDashboard: 'enabled',
  allowRealTime: 'disabled',
  allowConnections: 'enabled',
  company: {
    id: COMPANY_ID,
    name: 'Bench',
    dueDate: '2999-12-31',
    timezone: 'America/Sao_Paulo',
    status: true,
    companieSettings: {},
    plan: {
      id: 1,
      name: 'Bench',
      users: 100,
      connections: 10,
      queues: 10,
      amount: '0.00',
      isPublic: false,
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
})

const FIRST = ['Maria', 'João', 'Ana', 'Pedro', 'Luíza', 'Carlos', 'Fernanda', 'Rafael', 'Júlia']
const LAST = ['Souza', 'Silva', 'Oliveira', 'Santos', 'Pereira', 'Costa', 'Almeida', 'Ribeiro']
const MESSAGES = [
  'Olá, bom dia! Gostaria de saber o status do meu pedido.',
  'Obrigado pelo retorno 🙂',
  'Segue o comprovante em anexo.',
  'Vocês abrem no sábado?',
  'Preciso da segunda via do boleto, por favor, venceu ontem e não consegui pagar a tempo.',
  'ok',
]

const iso = (ms: number) => new Date(ms).toISOString()

/** The `index`-th ticket of the list: index 0 is the most recently updated. */
export const benchTicket = (index: number, now: number): TicketDto => {
  const id = index + 1
  const at = iso(now - index * 60_000)
  const connection = CONNECTIONS[index % CONNECTIONS.length]!
  const queue = index % 7 === 6 ? null : QUEUES[index % QUEUES.length]!
  const tags = TAGS.slice(0, index % 4)
  const contact: ContactDto = {
    id,
    companyId: COMPANY_ID,
    name: `${FIRST[index % FIRST.length]} ${LAST[(index >> 3) % LAST.length]} ${id}`,
    number: `55119${String(10_000_000 + id)}`,
    email: '',
    channel: connection.channel,
    isGroup: false,
    active: true,
    disableBot: false,
    acceptAudioMessage: true,
    lgpdAcceptedAt: null,
    urlPicture: '',
    whatsappId: connection.id,
    tags,
    createdAt: at,
    updatedAt: at,
  }
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    status: 'open',
    channel: connection.channel,
    contactId: id,
    contact,
    whatsappId: connection.id,
    whatsapp: { ...connection, groupAsTicket: 'disabled' },
    userId: USER_ID,
    user: { id: USER_ID, name: 'Bench Admin' },
    queueId: queue?.id ?? null,
    queue,
    tags,
    isGroup: false,
    isBot: false,
    useIntegration: false,
    unreadMessages: index % 5 === 0 ? (index % 13) + 1 : 0,
    lastMessage: MESSAGES[index % MESSAGES.length]!,
    lastInboundAt: at,
    userRating: index % 11 === 0 ? { rate: (index % 5) + 1 } : null,
    createdAt: iso(now - 86_400_000 - index * 60_000),
    updatedAt: at,
  }
}

export const benchTickets = (count: number, now = Date.now()): TicketDto[] =>
  Array.from({ length: count }, (_, index) => benchTicket(index, now))

/**
 * One page of GET /tickets over `tickets`, keyset-style: the cursor is the offset of the next
 * page (the client only passes it back).
 */
export const ticketPage = (
  tickets: TicketDto[],
  cursor: string | undefined,
  pageSize: number,
): TicketList => {
  const start = cursor ? Number(cursor) : 0
  const end = Math.min(tickets.length, start + pageSize)
  return {
    tickets: tickets.slice(start, end),
    count: Math.min(tickets.length, 10_000),
    hasMore: end < tickets.length,
    nextCursor: end < tickets.length ? String(end) : null,
  }
}

/**
 * A live update as a new inbound message produces it: new last message, one more unread, and
 * an update time of now, which moves the ticket to the top of a newest-first list.
 */
export const updatedTicket = (ticket: TicketDto, serial: number): TicketDto => {
  const at = new Date().toISOString()
  return {
    ...ticket,
    lastMessage: `bench update #${serial}`,
    unreadMessages: ticket.unreadMessages + 1,
    lastInboundAt: at,
    updatedAt: at,
  }
}
