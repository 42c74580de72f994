import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { DeletePromptResponse, PromptDto, PromptList } from '@shared/contracts/prompts'
import {
  buildCompany,
  buildConnection,
  buildPlan,
  buildQueue,
  buildTicket,
  buildUser,
} from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { connections } from '../connections/connections.table'
import { prompts } from './prompts.table'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

async function team(options: { useOpenAi?: boolean } = {}) {
  const plan = await buildPlan(t.db, { useOpenAi: options.useOpenAi ?? true })
  const company = await buildCompany(t.db, { plan })
  const admin = await buildUser(t.db, { company, profile: 'admin' })
  const agent = await buildUser(t.db, { company })
  const queue = await buildQueue(t.db, company, { name: 'Suporte' })
  return {
    company,
    queue,
    asAdmin: await loginAs(t.app, admin),
    asAgent: await loginAs(t.app, agent),
  }
}

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })

const API_KEY = 'sk-test-0123456789abcdefWXYZ'
const form = (queueId: number) => ({
  name: 'Assistente de vendas',
  prompt: 'Você é a assistente da loja. Responda com educação e objetividade.',
  apiKey: API_KEY,
  queueId,
})

describe('AI prompts', () => {
  test('an admin creates with defaults, lists by name with search and pages, reads, updates and deletes', async () => {
    const { asAdmin, queue } = await team()
    const created = await inject('POST', '/prompt', asAdmin, form(queue.id))
    expect(created.statusCode).toBe(200)
    const prompt = created.json<PromptDto>()
    expect(prompt).toMatchObject({
      name: 'Assistente de vendas',
      apiKey: '••••WXYZ',
      voice: 'texto',
      voiceKey: '',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      model: '',
      queueId: queue.id,
      queue: { id: queue.id, name: 'Suporte' },
      totalTokens: 0,
    })
    for (let index = 0; index < 21; index++)
      await inject('POST', '/prompt', asAdmin, {
        ...form(queue.id),
        name: `Bot ${String(index).padStart(2, '0')}`,
      })
    const first = (
      await inject('GET', '/prompt?pageNumber=1', asAdmin, undefined)
    ).json<PromptList>()
    expect([first.prompts.length, first.count, first.hasMore]).toEqual([20, 22, true])
    expect(first.prompts[0]!.name).toBe('Assistente de vendas')
    expect(first.prompts[1]!.name).toBe('Bot 00')
    const second = (await inject('GET', '/prompt?pageNumber=2', asAdmin)).json<PromptList>()
    expect([second.prompts.length, second.hasMore]).toEqual([2, false])
    const searched = (await inject('GET', '/prompt?searchParam=VENDAS', asAdmin)).json<PromptList>()
    expect(searched.prompts.map((row) => row.id)).toEqual([prompt.id])

    const updated = await inject('PUT', `/prompt/${prompt.id}`, asAdmin, {
      ...form(queue.id),
      apiKey: '',
      temperature: 0.4,
      maxTokens: 600,
      model: 'gpt-4o-mini',
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json<PromptDto>()).toMatchObject({
      apiKey: '••••WXYZ',
      temperature: 0.4,
      maxTokens: 600,
      model: 'gpt-4o-mini',
    })
    expect((await inject('GET', `/prompt/${prompt.id}`, asAdmin)).json()).toMatchObject({
      temperature: 0.4,
    })
    const removed = await inject('DELETE', `/prompt/${prompt.id}`, asAdmin)
    expect([removed.statusCode, removed.json<DeletePromptResponse>().inUse]).toEqual([200, false])
    expect((await inject('GET', `/prompt/${prompt.id}`, asAdmin)).json()).toEqual({
      error: 'ERR_NO_PROMPT_FOUND',
    })
  })

  test('keys are sealed at rest, answered masked, kept when sent back masked or empty, replaced when new', async () => {
    const { asAdmin, queue } = await team()
    const voiced = {
      ...form(queue.id),
      voice: 'pt-BR-FabioNeural',
      voiceKey: 'azure-key-5555',
      voiceRegion: 'brazilsouth',
    }
    const prompt = (await inject('POST', '/prompt', asAdmin, voiced)).json<PromptDto>()
    expect([prompt.apiKey, prompt.voiceKey]).toEqual(['••••WXYZ', '••••5555'])
    const [row] = await t.db.select().from(prompts).where(eq(prompts.id, prompt.id))
    expect(JSON.stringify(row)).not.toContain(API_KEY)
    expect(JSON.stringify(row)).not.toContain('azure-key-5555')
    const echoed = await inject('PUT', `/prompt/${prompt.id}`, asAdmin, {
      ...voiced,
      apiKey: prompt.apiKey,
      voiceKey: prompt.voiceKey,
    })
    expect(echoed.json<PromptDto>().apiKey).toBe('••••WXYZ')
    expect((await t.services.prompts.forRuntime(row!.companyId, prompt.id))?.apiKey).toBe(API_KEY)
    const replaced = await inject('PUT', `/prompt/${prompt.id}`, asAdmin, {
      ...voiced,
      apiKey: 'sk-new-key-9876',
    })
    expect(replaced.json<PromptDto>().apiKey).toBe('••••9876')
    // Back to text: the voice key it no longer uses is not kept.
    const text = await inject('PUT', `/prompt/${prompt.id}`, asAdmin, {
      ...form(queue.id),
      voice: 'texto',
    })
    expect(text.json<PromptDto>()).toMatchObject({ voiceKey: '', voiceRegion: '' })
  })

  test('validation: name, prompt, key and queue required; parameter ranges; a voice needs its key and region', async () => {
    const { asAdmin, queue } = await team()
    const foreignQueue = await buildQueue(t.db, await buildCompany(t.db))
    const cases: Array<[object, string]> = [
      [{ name: ' ' }, 'name'],
      [{ prompt: '' }, 'prompt'],
      [{ apiKey: '' }, 'apiKey'],
      [{ queueId: null }, 'queueId'],
      [{ queueId: foreignQueue.id }, 'queueId'],
      [{ maxTokens: 0 }, 'maxTokens'],
      [{ maxTokens: 5000 }, 'maxTokens'],
      [{ temperature: 2.5 }, 'temperature'],
      [{ maxMessages: 51 }, 'maxMessages'],
      [{ voice: 'robô' }, 'voice'],
      [{ voice: 'pt-BR-YaraNeural', voiceRegion: 'brazilsouth' }, 'voiceKey'],
      [{ voice: 'pt-BR-YaraNeural', voiceKey: 'k' }, 'voiceRegion'],
    ]
    for (const [change, field] of cases) {
      const response = await inject('POST', '/prompt', asAdmin, { ...form(queue.id), ...change })
      expect([response.statusCode, response.json(), change]).toEqual([
        400,
        { error: 'ERR_VALIDATION', field },
        change,
      ])
    }
  })

  test('a prompt a connection or an ongoing conversation uses is not deleted: the 200 says so', async () => {
    const { company, asAdmin, queue } = await team()
    const prompt = (await inject('POST', '/prompt', asAdmin, form(queue.id))).json<PromptDto>()
    const connection = await buildConnection(t.db, company, { name: 'Loja' })
    const linked = await inject('PUT', `/whatsapp/${connection.id}`, asAdmin, {
      promptId: prompt.id,
    })
    expect(linked.json()).toMatchObject({ promptId: prompt.id })
    const refused = await inject('DELETE', `/prompt/${prompt.id}`, asAdmin)
    expect([refused.statusCode, refused.json()]).toEqual([
      200,
      {
        message:
          'Não foi possível excluir! Verifique se este prompt está sendo usado nas conexões Whatsapp!',
        inUse: true,
        usedBy: { connections: ['Loja'], activeTickets: 0 },
      },
    ])
    await t.db.update(connections).set({ promptId: null }).where(eq(connections.id, connection.id))
    await buildTicket(t.db, company, { useIntegration: true, promptId: prompt.id })
    const talking = (await inject('DELETE', `/prompt/${prompt.id}`, asAdmin)).json()
    expect(talking).toMatchObject({ inUse: true, usedBy: { connections: [], activeTickets: 1 } })
  })

  test("a connection takes its company's prompt only", async () => {
    const { company, asAdmin, queue } = await team()
    const other = await team()
    const theirs = (
      await inject('POST', '/prompt', other.asAdmin, form(other.queue.id))
    ).json<PromptDto>()
    const connection = await buildConnection(t.db, company)
    const refused = await inject('PUT', `/whatsapp/${connection.id}`, asAdmin, {
      promptId: theirs.id,
    })
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { error: 'ERR_VALIDATION', field: 'promptId' },
    ])
    expect(queue.id).toBeGreaterThan(0)
  })

  test('live: admins hear saves (as "update") and deletes', async () => {
    const { company, asAdmin, queue } = await team()
    const emit = vi.spyOn(t.deps.realtime, 'emit')
    const prompt = (await inject('POST', '/prompt', asAdmin, form(queue.id))).json<PromptDto>()
    await inject('DELETE', `/prompt/${prompt.id}`, asAdmin)
    const heard = emit.mock.calls.filter((call) => call[2] === 'prompt')
    expect(heard).toEqual([
      [company.id, ['admins'], 'prompt', { action: 'update', prompt }],
      [company.id, ['admins'], 'prompt', { action: 'delete', intelligenceId: prompt.id }],
    ])
    emit.mockRestore()
  })

  test("another company's prompt is not found; profile users and plans without AI are refused", async () => {
    const { asAdmin, asAgent, queue } = await team()
    const other = await team()
    const theirs = (
      await inject('POST', '/prompt', other.asAdmin, form(other.queue.id))
    ).json<PromptDto>()
    for (const [method, url] of [
      ['GET', `/prompt/${theirs.id}`],
      ['PUT', `/prompt/${theirs.id}`],
      ['DELETE', `/prompt/${theirs.id}`],
    ] as const) {
      const response = await inject(
        method,
        url,
        asAdmin,
        method === 'PUT' ? form(queue.id) : undefined,
      )
      expect([response.statusCode, response.json()]).toEqual([
        404,
        { error: 'ERR_NO_PROMPT_FOUND' },
      ])
    }
    expect((await inject('GET', '/prompt', asAgent)).statusCode).toBe(403)
    const noAi = await team({ useOpenAi: false })
    expect((await inject('GET', '/prompt', noAi.asAdmin)).statusCode).toBe(403)
    expect((await inject('GET', '/prompt', asAdmin)).json<PromptList>().prompts).toEqual([])
  })
})
