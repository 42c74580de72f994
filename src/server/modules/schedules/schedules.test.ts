import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { SaveScheduleBody, ScheduleDto, SchedulePage } from '@shared/contracts/schedules'
import { rooms } from '@shared/realtime/events'
import {
  buildCompany,
  buildConnection,
  buildContact,
  buildPlan,
  buildTicket,
  buildUser,
} from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { multipart, PNG_1x1 } from '@tests/helpers/messages'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
type Headers = Record<string, string>
const inject = (method: Method, url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })
const failure = (response: { statusCode: number; json(): unknown }) => [
  response.statusCode,
  response.json(),
]
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString()

async function team() {
  const company = await buildCompany(t.db)
  const agent = await buildUser(t.db, { company, name: 'Ana' })
  const contact = await buildContact(t.db, company, { name: 'Cliente' })
  const connection = await buildConnection(t.db, company, { isDefault: true, name: 'Padrão' })
  const body: SaveScheduleBody = {
    body: 'Lembrete da consulta',
    contactId: contact.id,
    sendAt: inAnHour(),
  }
  return {
    company,
    agent,
    contact,
    connection,
    body,
    asAgent: await loginAs(t.app, agent),
    asColleague: await loginAs(t.app, await buildUser(t.db, { company })),
    asAdmin: await loginAs(t.app, await buildUser(t.db, { company, profile: 'admin' })),
  }
}

const create = async (headers: Headers, body: SaveScheduleBody) => {
  const response = await inject('POST', '/schedules', headers, body)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<ScheduleDto>()
}

describe('schedules', () => {
  test('created with the spec defaults, the default connection resolved when none is given', async () => {
    const { agent, asAgent, body, contact, connection } = await team()
    const schedule = await create(asAgent, body)
    expect(schedule).toMatchObject({
      body: 'Lembrete da consulta',
      status: 'PENDENTE',
      contact: { id: contact.id, name: 'Cliente' },
      user: { id: agent.id, name: 'Ana' },
      whatsapp: { id: connection.id, name: 'Padrão' },
      openTicket: 'enabled',
      statusTicket: 'closed',
      intervalo: 1,
      valorIntervalo: 0,
      enviarQuantasVezes: 1,
      contadorEnvio: 0,
      tipoDias: 4,
      assinar: false,
    })
  })

  test("the contact's last connection is preferred to the default", async () => {
    const { company, asAgent, body, contact } = await team()
    const other = await buildConnection(t.db, company, { name: 'Loja' })
    await buildTicket(t.db, company, { connection: other, contact })
    expect((await create(asAgent, body)).whatsapp?.name).toBe('Loja')
  })

  test('the spec validations, and references of the company only', async () => {
    const { asAgent, body } = await team()
    const stranger = await team()
    const bad = async (change: Partial<SaveScheduleBody>) =>
      failure(await inject('POST', '/schedules', asAgent, { ...body, ...change }))
    expect(await bad({ body: 'Oi' })).toEqual([400, { error: 'ERR_VALIDATION', field: 'body' }])
    expect(await bad({ contactId: null })).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'contactId' },
    ])
    expect(await bad({ contactId: stranger.contact.id })).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'contactId' },
    ])
    expect(await bad({ whatsappId: stranger.connection.id })).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'whatsappId' },
    ])
    expect(
      (await inject('POST', '/schedules', asAgent, { ...body, body: 'Oi', isMedia: true }))
        .statusCode,
    ).toBe(200)
  })

  test('everyone reads the company calendar; its creator or an admin changes a schedule', async () => {
    const { asAgent, asColleague, asAdmin, body } = await team()
    const schedule = await create(asAgent, body)
    const range = `start=${new Date(Date.now()).toISOString()}&end=${new Date(Date.now() + 7_200_000).toISOString()}`
    const calendar = (await inject('GET', `/schedules?${range}`, asColleague)).json<SchedulePage>()
    expect(calendar.schedules.map((row) => row.id)).toEqual([schedule.id])
    const later = { ...body, sendAt: new Date(Date.now() + 7_200_000 + 60_000).toISOString() }
    expect(failure(await inject('PUT', `/schedules/${schedule.id}`, asColleague, later))).toEqual([
      403,
      { error: 'ERR_NO_PERMISSION' },
    ])
    const moved = await inject('PUT', `/schedules/${schedule.id}`, asAdmin, later)
    expect(moved.json<ScheduleDto>().sendAt).toBe(later.sendAt)
    expect(
      (await inject('GET', `/schedules?${range}`, asColleague)).json<SchedulePage>().schedules,
    ).toEqual([])
    const found = (
      await inject('GET', '/schedules?searchParam=consulta', asColleague)
    ).json<SchedulePage>()
    expect(found.schedules.map((row) => row.id)).toEqual([schedule.id])
    expect(failure(await inject('DELETE', `/schedules/${schedule.id}`, asColleague))).toEqual([
      403,
      { error: 'ERR_NO_PERMISSION' },
    ])
    expect((await inject('DELETE', `/schedules/${schedule.id}`, asAgent)).json()).toEqual({
      message: 'Schedule deleted',
    })
  })

  test('an image is attached and removed; other files are refused', async () => {
    const { asAgent, body } = await team()
    const schedule = await create(asAgent, body)
    const upload = async (content: Buffer, name: string) => {
      const form = await multipart([['file', content, name]])
      return t.app.inject({
        method: 'POST',
        url: `/schedules/${schedule.id}/media-upload`,
        headers: { ...asAgent, ...form.headers },
        payload: form.payload,
      })
    }
    expect((await upload(PNG_1x1, 'foto.png')).json<ScheduleDto>()).toMatchObject({
      mediaName: 'foto.png',
    })
    expect(failure(await upload(Buffer.from('%PDF-1.4 text'), 'doc.pdf'))).toEqual([
      400,
      { error: 'ERR_INVALID_FILE' },
    ])
    const cleared = await inject('DELETE', `/schedules/${schedule.id}/media-upload`, asAgent)
    expect(cleared.json<ScheduleDto>()).toMatchObject({ mediaPath: null })
  })

  test('events go to the company; plans without schedules and other companies are refused', async () => {
    const { asAgent, body } = await team()
    const emit = vi.spyOn(t.deps.realtime, 'emit')
    const schedule = await create(asAgent, body)
    const calls = emit.mock.calls.filter(([, , kind]) => kind === 'schedule')
    emit.mockRestore()
    expect(calls.map(([, to, , payload]) => [to, payload.action])).toEqual([
      [[rooms.company], 'create'],
    ])
    const stranger = await team()
    for (const [method, url] of [
      ['GET', `/schedules/${schedule.id}`],
      ['DELETE', `/schedules/${schedule.id}`],
      ['DELETE', `/schedules/${schedule.id}/media-upload`],
    ] as const)
      expect(failure(await inject(method, url, stranger.asAdmin))).toEqual([
        404,
        { error: 'ERR_NO_SCHEDULE_FOUND' },
      ])
    const noSchedules = await buildCompany(t.db, {
      plan: await buildPlan(t.db, { useSchedules: false }),
    })
    const outsider = await loginAs(t.app, await buildUser(t.db, { company: noSchedules }))
    expect(failure(await inject('GET', '/schedules', outsider))).toEqual([
      403,
      { error: 'ERR_NO_PERMISSION' },
    ])
  })
})
