import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { buildConnection } from '@tests/factories'
import type { Team } from '@tests/helpers/tenant'
import { cloudTextWebhook, postMetaWebhook } from '@tests/helpers/cloud-webhooks'
import { next, online } from '@tests/helpers/socket'
import { useTenant } from '@tests/helpers/tenant'
import type { ConnectionRow } from '../connections/connections.table'
import { tickets } from '../tickets/tickets.table'

/**
 * Where a contact's first message lands: on a connection with one queue the new ticket is that
 * queue's, so its attendants hear of it without the "see tickets without queue" permission.
 */
const t = useTenant({ listen: true })
const APP_SECRET = 'cloud-app-secret'

type TicketEvent = { action: string; ticket?: { id: number; status: string; queueId: number } }

let sequence = 0
/** A Cloud API connection of the team's company on `queueIds`. */
async function cloudConnection(company: Team['company'], queueIds: number[]) {
  sequence += 1
  return buildConnection(t.db, company, {
    channel: 'whatsappapi',
    status: 'CONNECTED',
    wabaPhoneNumberId: `10654035224${sequence}`,
    wabaAccessTokenSealed: t.services.channels.seal('token'),
    wabaAppSecretSealed: t.services.channels.seal(APP_SECRET),
    queueIds,
  })
}

/** A signed text message from a new contact to `connection`, drained through the pipeline. */
async function customerWrites(connection: ConnectionRow) {
  sequence += 1
  const raw = cloudTextWebhook({
    phoneNumberId: connection.wabaPhoneNumberId!,
    from: `5511900000${sequence}`,
    id: `wamid.ROUTING${sequence}`,
    body: 'Olá, quero comprar',
    timestamp: 1749416383,
  })
  const response = await postMetaWebhook(t.app, connection.id, raw, APP_SECRET)
  expect([response.statusCode, response.body]).toEqual([200, 'EVENT_RECEIVED'])
  await t.services.inbound.drain()
}

const ticketsOn = (connection: ConnectionRow) =>
  t.db.select().from(tickets).where(eq(tickets.whatsappId, connection.id))

describe('a new conversation on a connection', () => {
  test('with one queue is a pending ticket of that queue, heard live by its attendant', async () => {
    const { company, sales, asAgent } = await t.team()
    const connection = await cloudConnection(company, [sales.id])
    // Bruno is in Vendas only and may not see tickets without queue.
    const agentSocket = await online(t, company.id, asAgent)
    const heard = next<TicketEvent>(agentSocket, `company-${company.id}-ticket`, {
      accept: (payload) => payload.ticket !== undefined,
    })

    await customerWrites(connection)

    const [ticket] = await ticketsOn(connection)
    expect(ticket).toMatchObject({ status: 'pending', queueId: sales.id })
    expect((await heard).ticket).toMatchObject({
      id: ticket!.id,
      status: 'pending',
      queueId: sales.id,
    })
  })

  test('with two queues stays without queue until someone routes it', async () => {
    const { company, sales, support } = await t.team()
    const connection = await cloudConnection(company, [sales.id, support.id])

    await customerWrites(connection)

    const [ticket] = await ticketsOn(connection)
    expect(ticket).toMatchObject({ status: 'pending', queueId: null })
  })
})
