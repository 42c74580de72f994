import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { QuickMessageDto, QuickMessagePage } from '@shared/contracts/quick-messages'
import { rooms } from '@shared/realtime/events'
import { buildCompany, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { multipart, PNG_1x1 } from '@tests/helpers/messages'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { users } from '../users/users.table'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
const inject = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })

const failure = (response: { statusCode: number; json(): unknown }) => [
  response.statusCode,
  response.json(),
]

async function team() {
  const company = await buildCompany(t.db)
  const admin = await buildUser(t.db, { company, profile: 'admin' })
  const agent = await buildUser(t.db, { company, name: 'Ana' })
  const colleague = await buildUser(t.db, { company })
  return {
    company,
    agent,
    asAdmin: await loginAs(t.app, admin),
    asAgent: await loginAs(t.app, agent),
    asColleague: await loginAs(t.app, colleague),
  }
}

const create = async (headers: Record<string, string>, body: object) => {
  const response = await inject('POST', '/quick-messages', headers, body)
  expect(response.statusCode).toBe(200)
  return response.json<QuickMessageDto>()
}

const shortcodes = async (headers: Record<string, string>, url = '/quick-messages') => {
  const body = (await inject('GET', url, headers)).json<QuickMessagePage | QuickMessageDto[]>()
  return (Array.isArray(body) ? body : body.records).map((row) => row.shortcode)
}

describe('quick messages', () => {
  test('create with the spec defaults, read, update and delete', async () => {
    const { agent, asAgent } = await team()
    const created = await create(asAgent, { shortcode: '  oi ', message: ' Olá {{name}}! ' })
    expect(created).toMatchObject({
      shortcode: 'oi',
      message: 'Olá {{name}}!',
      geral: false,
      visao: true,
      status: true,
      userId: agent.id,
      userName: 'Ana',
      mediaPath: null,
      mediaUrl: null,
    })
    expect((await inject('GET', `/quick-messages/${created.id}`, asAgent)).json()).toEqual(created)
    const updated = await inject('PUT', `/quick-messages/${created.id}`, asAgent, {
      shortcode: 'ola',
      message: 'Bom dia',
      status: false,
    })
    expect(updated.json<QuickMessageDto>()).toMatchObject({
      shortcode: 'ola',
      message: 'Bom dia',
      status: false,
      userId: agent.id,
    })
    expect((await inject('DELETE', `/quick-messages/${created.id}`, asAgent)).json()).toEqual({
      message: 'Quick message deleted',
    })
    expect(failure(await inject('GET', `/quick-messages/${created.id}`, asAgent))).toEqual([
      404,
      { error: 'ERR_NO_QUICKMESSAGE_FOUND' },
    ])
  })

  test('the shortcode is required, and the text unless a file goes with it', async () => {
    const { asAgent } = await team()
    expect(
      failure(await inject('POST', '/quick-messages', asAgent, { shortcode: ' ', message: 'x' })),
    ).toEqual([400, { error: 'ERR_VALIDATION', field: 'shortcode' }])
    expect(
      failure(await inject('POST', '/quick-messages', asAgent, { shortcode: 'a', message: ' ' })),
    ).toEqual([400, { error: 'ERR_VALIDATION', field: 'message' }])
    const media = await create(asAgent, { shortcode: 'foto', message: '', isMedia: true })
    expect(media.message).toBe('')
  })

  test('others see visible or shared ones, edit only shared ones; the creator or an admin deletes', async () => {
    const { asAdmin, asAgent, asColleague } = await team()
    const hidden = await create(asAgent, { shortcode: 'a-privado', message: 'x', visao: false })
    const visible = await create(asAgent, { shortcode: 'b-visivel', message: 'x' })
    const shared = await create(asAgent, {
      shortcode: 'c-geral',
      message: 'x',
      visao: false,
      geral: true,
    })
    expect(await shortcodes(asAgent)).toEqual(['a-privado', 'b-visivel', 'c-geral'])
    expect(await shortcodes(asColleague)).toEqual(['b-visivel', 'c-geral'])
    expect(failure(await inject('GET', `/quick-messages/${hidden.id}`, asAdmin))).toEqual([
      404,
      { error: 'ERR_NO_QUICKMESSAGE_FOUND' },
    ])

    const edit = { shortcode: 'novo', message: 'y' }
    for (const headers of [asColleague, asAdmin])
      expect(failure(await inject('PUT', `/quick-messages/${visible.id}`, headers, edit))).toEqual([
        403,
        { error: 'ERR_NO_PERMISSION' },
      ])
    expect(
      (await inject('PUT', `/quick-messages/${shared.id}`, asColleague, edit)).statusCode,
    ).toBe(200)
    expect(failure(await inject('DELETE', `/quick-messages/${shared.id}`, asColleague))).toEqual([
      403,
      { error: 'ERR_NO_PERMISSION' },
    ])
    expect((await inject('DELETE', `/quick-messages/${visible.id}`, asAdmin)).statusCode).toBe(200)
  })

  test('a private one whose creator was deleted is left to the admins, who may delete it', async () => {
    const { agent, asAdmin, asAgent, asColleague } = await team()
    const row = await create(asAgent, { shortcode: 'orfao', message: 'x', visao: false })
    await t.db.delete(users).where(eq(users.id, agent.id))
    expect(await shortcodes(asColleague)).toEqual([])
    expect(await shortcodes(asAdmin)).toEqual(['orfao'])
    expect((await inject('DELETE', `/quick-messages/${row.id}`, asAdmin)).statusCode).toBe(200)
  })

  test('the composer is offered the active ones the caller sees, whatever the query says', async () => {
    const { company, asAgent, asColleague } = await team()
    await create(asAgent, { shortcode: 'ativo', message: 'x' })
    await create(asAgent, { shortcode: 'inativo', message: 'x', status: false })
    await create(asAgent, { shortcode: 'meu', message: 'x', visao: false })
    const other = await buildCompany(t.db)
    const foreignUrl = `/quick-messages/list?companyId=${other.id}&userId=1`
    expect(await shortcodes(asAgent, foreignUrl)).toEqual(['ativo', 'meu'])
    expect(await shortcodes(asColleague, `/quick-messages/list?companyId=${company.id}`)).toEqual([
      'ativo',
    ])
  })

  test('search in shortcode and text, pages of 20', async () => {
    const { asAgent } = await team()
    for (let index = 0; index < 21; index += 1)
      await create(asAgent, {
        shortcode: `s${String(index).padStart(2, '0')}`,
        message: index === 7 ? 'Promoção de Natal' : 'x',
      })
    const first = (
      await inject('GET', '/quick-messages?pageNumber=1', asAgent)
    ).json<QuickMessagePage>()
    expect([first.records.length, first.count, first.hasMore]).toEqual([20, 21, true])
    const second = (
      await inject('GET', '/quick-messages?pageNumber=2', asAgent)
    ).json<QuickMessagePage>()
    expect([second.records.map((row) => row.shortcode), second.hasMore]).toEqual([['s20'], false])
    expect(await shortcodes(asAgent, '/quick-messages?searchParam=natal')).toEqual(['s07'])
    expect(await shortcodes(asAgent, '/quick-messages?searchParam=S1')).toHaveLength(10)
  })

  test('a file is attached, replaced and removed; the text cannot go with it', async () => {
    const { asAgent } = await team()
    const row = await create(asAgent, { shortcode: 'foto', message: '', isMedia: true })
    const upload = async () => {
      const form = await multipart([
        ['typeArch', 'quickMessage'],
        ['file', PNG_1x1, 'logo.png'],
      ])
      return t.app.inject({
        method: 'POST',
        url: `/quick-messages/${row.id}/media-upload`,
        headers: { ...asAgent, ...form.headers },
        payload: form.payload,
      })
    }
    const first = (await upload()).json<QuickMessageDto>()
    expect(first).toMatchObject({ mediaName: 'logo.png', mediaMime: 'image/png' })
    expect(first.mediaPath).toMatch(/^quickMessage\/[0-9a-f]{32}\.png$/)
    const file = await t.app.inject({ method: 'GET', url: first.mediaUrl! })
    expect(file.statusCode).toBe(200)
    const second = (await upload()).json<QuickMessageDto>()
    expect(second.mediaPath).not.toBe(first.mediaPath)
    expect((await t.app.inject({ method: 'GET', url: first.mediaUrl! })).statusCode).toBe(404)
    expect(
      failure(await inject('DELETE', `/quick-messages/${row.id}/media-upload`, asAgent)),
    ).toEqual([400, { error: 'ERR_VALIDATION', field: 'message' }])
    await inject('PUT', `/quick-messages/${row.id}`, asAgent, {
      shortcode: 'foto',
      message: 'Veja',
    })
    const cleared = await inject('DELETE', `/quick-messages/${row.id}/media-upload`, asAgent)
    expect(cleared.json<QuickMessageDto>()).toMatchObject({ mediaPath: null, mediaName: null })
    expect((await t.app.inject({ method: 'GET', url: second.mediaUrl! })).statusCode).toBe(404)
  })

  test("another company's quick message is not found", async () => {
    const { asAgent } = await team()
    const stranger = await team()
    const row = await create(stranger.asAgent, { shortcode: 'oi', message: 'x', geral: true })
    for (const [method, url, payload] of [
      ['GET', `/quick-messages/${row.id}`],
      ['PUT', `/quick-messages/${row.id}`, { shortcode: 'x', message: 'y' }],
      ['DELETE', `/quick-messages/${row.id}`],
      ['DELETE', `/quick-messages/${row.id}/media-upload`],
    ] as const)
      expect(failure(await inject(method, url, asAgent, payload))).toEqual([
        404,
        { error: 'ERR_NO_QUICKMESSAGE_FOUND' },
      ])
    expect(await shortcodes(asAgent)).toEqual([])
  })

  test('events reach those who see the row; hiding it tells the others to drop it', async () => {
    const { agent, asAgent } = await team()
    const emit = vi.spyOn(t.deps.realtime, 'emit')
    const row = await create(asAgent, { shortcode: 'oi', message: 'x' })
    await inject('PUT', `/quick-messages/${row.id}`, asAgent, {
      shortcode: 'oi',
      message: 'x',
      visao: false,
    })
    await inject('DELETE', `/quick-messages/${row.id}`, asAgent)
    const calls = emit.mock.calls.filter(([, , kind]) => kind === 'quickemessage')
    emit.mockRestore()
    expect(calls.map(([, to, , payload, except]) => [to, payload.action, except])).toEqual([
      [[rooms.company], 'create', undefined],
      [[rooms.user(agent.id)], 'update', undefined],
      [[rooms.company], 'delete', [rooms.user(agent.id)]],
      [[rooms.user(agent.id), rooms.admins], 'delete', undefined],
    ])
  })
})
