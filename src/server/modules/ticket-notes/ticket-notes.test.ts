import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TicketNoteDto } from '@shared/contracts/ticket-notes'
import { buildCompany, buildContact, buildNote, buildTicket, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

async function team() {
  const company = await buildCompany(t.db)
  const admin = await buildUser(t.db, { company, profile: 'admin', name: 'Alice Admin' })
  const agent = await buildUser(t.db, { company, name: 'Bruno Agent' })
  const colleague = await buildUser(t.db, { company, name: 'Carla Colega' })
  const contact = await buildContact(t.db, company, { name: 'Cliente' })
  const ticket = await buildTicket(t.db, company, { contact, status: 'open', userId: agent.id })
  return {
    company,
    agent,
    colleague,
    contact,
    ticket,
    asAdmin: await loginAs(t.app, admin),
    asAgent: await loginAs(t.app, agent),
    asColleague: await loginAs(t.app, colleague),
  }
}

const add = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/ticket-notes', headers, payload })

describe('ticket notes', () => {
  test('adds notes, lists them newest first and deletes them', async () => {
    const { agent, contact, ticket, asAgent, asAdmin } = await team()
    const first = await add(asAgent, {
      note: 'Ligar amanhã',
      ticketId: ticket.id,
      contactId: contact.id,
    })
    expect(first.statusCode).toBe(200)
    expect(first.json<TicketNoteDto>()).toMatchObject({
      note: 'Ligar amanhã',
      ticketId: ticket.id,
      contactId: contact.id,
      userId: agent.id,
      user: { id: agent.id, name: 'Bruno Agent' },
      contact: { id: contact.id, name: 'Cliente' },
      ticket: { id: ticket.id, status: 'open' },
    })
    await add(asAgent, { note: 'Enviou o contrato', ticketId: ticket.id, contactId: contact.id })

    const byTicket = await t.app.inject({
      method: 'GET',
      url: `/ticket-notes/list?ticketId=${ticket.id}&contactId=${contact.id}`,
      headers: asAgent,
    })
    expect(byTicket.json<TicketNoteDto[]>().map((note) => note.note)).toEqual([
      'Enviou o contrato',
      'Ligar amanhã',
    ])
    // A contact's notes across tickets (other queues' too) are an admin's view.
    const byContact = await t.app.inject({
      method: 'GET',
      url: `/ticket-notes/list?contactId=${contact.id}`,
      headers: asAdmin,
    })
    expect(byContact.json<TicketNoteDto[]>()).toHaveLength(2)
    const byContactAsAgent = await t.app.inject({
      method: 'GET',
      url: `/ticket-notes/list?contactId=${contact.id}`,
      headers: asAgent,
    })
    expect(byContactAsAgent.statusCode).toBe(400)

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/ticket-notes/${first.json<TicketNoteDto>().id}`,
      headers: asAgent,
    })
    expect([removed.statusCode, removed.json()]).toEqual([200, { message: 'Note deleted' }])
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/ticket-notes/${first.json<TicketNoteDto>().id}`,
      headers: asAgent,
    })
    expect([again.statusCode, again.json()]).toEqual([404, { error: 'ERR_NO_TICKETNOTE_FOUND' }])
  })

  test('validates the note, the pair and the list filter', async () => {
    const { company, contact, ticket, asAgent } = await team()
    const other = await buildContact(t.db, company)
    const cases: [Record<string, unknown>, string][] = [
      [{ note: 'x', ticketId: ticket.id, contactId: contact.id }, 'note'],
      [{ note: '   ', ticketId: ticket.id, contactId: contact.id }, 'note'],
      [{ ticketId: ticket.id, contactId: contact.id }, 'note'],
      [{ note: 'Boa nota', ticketId: ticket.id, contactId: other.id }, 'contactId'],
    ]
    for (const [payload, field] of cases) {
      const res = await add(asAgent, payload)
      expect([res.statusCode, res.json<{ field?: string }>().field]).toEqual([
        400,
        expect.stringContaining(field),
      ])
    }
    const noFilter = await t.app.inject({
      method: 'GET',
      url: '/ticket-notes/list',
      headers: asAgent,
    })
    expect(noFilter.statusCode).toBe(400)
  })

  test('only the author or an admin deletes a note', async () => {
    const { agent, ticket, asColleague, asAdmin } = await team()
    const note = await buildNote(t.db, ticket, { userId: agent.id, note: 'Particular' })
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/ticket-notes/${note.id}`,
      headers: asColleague,
    })
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    const byAdmin = await t.app.inject({
      method: 'DELETE',
      url: `/ticket-notes/${note.id}`,
      headers: asAdmin,
    })
    expect(byAdmin.statusCode).toBe(200)
  })

  test('a ticket the caller does not see, or of another company, is not found', async () => {
    const { contact, ticket, asColleague, asAgent, asAdmin } = await team()
    const hidden = await add(asColleague, {
      note: 'Intrometido',
      ticketId: ticket.id,
      contactId: contact.id,
    })
    expect([hidden.statusCode, hidden.json()]).toEqual([404, { error: 'ERR_NO_TICKET_FOUND' }])
    const other = await team()
    const foreign = await add(asAgent, {
      note: 'Alheio',
      ticketId: other.ticket.id,
      contactId: other.contact.id,
    })
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { error: 'ERR_NO_TICKET_FOUND' }])
    const foreignNote = await buildNote(t.db, other.ticket, { userId: other.agent.id })
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/ticket-notes/${foreignNote.id}`,
      headers: asAgent,
    })
    expect([del.statusCode, del.json()]).toEqual([404, { error: 'ERR_NO_TICKETNOTE_FOUND' }])
    const list = await t.app.inject({
      method: 'GET',
      url: `/ticket-notes/list?contactId=${other.contact.id}`,
      headers: asAdmin,
    })
    expect(list.json()).toEqual([])
  })
})
