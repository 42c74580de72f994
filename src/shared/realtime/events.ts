import type { CampaignDto, CampaignSettingRow } from '../contracts/campaigns'
import type { AdminConnectionDto, ConnectionDto } from '../contracts/connections'
import type { ContactDto, ImportJobDto } from '../contracts/contacts'
import type {
  ContactListCheckProgress,
  ContactListDto,
  ContactListItemDto,
} from '../contracts/contact-lists'
import type { MessageDto } from '../contracts/messages'
import type { QueueIntegrationDto } from '../contracts/queue-integrations'
import type { PromptDto } from '../contracts/prompts'
import type { QuickMessageDto } from '../contracts/quick-messages'
import type { ScheduleDto } from '../contracts/schedules'
import type { FlowDto } from '../contracts/flows'
import type { FlowCampaignDto } from '../contracts/flow-campaigns'
import type { FileListDto } from '../contracts/file-lists'
import type { ChatbotDetailDto, QueueDto } from '../contracts/queues'
import type { SettingDto } from '../contracts/settings'
import type { TagDto } from '../contracts/tags'
import type { TicketDto } from '../contracts/tickets'
import type { UserDto } from '../contracts/users'

/**
 * Server → client events. Names are the spec's (000 §7 Real-time); every one is emitted in the
 * company's namespace `/{companyId}` and only into the rooms whose users may see it.
 */
export interface CompanyEventPayloads {
  /** A new sign-in of this user elsewhere: the client shows the kicked-out message. */
  auth: { action: 'update'; user: { id: number } }
  user:
    | { action: 'create' | 'update'; user: UserDto }
    | { action: 'update'; user: { id: number; online: boolean } }
    | { action: 'delete'; userId: number }
  settings: { action: 'update'; setting: SettingDto }
  /** A ticket entered, changed in or left the receiver's view (000 §4 List behaviour). */
  ticket:
    | { action: 'update'; ticket: TicketDto }
    | { action: 'delete'; ticketId: number }
    | { action: 'updateUnread'; ticketId: number }
  appMessage:
    | { action: 'create'; message: MessageDto; ticket: TicketDto; contact: ContactDto }
    | { action: 'update'; message: MessageDto }
    | { action: 'delete'; messageId: number; message?: MessageDto }
  /**
   * Contacts changed (000 §7). `reload`: many changed at once (an import), lists refetch.
   * `import`: progress of an import job, sent only to the user who started it.
   */
  contact:
    | { action: 'create' | 'update'; contact: ContactDto }
    | { action: 'delete'; contactId: number }
    | { action: 'reload' }
    | { action: 'import'; job: ImportJobDto }
  /** Tags changed; emitted as `company{id}-tag`, without the dash (000 §7, reference §10). */
  tag: { action: 'create' | 'update'; tag: TagDto } | { action: 'delete'; tagId: number }
  /** A queue was created, changed or deleted (001 §7); every user's queue lists follow it. */
  queue: { action: 'update'; queue: QueueDto } | { action: 'delete'; queueId: number }
  /** A chatbot option changed (reference §7); only admins edit options. */
  chatbot: { action: 'update'; chatbot: ChatbotDetailDto } | { action: 'delete'; chatbotId: number }
  whatsapp: { action: 'update'; whatsapp: ConnectionDto } | { action: 'delete'; whatsappId: number }
  /** Status, QR and retries of a connection's session (001 §4). */
  whatsappSession: { action: 'update'; session: ConnectionDto }
  /**
   * History import of a WhatsApp connection (001 §4), emitted as `importMessages-{companyId}`:
   * `this`/`all` are -1 while the phone is still sending history ("Preparing"), then the count
   * handed to the inbox so far; `refresh` when the import ended and the connections list changed.
   */
  importMessages:
    | {
        action: 'update'
        status: { this: number; all: number; date?: string }
        whatsappId: number
      }
    | { action: 'refresh'; whatsappId: number }
  /** Queue integrations changed (002 §7 live channels); admins only, who manage them. */
  queueIntegration:
    | { action: 'create' | 'update'; queueIntegration: QueueIntegrationDto }
    | { action: 'delete'; integrationId: number }
  /** AI prompts changed (002 §7, reference §7: a create is announced as "update"); admins only. */
  prompt: { action: 'update'; prompt: PromptDto } | { action: 'delete'; intelligenceId: number }
  /** File lists changed (reference §8: `files` is the list with its options); admins only. */
  file: { action: 'create' | 'update'; files: FileListDto } | { action: 'delete'; fileId: number }
  /** Flows changed (issue 18: the list follows them live); admins only, who edit flows. */
  flowbuilder: { action: 'create' | 'update'; flow: FlowDto } | { action: 'delete'; flowId: number }
  /** Phrase campaigns changed; admins only. */
  flowcampaign:
    | { action: 'create' | 'update'; campaign: FlowCampaignDto }
    | { action: 'delete'; campaignId: number }
  /** A campaign changed: saved, deleted, or its progress (admins only). */
  campaign: { action: 'create' | 'update'; record: CampaignDto } | { action: 'delete'; id: number }
  /** The campaign settings were saved: every row as stored. */
  campaignSettings: { action: 'create'; record: CampaignSettingRow[] }
  /** Contact lists changed (campaigns area: admins only). */
  ContactList:
    { action: 'create' | 'update'; record: ContactListDto } | { action: 'delete'; id: number }
  /**
   * A list's contacts changed: one item, many at once (`reload`, after an upload or a check),
   * or the progress of the check of its numbers with WhatsApp.
   */
  ContactListItem:
    | { action: 'create' | 'update'; record: ContactListItemDto }
    | { action: 'delete'; id: number; contactListId: number }
    | { action: 'reload'; contactListId: number }
    | { action: 'progress'; progress: ContactListCheckProgress }
  /**
   * A scheduled message changed: saved, deleted, or its status moved (sending, sent, failed,
   * waiting for its next time). The spec's channel has no dash: `company{id}-schedule`.
   */
  schedule:
    | { action: 'create' | 'update'; schedule: ScheduleDto }
    | { action: 'delete'; scheduleId: number }
  /** Quick messages changed, told to those who see them (the spec's `quickemessage` spelling). */
  quickemessage:
    { action: 'create' | 'update'; record: QuickMessageDto } | { action: 'delete'; id: number }
  /** An operator changed a connection (PUT /whatsapp-admin); `admin-whatsapp`, super room only. */
  adminWhatsapp: { action: 'update'; whatsapp: AdminConnectionDto }
}
export type CompanyEventKind = keyof CompanyEventPayloads

/**
 * The spec's event names: `company-{id}-{kind}`, except the tag and schedule channels
 * `company{id}-tag` and `company{id}-schedule`,
 * the history import's `importMessages-{id}` and the operator's `admin-whatsapp`.
 */
export type CompanyEventName<K extends CompanyEventKind> = K extends 'tag'
  ? `company${number}-tag`
  : K extends 'schedule'
    ? `company${number}-schedule`
    : K extends 'importMessages'
      ? `importMessages-${number}`
      : K extends 'adminWhatsapp'
        ? 'admin-whatsapp'
        : `company-${number}-${K}`

/** The spec's event name for a company event, irregular ones included. */
export const companyEvent = <K extends CompanyEventKind>(
  companyId: number,
  kind: K,
): CompanyEventName<K> =>
  // The conditional type cannot be narrowed by the comparison; both branches match it.
  (kind === 'tag'
    ? `company${companyId}-tag`
    : kind === 'schedule'
      ? `company${companyId}-schedule`
      : kind === 'importMessages'
        ? `importMessages-${companyId}`
        : kind === 'adminWhatsapp'
          ? 'admin-whatsapp'
          : `company-${companyId}-${kind}`) as CompanyEventName<K>

/** Socket.IO namespace of a company, as the spec's client connects to it. */
export const companyNamespace = (companyId: number) => `/${companyId}` as const
export const COMPANY_NAMESPACE_PATTERN = /^\/(\d{1,10})$/

/** Client → server events (000 §7). Arguments are validated by the server. */
export interface ClientEvents {
  joinNotification: () => void
  leaveNotification: () => void
  joinTickets: (status: string) => void
  leaveTickets: (status: string) => void
  joinChatBox: (ticketId: string) => void
  joinChatBoxLeave: (ticketId: string) => void
  userStatus: () => void
}

/**
 * Why the server refuses a handshake (the client's `connect_error` message): on
 * `token-expired` the client refreshes its access token and connects again.
 */
export const SOCKET_REFUSAL = {
  tokenExpired: 'token-expired',
  unauthorized: 'unauthorized',
} as const

/** Rooms a socket joins after its handshake (reference §16). */
export const rooms = {
  user: (userId: number) => `user:${userId}`,
  admins: 'admins',
  super: 'super',
  queue: (queueId: number) => `queue:${queueId}`,
  noQueue: 'noqueue',
  showAll: 'showall',
  connections: 'connections',
  realtime: 'realtime',
  company: 'company',
  /** Group tickets: every allowGroup user, or only those whose default connection is this one. */
  groups: 'groups',
  groupsOf: (whatsappId: number) => `groups:${whatsappId}`,
  /** The open conversation of a ticket (joinChatBox). */
  ticket: (uuid: string) => `ticket:${uuid}`,
} as const
