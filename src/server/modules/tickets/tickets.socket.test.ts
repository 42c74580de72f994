import { describe, expect, test, vi } from 'vitest'
import { buildUser } from '@tests/factories'
import { loginAs, signIn } from '@tests/helpers/auth'
import { next, online, silent } from '@tests/helpers/socket'
import { useTenant } from '@tests/helpers/tenant'

const t = useTenant({ listen: true })

type TicketEvent = { action: string; ticket?: { id: number; status: string; queueId: number } }

describe('ticket events reach only the ticket audience', () => {
  test('a user outside the queue hears nothing until the ticket moves into his queue', async () => {
    const { company, sales, support, admin, agent, ticket, asAdmin, asOutsider } = await t.team()
    const pending = await ticket({ status: 'pending', queueId: sales.id })
    // The module's one real sign-in: the socket handshake takes a token the login issued.
    const agentSocket = await online(t, company.id, await signIn(t.app, agent))
    const outsiderSocket = await online(t, company.id, asOutsider)
    const event = `company-${company.id}-ticket`

    const toAgent = next<TicketEvent>(agentSocket, event)
    const notToOutsider = silent(outsiderSocket, event)
    await t.app.inject({
      method: 'PUT',
      url: `/tickets/${pending.id}`,
      headers: asAdmin,
      payload: { status: 'open', userId: admin.id },
    })
    expect((await toAgent).ticket).toMatchObject({ id: pending.id, status: 'open' })
    expect(await notToOutsider).toBe(true)

    // Moving to Suporte: Vendas hears it leave, Suporte hears it arrive.
    const leaving = next<TicketEvent>(agentSocket, event)
    const arriving = next<TicketEvent>(outsiderSocket, event)
    await t.app.inject({
      method: 'PUT',
      url: `/tickets/${pending.id}`,
      headers: asAdmin,
      payload: { isTransfered: true, status: 'pending', queueId: support.id },
    })
    expect((await leaving).ticket).toMatchObject({ id: pending.id, queueId: support.id })
    expect((await arriving).ticket).toMatchObject({ id: pending.id, status: 'pending' })
  })
})

describe('joinChatBox', () => {
  test('joins the conversation room only for a ticket the user may see', async () => {
    const { company, sales, support, admin, ticket, asAdmin, asOutsider } = await t.team()
    // Both work elsewhere; only the historian may read closed conversations of other queues.
    const historian = await buildUser(t.db, {
      company,
      queueIds: [support.id],
      allHistoric: 'enabled',
    })
    const closed = await ticket({ status: 'closed', queueId: sales.id, userId: admin.id })
    const historianSocket = await online(t, company.id, await loginAs(t.app, historian))
    const outsiderSocket = await online(t, company.id, asOutsider)
    const event = `company-${company.id}-ticket`

    historianSocket.emit('joinChatBox', closed.uuid)
    outsiderSocket.emit('joinChatBox', String(closed.id))
    outsiderSocket.emit('joinChatBox', closed.uuid)
    await vi.waitFor(
      async () => {
        const heard = next(historianSocket, event, { timeoutMs: 200 })
        await t.services.ticketCore.emitUpdated(company.id, closed.id)
        await heard
      },
      { timeout: 5000, interval: 50 },
    )

    const notToOutsider = silent(outsiderSocket, event)
    const toHistorian = next<TicketEvent>(historianSocket, event)
    await t.app.inject({
      method: 'PUT',
      url: `/tickets/${closed.id}`,
      headers: asAdmin,
      payload: { status: 'open', userId: admin.id },
    })
    expect((await toHistorian).ticket).toMatchObject({ id: closed.id, status: 'open' })
    expect(await notToOutsider).toBe(true)

    historianSocket.emit('joinChatBoxLeave', closed.uuid)
    await vi.waitFor(async () => {
      const quiet = silent(historianSocket, event, 200)
      await t.services.ticketCore.emitUpdated(company.id, closed.id)
      expect(await quiet).toBe(true)
    })
  })
})
