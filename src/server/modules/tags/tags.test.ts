import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TagDto, TagList } from '@shared/contracts/tags'
import type { TicketDto } from '@shared/contracts/tickets'
import {
  buildCompany,
  buildContact,
  buildPlan,
  buildTag,
  buildTicket,
  buildUser,
} from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { contactTags, tags, ticketTags } from './tags.table'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

async function team(options: { useKanban?: boolean } = {}) {
  const plan = await buildPlan(t.db, { useKanban: options.useKanban ?? true })
  const company = await buildCompany(t.db, { plan })
  const admin = await buildUser(t.db, { company, profile: 'admin' })
  const agent = await buildUser(t.db, { company, allUserChat: 'enabled' })
  return {
    company,
    admin,
    agent,
    asAdmin: await loginAs(t.app, admin),
    asAgent: await loginAs(t.app, agent),
  }
}

const create = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/tags', headers, payload })

describe('tags CRUD', () => {
  test('creates, finds the same tag again, renames, recolours and deletes', async () => {
    const { asAgent } = await team()
    const created = await create(asAgent, { name: 'Cliente', color: '#112233', companyId: 1 })
    expect(created.statusCode).toBe(200)
    const tag = created.json<TagDto>()
    expect(tag).toMatchObject({
      name: 'Cliente',
      color: '#112233',
      kanban: 0,
      ticketsCount: 0,
      contactsCount: 0,
    })
    const again = await create(asAgent, { name: 'Cliente' })
    expect(again.json<TagDto>().id).toBe(tag.id)
    const defaults = await create(asAgent, { name: 'Sem cor' })
    expect(defaults.json<TagDto>().color).toBe('#A4CCCC')

    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/tags/${tag.id}`,
      headers: asAgent,
      payload: { name: 'Cliente VIP', color: '#445566' },
    })
    expect(renamed.json<TagDto>()).toMatchObject({ name: 'Cliente VIP', color: '#445566' })
    const clash = await t.app.inject({
      method: 'PUT',
      url: `/tags/${tag.id}`,
      headers: asAgent,
      payload: { name: 'Sem cor' },
    })
    expect([clash.statusCode, clash.json()]).toEqual([409, { error: 'ERR_DUPLICATED_TAG' }])

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/tags/${tag.id}`,
      headers: asAgent,
    })
    expect(removed.statusCode).toBe(200)
    const gone = await t.app.inject({ method: 'GET', url: `/tags/${tag.id}`, headers: asAgent })
    expect([gone.statusCode, gone.json()]).toEqual([404, { error: 'ERR_NO_TAG_FOUND' }])
  })

  test('validates names and colours', async () => {
    const { asAgent } = await team()
    for (const payload of [
      { name: 'ab' },
      { name: '   ' },
      { name: 'Boa', color: 'red' },
      { name: 'Boa', kanban: 2 },
    ]) {
      const res = await create(asAgent, payload)
      expect([
        JSON.stringify(payload),
        res.statusCode,
        res.json<{ error: string }>().error,
      ]).toEqual([JSON.stringify(payload), 400, 'ERR_VALIDATION'])
    }
  })

  test('kanban lanes are managed by admins only', async () => {
    const { asAdmin, asAgent } = await team()
    const refused = await create(asAgent, { name: 'Em negociação', kanban: 1 })
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    const lane = (await create(asAdmin, { name: 'Em negociação', kanban: 1 })).json<TagDto>()
    for (const [method, payload] of [
      ['PUT', { color: '#000000' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.app.inject({ method, url: `/tags/${lane.id}`, headers: asAgent, payload })
      expect(res.statusCode).toBe(403)
    }
    const plain = (await create(asAgent, { name: 'Simples' })).json<TagDto>()
    const promote = await t.app.inject({
      method: 'PUT',
      url: `/tags/${plain.id}`,
      headers: asAgent,
      payload: { kanban: 1 },
    })
    expect(promote.statusCode).toBe(403)
  })

  test('lists with search, kanban filter, counts and both kinds of paging', async () => {
    const { company, asAgent, asAdmin } = await team()
    for (let index = 1; index <= 23; index++)
      await create(asAgent, { name: `Tag ${String(index).padStart(2, '0')}` })
    const lane = (await create(asAdmin, { name: 'Lane A', kanban: 1 })).json<TagDto>()
    const contact = await buildContact(t.db, company)
    const ticket = await buildTicket(t.db, company, { contact })
    // A closed ticket keeps its lane tag but is no longer on the board: not counted.
    const closed = await buildTicket(t.db, company, { contact, status: 'closed' })
    await t.db
      .insert(contactTags)
      .values({ companyId: company.id, contactId: contact.id, tagId: lane.id })
    await t.db.insert(ticketTags).values([
      { companyId: company.id, ticketId: ticket.id, tagId: lane.id },
      { companyId: company.id, ticketId: closed.id, tagId: lane.id },
    ])

    const page = (query: string) =>
      t.app
        .inject({ method: 'GET', url: `/tags/?${query}`, headers: asAgent })
        .then((res) => res.json<TagList>())
    const first = await page('kanban=0')
    expect([first.tags.length, first.count, first.hasMore]).toEqual([20, 23, true])
    const second = await page(`kanban=0&cursor=${first.nextCursor}`)
    expect(second.tags.map((tag) => tag.name)).toEqual(['Tag 21', 'Tag 22', 'Tag 23'])
    expect((await page('kanban=0&pageNumber=2')).tags).toHaveLength(3)
    const lanes = await page('kanban=1')
    expect(lanes.tags).toEqual([{ ...lane, ticketsCount: 1, contactsCount: 1 }])
    expect((await page('searchParam=tag 0')).count).toBe(9)

    const picker = await t.app.inject({
      method: 'GET',
      url: '/tags/list?kanban=1',
      headers: asAgent,
    })
    expect(picker.json<TagDto[]>().map((tag) => tag.name)).toEqual(['Lane A'])
  })

  test('another company’s tag is not found', async () => {
    const { asAdmin } = await team()
    const other = await team()
    const foreign = (await create(other.asAdmin, { name: 'Alheia' })).json<TagDto>()
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { name: 'Minha' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: `/tags/${foreign.id}`,
        headers: asAdmin,
        payload,
      })
      expect([method, res.statusCode, res.json()]).toEqual([
        method,
        404,
        { error: 'ERR_NO_TAG_FOUND' },
      ])
    }
    const list = await t.app.inject({ method: 'GET', url: '/tags/list', headers: asAdmin })
    expect(list.json()).toEqual([])
  })
})

describe('ticket tags (kanban lanes)', () => {
  test('one lane per ticket; empty and DELETE leave the lanes but keep plain tags', async () => {
    const { company, asAdmin, asAgent } = await team()
    const laneA = (await create(asAdmin, { name: 'Lane A', kanban: 1 })).json<TagDto>()
    const laneB = (await create(asAdmin, { name: 'Lane B', kanban: 1 })).json<TagDto>()
    const ticket = await buildTicket(t.db, company, { status: 'open' })
    const plain = await buildTag(t.db, company, { name: 'Plain', tickets: [ticket] })

    const lanesOf = async () =>
      (
        await t.db
          .select({ tagId: ticketTags.tagId })
          .from(ticketTags)
          .where(eq(ticketTags.ticketId, ticket.id))
          .orderBy(ticketTags.tagId)
      ).map((row) => row.tagId)

    const put = (tagId: number | string) =>
      t.app.inject({ method: 'PUT', url: `/ticket-tags/${ticket.id}/${tagId}`, headers: asAgent })
    const first = await put(laneA.id)
    expect([first.statusCode, first.json()]).toEqual([
      201,
      { ticketId: ticket.id, tagId: laneA.id },
    ])
    await put(laneB.id)
    expect(await lanesOf()).toEqual([laneB.id, plain.id].sort((a, b) => a - b))
    const read = await t.app.inject({
      method: 'GET',
      url: `/tickets/${ticket.id}`,
      headers: asAgent,
    })
    expect(
      read
        .json<TicketDto>()
        .tags.map((tag) => tag.name)
        .sort(),
    ).toEqual(['Lane B', 'Plain'])

    expect((await put('empty')).json()).toEqual({ ticketId: ticket.id, tagId: null })
    expect(await lanesOf()).toEqual([plain.id])
    await put(laneA.id)
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: `/ticket-tags/${ticket.id}`,
      headers: asAgent,
    })
    expect(cleared.statusCode).toBe(200)
    expect(await lanesOf()).toEqual([plain.id])

    // A plain tag is no lane; another company's lane is not found either.
    expect((await put(plain.id)).statusCode).toBe(404)
    const other = await team()
    const foreignLane = (await create(other.asAdmin, { name: 'Lane X', kanban: 1 })).json<TagDto>()
    expect((await put(foreignLane.id)).json()).toEqual({ error: 'ERR_NO_TAG_FOUND' })
    expect((await put('9999999999')).statusCode).toBe(404)
    expect((await put('abc')).statusCode).toBe(400)
  })

  test('another company’s ticket is not found and the plan must have kanban', async () => {
    const { asAdmin } = await team()
    const other = await team()
    const lane = (await create(asAdmin, { name: 'Lane', kanban: 1 })).json<TagDto>()
    const foreignTicket = await buildTicket(t.db, other.company, { status: 'open' })
    const res = await t.app.inject({
      method: 'PUT',
      url: `/ticket-tags/${foreignTicket.id}/${lane.id}`,
      headers: asAdmin,
    })
    expect([res.statusCode, res.json()]).toEqual([404, { error: 'ERR_NO_TICKET_FOUND' }])
    const clear = await t.app.inject({
      method: 'DELETE',
      url: `/ticket-tags/${foreignTicket.id}`,
      headers: asAdmin,
    })
    expect(clear.statusCode).toBe(404)

    const noKanban = await team({ useKanban: false })
    const ticket = await buildTicket(t.db, noKanban.company, { status: 'open' })
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/ticket-tags/${ticket.id}`,
      headers: noKanban.asAdmin,
    })
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
  })

  test('a profile user cannot put a ticket he does not see in a lane', async () => {
    const company = await buildCompany(t.db)
    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const holder = await buildUser(t.db, { company })
    const stranger = await buildUser(t.db, { company })
    const lane = (
      await create(await loginAs(t.app, admin), { name: 'Lane', kanban: 1 })
    ).json<TagDto>()
    const ticket = await buildTicket(t.db, company, { status: 'open', userId: holder.id })
    const res = await t.app.inject({
      method: 'PUT',
      url: `/ticket-tags/${ticket.id}/${lane.id}`,
      headers: await loginAs(t.app, stranger),
    })
    expect([res.statusCode, res.json()]).toEqual([404, { error: 'ERR_NO_TICKET_FOUND' }])
    const stored = await t.db.select().from(tags).where(eq(tags.companyId, company.id))
    expect(stored).toHaveLength(1)
  })
})
