import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FlowGraph } from '@shared/contracts/flows'
import { COMPANY_SETTING_DEFAULTS } from '@shared/contracts/settings'
import type { Database } from '@server/db/client'
import { hashPassword } from '@server/lib/passwords'
import { addDays } from '@shared/dates'
import { companies, type CompanyRow } from '@server/modules/companies/companies.table'
import { generateConnectionToken } from '@server/modules/connections/connections.rules'
import {
  connectionQueues,
  connections,
  type ConnectionRow,
} from '@server/modules/connections/connections.table'
import { contacts, type ContactRow } from '@server/modules/contacts/contacts.table'
import {
  queueIntegrations,
  type QueueIntegrationRow,
} from '@server/modules/integrations/integrations.table'
import { messages, type MessageRow } from '@server/modules/messages/messages.table'
import { contactTags, tags, ticketTags, type TagRow } from '@server/modules/tags/tags.table'
import { ticketNotes, type TicketNoteRow } from '@server/modules/ticket-notes/ticket-notes.table'
import { tickets, type TicketRow } from '@server/modules/tickets/tickets.table'
import { plans, type PlanRow } from '@server/modules/plans/plans.table'
import { flows, flowVersions, type FlowRow } from '@server/modules/flows/flows.table'
import { chatbots, type ChatbotRow } from '@server/modules/queues/chatbots.table'
import {
  fileListOptions,
  fileLists,
  type FileListOptionRow,
  type FileListRow,
} from '@server/modules/file-lists/file-lists.table'
import { queues, type QueueRow } from '@server/modules/queues/queues.table'
import { companySettings } from '@server/modules/settings/settings.table'
import { userQueues, users, type UserRow } from '@server/modules/users/users.table'

export const DEFAULT_PASSWORD = 'correct-horse'
let defaultHash: Promise<string> | null = null
const unique = () => randomBytes(4).toString('hex')

export async function buildPlan(
  db: Database,
  overrides: Partial<typeof plans.$inferInsert> = {},
): Promise<PlanRow> {
  const [plan] = await db
    .insert(plans)
    .values({
      name: `Plan ${unique()}`,
      users: 10,
      connections: 5,
      queues: 5,
      amount: '99.90',
      ...overrides,
    })
    .returning()
  return plan!
}

export async function buildCompany(
  db: Database,
  overrides: Partial<typeof companies.$inferInsert> & { plan?: PlanRow } = {},
): Promise<CompanyRow & { plan: PlanRow }> {
  const { plan: givenPlan, ...values } = overrides
  const plan = givenPlan ?? (await buildPlan(db))
  const [company] = await db
    .insert(companies)
    .values({
      name: `Company ${unique()}`,
      email: `company-${unique()}@example.test`,
      planId: plan.id,
      dueDate: addDays(new Date().toISOString().slice(0, 10), 30),
      ...values,
    })
    .returning()
  await db.insert(companySettings).values({ companyId: company!.id, ...COMPANY_SETTING_DEFAULTS })
  return { ...company!, plan }
}

export async function buildUser(
  db: Database,
  overrides: Partial<typeof users.$inferInsert> & {
    company?: CompanyRow
    password?: string
    queueIds?: number[]
  } = {},
): Promise<UserRow & { password: string }> {
  const { company: givenCompany, password, queueIds, ...values } = overrides
  const company = givenCompany ?? (await buildCompany(db))
  defaultHash ??= hashPassword(DEFAULT_PASSWORD)
  const [user] = await db
    .insert(users)
    .values({
      companyId: company.id,
      name: `User ${unique()}`,
      email: `user-${unique()}@example.test`,
      passwordHash: password ? await hashPassword(password) : await defaultHash,
      profile: 'user',
      ...values,
    })
    .returning()
  if (queueIds?.length) {
    await db
      .insert(userQueues)
      .values(queueIds.map((queueId) => ({ companyId: company.id, userId: user!.id, queueId })))
  }
  return { ...user!, password: password ?? DEFAULT_PASSWORD }
}

export async function buildQueue(
  db: Database,
  company: CompanyRow,
  overrides: Partial<typeof queues.$inferInsert> = {},
): Promise<QueueRow> {
  const [queue] = await db
    .insert(queues)
    .values({
      companyId: company.id,
      name: `Queue ${unique()}`,
      color: `#${randomBytes(3).toString('hex')}`,
      ...overrides,
    })
    .returning()
  return queue!
}

/** A chatbot option: level 1 of `queue`, or under `overrides.chatbotId`. */
export async function buildChatbot(
  db: Database,
  company: CompanyRow,
  queue: QueueRow | null,
  overrides: Partial<typeof chatbots.$inferInsert> = {},
): Promise<ChatbotRow> {
  const [option] = await db
    .insert(chatbots)
    .values({
      companyId: company.id,
      queueId: queue?.id ?? null,
      name: `Option ${unique()}`,
      ...overrides,
    })
    .returning()
  return option!
}

export async function buildConnection(
  db: Database,
  company: CompanyRow,
  overrides: Partial<typeof connections.$inferInsert> & { queueIds?: number[] } = {},
): Promise<ConnectionRow> {
  const { queueIds = [], ...values } = overrides
  const [connection] = await db
    .insert(connections)
    .values({
      companyId: company.id,
      name: `Connection ${unique()}`,
      channel: 'whatsapp',
      token: generateConnectionToken(),
      ...values,
    })
    .returning()
  if (queueIds.length) {
    await db.insert(connectionQueues).values(
      queueIds.map((queueId) => ({
        companyId: company.id,
        connectionId: connection!.id,
        queueId,
      })),
    )
  }
  return connection!
}

export async function buildContact(
  db: Database,
  company: CompanyRow,
  overrides: Partial<typeof contacts.$inferInsert> = {},
): Promise<ContactRow> {
  const number = `55119${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`
  const [contact] = await db
    .insert(contacts)
    .values({
      companyId: company.id,
      name: `Contact ${unique()}`,
      number,
      channel: 'whatsapp',
      ...overrides,
    })
    .returning()
  return contact!
}

/** A ticket with its contact and connection (made when not given). */
export async function buildTicket(
  db: Database,
  company: CompanyRow,
  overrides: Partial<typeof tickets.$inferInsert> & {
    contact?: ContactRow
    connection?: ConnectionRow
  } = {},
): Promise<TicketRow & { contact: ContactRow; connection: ConnectionRow }> {
  const { contact: givenContact, connection: givenConnection, ...values } = overrides
  const contact = givenContact ?? (await buildContact(db, company))
  const connection = givenConnection ?? (await buildConnection(db, company))
  const [ticket] = await db
    .insert(tickets)
    .values({
      companyId: company.id,
      contactId: contact.id,
      whatsappId: connection.id,
      channel: connection.channel,
      isGroup: contact.isGroup,
      status: 'pending',
      ...values,
    })
    .returning()
  return { ...ticket!, contact, connection }
}

export async function buildMessage(
  db: Database,
  ticket: TicketRow,
  overrides: Partial<typeof messages.$inferInsert> = {},
): Promise<MessageRow> {
  const [message] = await db
    .insert(messages)
    .values({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      whatsappId: ticket.whatsappId,
      contactId: overrides.fromMe ? null : ticket.contactId,
      wid: `wid-${unique()}${unique()}`,
      body: `Message ${unique()}`,
      ack: overrides.fromMe ? 1 : 0,
      ...overrides,
    })
    .returning()
  return message!
}

/** A tag of the company, put on the contacts and tickets given. */
export async function buildTag(
  db: Database,
  company: CompanyRow,
  overrides: Partial<typeof tags.$inferInsert> & {
    contacts?: Pick<ContactRow, 'id'>[]
    tickets?: Pick<TicketRow, 'id'>[]
  } = {},
): Promise<TagRow> {
  const { contacts: tagged = [], tickets: lanes = [], ...values } = overrides
  const [tag] = await db
    .insert(tags)
    .values({
      companyId: company.id,
      name: `Tag ${unique()}`,
      color: `#${randomBytes(3).toString('hex')}`,
      ...values,
    })
    .returning()
  if (tagged.length)
    await db
      .insert(contactTags)
      .values(tagged.map(({ id }) => ({ companyId: company.id, contactId: id, tagId: tag!.id })))
  if (lanes.length)
    await db
      .insert(ticketTags)
      .values(lanes.map(({ id }) => ({ companyId: company.id, ticketId: id, tagId: tag!.id })))
  return tag!
}

/** A note on the ticket's contact, written from that ticket. */
export async function buildNote(
  db: Database,
  ticket: TicketRow,
  overrides: Partial<typeof ticketNotes.$inferInsert> = {},
): Promise<TicketNoteRow> {
  const [note] = await db
    .insert(ticketNotes)
    .values({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      note: `Note ${unique()}`,
      ...overrides,
    })
    .returning()
  return note!
}

/** A queue integration of the company: a webhook unless told otherwise. */
export async function buildIntegration(
  db: Database,
  company: CompanyRow,
  overrides: Partial<typeof queueIntegrations.$inferInsert> = {},
): Promise<QueueIntegrationRow> {
  const [row] = await db
    .insert(queueIntegrations)
    .values({
      companyId: company.id,
      type: 'webhook',
      name: `Integration ${unique()}`,
      urlN8N: 'https://hooks.example.test/atende',
      ...overrides,
    })
    .returning()
  return row!
}

/** A file list with options named `options`, their files not uploaded unless given a path. */
export async function buildFileList(
  db: Database,
  company: CompanyRow,
  overrides: Partial<typeof fileLists.$inferInsert> & {
    options?: Array<{ name: string; path?: string; mediaType?: string }>
  } = {},
): Promise<FileListRow & { options: FileListOptionRow[] }> {
  const { options = [], ...values } = overrides
  const [list] = await db
    .insert(fileLists)
    .values({
      companyId: company.id,
      name: `Lista ${unique()}`,
      message: 'Seguem os arquivos.',
      ...values,
    })
    .returning()
  const rows = options.length
    ? await db
        .insert(fileListOptions)
        .values(
          options.map((option, position) => ({
            companyId: company.id,
            fileListId: list!.id,
            position,
            ...option,
          })),
        )
        .returning()
    : []
  return { ...list!, options: rows }
}

/** A flow, with `graph` saved as its first version when given. */
export async function buildFlow(
  db: Database,
  company: CompanyRow,
  overrides: Partial<typeof flows.$inferInsert> & { graph?: FlowGraph } = {},
): Promise<FlowRow> {
  const { graph, ...values } = overrides
  const [flow] = await db
    .insert(flows)
    .values({ companyId: company.id, name: `Fluxo ${unique()}`, ...values })
    .returning()
  if (!graph) return flow!
  await db
    .insert(flowVersions)
    .values({ companyId: company.id, flowId: flow!.id, version: 1, graph })
  const [saved] = await db
    .update(flows)
    .set({ version: 1 })
    .where(eq(flows.id, flow!.id))
    .returning()
  return saved!
}
