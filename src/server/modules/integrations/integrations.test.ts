import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type {
  QueueIntegrationDto,
  QueueIntegrationList,
} from '@shared/contracts/queue-integrations'
import {
  buildChatbot,
  buildCompany,
  buildConnection,
  buildFlow,
  buildIntegration,
  buildPlan,
  buildQueue,
  buildTicket,
  buildUser,
} from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { connections } from '../connections/connections.table'
import { queueIntegrations } from './integrations.table'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

async function team(options: { useIntegrations?: boolean } = {}) {
  const plan = await buildPlan(t.db, { useIntegrations: options.useIntegrations ?? true })
  const company = await buildCompany(t.db, { plan })
  const admin = await buildUser(t.db, { company, profile: 'admin' })
  const agent = await buildUser(t.db, { company })
  return {
    company,
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

const SERVICE_ACCOUNT = JSON.stringify({
  type: 'service_account',
  project_id: 'atende-bot',
  private_key: '-----BEGIN PRIVATE KEY-----\nMIIEsecret\n-----END PRIVATE KEY-----\n',
  client_email: 'bot@atende-bot.iam.gserviceaccount.com',
})

const typebot = {
  type: 'typebot',
  name: 'Triagem',
  urlN8N: 'https://typebot.example.com',
  typebotSlug: 'triagem-atende',
  typebotExpires: 15,
  typebotKeywordFinish: 'sair',
  typebotKeywordRestart: 'reiniciar',
  typebotRestartMessage: 'Vamos recomeçar.',
  typebotUnknownMessage: 'Não entendi.',
}

describe('queue integrations', () => {
  test('an admin creates, lists newest first with search and pages, reads, updates and deletes', async () => {
    const { asAdmin } = await team()
    const created = await inject('POST', '/queueIntegration', asAdmin, typebot)
    expect(created.statusCode).toBe(200)
    const integration = created.json<QueueIntegrationDto>()
    expect(integration).toMatchObject({
      ...typebot,
      typebotDelayMessage: 1000,
      credentialsStored: false,
      language: null,
    })
    for (let index = 0; index < 21; index++)
      await inject('POST', '/queueIntegration', asAdmin, {
        type: 'webhook',
        name: `Gancho ${index}`,
        urlN8N: `https://hooks.example.com/${index}`,
      })
    const first = (await inject('GET', '/queueIntegration', asAdmin)).json<QueueIntegrationList>()
    expect(first.count).toBe(22)
    expect(first.hasMore).toBe(true)
    expect(first.queueIntegrations).toHaveLength(20)
    expect(first.queueIntegrations[0]!.name).toBe('Gancho 20')
    const second = (
      await inject('GET', '/queueIntegration?pageNumber=2', asAdmin)
    ).json<QueueIntegrationList>()
    expect(second.queueIntegrations.map((row) => row.name)).toEqual(['Gancho 0', 'Triagem'])
    expect(second.hasMore).toBe(false)
    const searched = (
      await inject('GET', '/queueIntegration?searchParam=triag', asAdmin)
    ).json<QueueIntegrationList>()
    expect(searched.queueIntegrations.map((row) => row.id)).toEqual([integration.id])

    expect((await inject('GET', `/queueIntegration/${integration.id}`, asAdmin)).json()).toEqual(
      integration,
    )
    const updated = await inject('PUT', `/queueIntegration/${integration.id}`, asAdmin, {
      ...typebot,
      typebotDelayMessage: 2500,
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json()).toMatchObject({ typebotDelayMessage: 2500, typebotExpires: 15 })

    expect(
      (await inject('DELETE', `/queueIntegration/${integration.id}`, asAdmin)).statusCode,
    ).toBe(200)
    const gone = await inject('GET', `/queueIntegration/${integration.id}`, asAdmin)
    expect([gone.statusCode, gone.json()]).toEqual([404, { error: 'ERR_NO_INTEGRATION_FOUND' }])
  })

  test("Dialogflow's service account is stored sealed, never answered, and kept when not sent again", async () => {
    const { asAdmin } = await team()
    const body = {
      type: 'dialogflow',
      name: 'Dialogflow',
      projectName: 'atende-bot',
      language: 'pt-BR',
      jsonContent: SERVICE_ACCOUNT,
    }
    const created = await inject('POST', '/queueIntegration', asAdmin, body)
    expect(created.statusCode).toBe(200)
    expect(created.body).not.toContain('MIIEsecret')
    expect(created.json()).toMatchObject({ credentialsStored: true })
    expect(created.json()).not.toHaveProperty('jsonContent')
    const { id } = created.json<QueueIntegrationDto>()
    const [row] = await t.db.select().from(queueIntegrations).where(eq(queueIntegrations.id, id))
    expect(row!.credentialsSealed).not.toContain('MIIEsecret')

    const renamed = await inject('PUT', `/queueIntegration/${id}`, asAdmin, {
      ...body,
      name: 'Dialogflow vendas',
      jsonContent: '',
    })
    expect(renamed.json()).toMatchObject({ name: 'Dialogflow vendas', credentialsStored: true })
    const [kept] = await t.db.select().from(queueIntegrations).where(eq(queueIntegrations.id, id))
    expect(kept!.credentialsSealed).toBe(row!.credentialsSealed)

    // Another type has no use for them: they are not kept.
    const retyped = await inject('PUT', `/queueIntegration/${id}`, asAdmin, {
      type: 'webhook',
      name: 'Dialogflow vendas',
      urlN8N: 'https://hooks.example.com/x',
    })
    expect(retyped.json()).toMatchObject({ type: 'webhook', credentialsStored: false })
  })

  test('validation: each type its required fields, a real URL and JSON; names unique per company', async () => {
    const { asAdmin } = await team()
    const refused = async (payload: object, field: string) => {
      const response = await inject('POST', '/queueIntegration', asAdmin, payload)
      expect([response.statusCode, response.json()]).toEqual([
        400,
        { error: 'ERR_VALIDATION', field },
      ])
    }
    await refused({ type: 'webhook', name: 'x', urlN8N: 'https://a.example' }, 'name')
    await refused({ type: 'n8n', name: 'Fluxo' }, 'urlN8N')
    await refused({ type: 'webhook', name: 'Gancho', urlN8N: 'ftp://files.example' }, 'urlN8N')
    await refused({ ...typebot, typebotSlug: ' ' }, 'typebotSlug')
    await refused(
      { type: 'dialogflow', name: 'DF', projectName: 'p', language: 'en' },
      'jsonContent',
    )
    await refused(
      { type: 'dialogflow', name: 'DF', projectName: 'p', language: 'en', jsonContent: '{oops' },
      'jsonContent',
    )
    await refused(
      { type: 'dialogflow', name: 'DF', projectName: 'p', jsonContent: '{}' },
      'language',
    )
    const invalidType = await inject('POST', '/queueIntegration', asAdmin, {
      type: 'telex',
      name: 'Telex',
    })
    expect(invalidType.statusCode).toBe(400)

    expect((await inject('POST', '/queueIntegration', asAdmin, typebot)).statusCode).toBe(200)
    const twice = await inject('POST', '/queueIntegration', asAdmin, {
      ...typebot,
      name: 'TRIAGEM',
    })
    expect([twice.statusCode, twice.json()]).toEqual([
      409,
      { error: 'ERR_DUPLICATED_INTEGRATION', field: 'name' },
    ])
    // Another company may use the same name.
    const other = await team()
    expect((await inject('POST', '/queueIntegration', other.asAdmin, typebot)).statusCode).toBe(200)
  })

  test("a flow integration names one of the company's flows", async () => {
    const { company, asAdmin } = await team()
    const mine = await buildFlow(t.db, company)
    const theirs = await buildFlow(t.db, await buildCompany(t.db))
    const flowIntegration = { type: 'flowbuilder', name: 'Fluxo de vendas' }
    for (const [payload, field] of [
      [flowIntegration, 'flowId'],
      [{ ...flowIntegration, flowId: theirs.id }, 'flowId'],
    ] as const) {
      const response = await inject('POST', '/queueIntegration', asAdmin, payload)
      expect([response.statusCode, response.json()]).toEqual([
        400,
        { error: 'ERR_VALIDATION', field },
      ])
    }
    const created = await inject('POST', '/queueIntegration', asAdmin, {
      ...flowIntegration,
      flowId: mine.id,
    })
    expect(created.json()).toMatchObject({ type: 'flowbuilder', flowId: mine.id })
    // Another type keeps no flow.
    const changed = await inject('PUT', `/queueIntegration/${created.json().id}`, asAdmin, {
      type: 'webhook',
      name: 'Fluxo de vendas',
      urlN8N: 'https://hooks.loja.com/x',
      flowId: mine.id,
    })
    expect(changed.json()).toMatchObject({ type: 'webhook', flowId: null })
  })

  test('an integration in use is not deleted: the refusal names who uses it', async () => {
    const { company, asAdmin } = await team()
    const integration = await buildIntegration(t.db, company)
    const connection = await buildConnection(t.db, company, { name: 'Loja' })
    await t.db
      .update(connections)
      .set({ integrationId: integration.id })
      .where(eq(connections.id, connection.id))
    const queue = await buildQueue(t.db, company, {
      name: 'Suporte',
      integrationId: integration.id,
    })
    await buildChatbot(t.db, company, queue, {
      name: 'Falar com o robô',
      queueType: 'integration',
      optIntegrationId: integration.id,
    })
    await buildTicket(t.db, company, {
      connection,
      status: 'pending',
      useIntegration: true,
      integrationId: integration.id,
    })
    const refused = await inject('DELETE', `/queueIntegration/${integration.id}`, asAdmin)
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      {
        error: 'ERR_INTEGRATION_IN_USE',
        usedBy: {
          connections: ['Loja'],
          queues: ['Suporte'],
          options: ['Falar com o robô'],
          activeTickets: 1,
        },
      },
    ])
    expect((await inject('GET', `/queueIntegration/${integration.id}`, asAdmin)).statusCode).toBe(
      200,
    )
  })

  test('live: admins hear creates, updates and deletes', async () => {
    const { company, asAdmin } = await team()
    const emit = vi.spyOn(t.deps.realtime, 'emit')
    try {
      const created = (await inject('POST', '/queueIntegration', asAdmin, typebot)).json()
      await inject('PUT', `/queueIntegration/${created.id}`, asAdmin, { ...typebot, name: 'Outro' })
      await inject('DELETE', `/queueIntegration/${created.id}`, asAdmin)
      const heard = emit.mock.calls.filter(([, , kind]) => kind === 'queueIntegration')
      expect(heard.map(([companyId, rooms]) => [companyId, rooms])).toEqual([
        [company.id, ['admins']],
        [company.id, ['admins']],
        [company.id, ['admins']],
      ])
      expect(heard.map(([, , , payload]) => payload)).toEqual([
        { action: 'create', queueIntegration: created },
        { action: 'update', queueIntegration: expect.objectContaining({ name: 'Outro' }) },
        { action: 'delete', integrationId: created.id },
      ])
    } finally {
      emit.mockRestore()
    }
  })

  test("another company's integration is not found; profile users and plans without integrations are refused", async () => {
    const mine = await team()
    const theirs = await team()
    const foreign = await buildIntegration(t.db, theirs.company)
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', typebot],
      ['DELETE', undefined],
    ] as const) {
      const response = await inject(
        method,
        `/queueIntegration/${foreign.id}`,
        mine.asAdmin,
        payload,
      )
      expect([response.statusCode, response.json()]).toEqual([
        404,
        { error: 'ERR_NO_INTEGRATION_FOUND' },
      ])
    }
    const listed = (await inject('GET', '/queueIntegration', mine.asAdmin)).json()
    expect(listed.queueIntegrations).toEqual([])

    const agent = await inject('GET', '/queueIntegration', mine.asAgent)
    expect([agent.statusCode, agent.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    const unplanned = await team({ useIntegrations: false })
    const gated = await inject('POST', '/queueIntegration', unplanned.asAdmin, typebot)
    expect(gated.statusCode).toBe(403)
    expect(
      await t.db
        .select()
        .from(queueIntegrations)
        .where(eq(queueIntegrations.companyId, unplanned.company.id)),
    ).toEqual([])
  })
})
