/** Test support for the messages suites: a recording channel driver and a ready conversation. */
import { readFileSync } from 'node:fs'
import { buildCompany, buildConnection, buildQueue, buildTicket, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import type { TestApp } from '@tests/helpers/test-app'
import type {
  ChannelDriver,
  ChatRef,
  DriverConnection,
  OutgoingMessage,
  SentMessage,
} from '@server/channels/types'
import type { tickets } from '@server/modules/tickets/tickets.table'

export interface SentRecord {
  connectionId: number
  message: OutgoingMessage
  /** The media file's bytes as the driver could read them at send time. */
  mediaBytes?: Buffer
}

/**
 * A driver that records what it is asked to do. `failNext` queues errors for the next sends;
 * `beforeSend` runs first (to look at the database while a message is being sent).
 */
export function fakeDriver(options: { edit?: boolean } = {}) {
  const sent: SentRecord[] = []
  const reads: Array<{ connectionId: number; chat: ChatRef; ids: string[] }> = []
  const reactions: Array<{ providerId: string; emoji: string }> = []
  const edits: Array<{ providerId: string; body: string }> = []
  const revokes: string[] = []
  const failures: Error[] = []
  let counter = 0
  const hooks: { beforeSend?: (message: OutgoingMessage) => Promise<void> | void } = {}

  const driver: ChannelDriver = {
    normalize: () => [],
    downloadMedia: () => Promise.reject(new Error('not used')),
    async send(connection: DriverConnection, message: OutgoingMessage): Promise<SentMessage> {
      await hooks.beforeSend?.(message)
      const failure = failures.shift()
      if (failure) throw failure
      sent.push({
        connectionId: connection.row.id,
        message,
        ...(message.media ? { mediaBytes: readFileSync(message.media.path) } : {}),
      })
      counter += 1
      return { providerId: `PROVIDER-${connection.row.id}-${counter}`, raw: { key: counter } }
    },
    async markRead(connection, chat, ids) {
      reads.push({ connectionId: connection.row.id, chat, ids })
      await Promise.resolve()
    },
    async react(_connection, _chat, target, emoji) {
      reactions.push({ providerId: target.providerId, emoji })
      await Promise.resolve()
    },
    async revoke(_connection, _chat, target) {
      revokes.push(target.providerId)
      await Promise.resolve()
    },
    ...(options.edit === false
      ? {}
      : {
          async edit(
            _connection: DriverConnection,
            _chat: ChatRef,
            target: { providerId: string },
            body: string,
          ) {
            edits.push({ providerId: target.providerId, body })
            await Promise.resolve()
          },
        }),
  }

  return {
    driver,
    sent,
    reads,
    reactions,
    edits,
    revokes,
    hooks,
    failNext: (...errors: Error[]) => failures.push(...errors),
    sentOn: (connectionId: number) => sent.filter((record) => record.connectionId === connectionId),
  }
}

/**
 * A company with a queue, an attendant of that queue holding an open ticket, a colleague of the
 * same queue, an admin, and their sign-ins.
 */
export async function conversation(
  t: TestApp,
  ticketOverrides: Partial<typeof tickets.$inferInsert> = {},
) {
  const company = await buildCompany(t.db)
  const queue = await buildQueue(t.db, company, { name: 'Vendas' })
  const agent = await buildUser(t.db, { company, name: 'Ana Agent', queueIds: [queue.id] })
  const colleague = await buildUser(t.db, { company, name: 'Caio Colleague', queueIds: [queue.id] })
  const admin = await buildUser(t.db, { company, name: 'Alice Admin', profile: 'admin' })
  const connection = await buildConnection(t.db, company, { name: 'Loja', status: 'CONNECTED' })
  const ticket = await buildTicket(t.db, company, {
    connection,
    status: 'open',
    userId: agent.id,
    queueId: queue.id,
    ...ticketOverrides,
  })
  return {
    company,
    queue,
    agent,
    colleague,
    admin,
    connection,
    ticket,
    contact: ticket.contact,
    asAgent: await loginAs(t.app, agent),
    asColleague: await loginAs(t.app, colleague),
    asAdmin: await loginAs(t.app, admin),
  }
}

/** A multipart body as a browser's FormData would send it. */
export async function multipart(
  fields: Array<[string, string] | [string, Buffer, string]>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData()
  for (const [name, value, fileName] of fields) {
    if (typeof value === 'string') form.append(name, value)
    else form.append(name, new Blob([new Uint8Array(value)]), fileName)
  }
  const encoded = new Response(form)
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  }
}

/** The smallest valid PNG (1×1, transparent). */
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)
