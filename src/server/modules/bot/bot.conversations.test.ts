import { generateKeyPairSync } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { DEFAULT_JOB_SETTINGS } from '@server/jobs/engine'
import type { QueueIntegrationDto } from '@shared/contracts/queue-integrations'
import type { PromptDto } from '@shared/contracts/prompts'
import {
  buildChatbot,
  buildCompany,
  buildConnection,
  buildFileList,
  buildIntegration,
  buildQueue,
  buildTicket,
  buildUser,
} from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { cloudTextWebhook, postMetaWebhook } from '@tests/helpers/cloud-webhooks'
import { startStandIn, type StandInAnswer, type StandInRequest } from '@tests/helpers/stand-in'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import type { ConnectionRow } from '../connections/connections.table'
import { queueIntegrations } from '../integrations/integrations.table'
import { signPayload } from '../integrations/runtimes/webhook'
import { messages } from '../messages/messages.table'
import { prompts, promptUsage } from '../prompts/prompts.table'
import { ticketLogs, tickets } from '../tickets/tickets.table'
import { COMPANY_CONCURRENCY, createBotConversations } from './bot.conversations.service'
import { integrationTurns } from './bot.conversations.table'

/**
 * Bots conversing with contacts through the real pipeline: signed Cloud API webhooks in, the
 * bot relaying to Typebot, a webhook or an AI stand-in on this machine, the conversation job
 * answering, and the hand-off to humans.
 */
let t: TestApp
let script: (request: StandInRequest) => StandInAnswer | Promise<StandInAnswer>
let provider: Awaited<ReturnType<typeof startStandIn>>

beforeAll(async () => {
  provider = await startStandIn((request) => script(request))
  t = await buildTestApp({
    config: {
      openai: { apiUrl: `${provider.url}/openai`, apiKey: null },
      bots: {
        openaiModel: 'gpt-test',
        speechUrl: `${provider.url}/speech/{region}`,
        allowPrivateTargets: true,
        dialogflowUrl: `${provider.url}/dialogflow`,
        googleTokenUrl: `${provider.url}/token`,
      },
      // One retry, a second apart: a failing bot is given up within the test.
      jobs: {
        ...DEFAULT_JOB_SETTINGS,
        pollingIntervalSeconds: 0.5,
        policies: {
          'bot.conversation': { retryLimit: 1, retryDelaySeconds: 1, retryBackoff: false },
        },
      },
    },
  })
})
afterAll(async () => {
  await t.close()
  await provider.close()
})
beforeEach(() => {
  provider.requests.length = 0
})

const APP_SECRET = 'conversation-app-secret'
let sequence = 0
type Company = Awaited<ReturnType<typeof buildCompany>>

async function cloudConnection(company: Company, values: Parameters<typeof buildConnection>[2]) {
  sequence += 1
  return buildConnection(t.db, company, {
    channel: 'whatsappapi',
    status: 'CONNECTED',
    wabaPhoneNumberId: `30654035224${sequence}`,
    wabaAccessTokenSealed: t.services.channels.seal('token'),
    wabaAppSecretSealed: t.services.channels.seal(APP_SECRET),
    ...values,
  })
}

/** The contact writes; the pipeline and the bot run, then the ticket's conversation job. */
async function contactWrites(connection: ConnectionRow, body: string) {
  sequence += 1
  const raw = cloudTextWebhook({
    phoneNumberId: connection.wabaPhoneNumberId!,
    from: '5511988887777',
    id: `wamid.CONV${sequence}`,
    body,
    name: 'Maria Souza',
  })
  expect((await postMetaWebhook(t.app, connection.id, raw, APP_SECRET)).statusCode).toBe(200)
  await t.services.inbound.drain()
  await t.deps.jobs.settled(['bot.conversation'], 20_000)
  return ticketOf(connection)
}

async function ticketOf(connection: ConnectionRow) {
  const [row] = await t.db
    .select()
    .from(tickets)
    .where(eq(tickets.whatsappId, connection.id))
    .orderBy(asc(tickets.id))
  return row!
}

/** What the server sent on the ticket on its own, in order. */
async function said(ticketId: number) {
  return t.db
    .select({
      body: messages.body,
      mediaType: messages.mediaType,
      integrationId: messages.integrationId,
      promptId: messages.promptId,
      mediaPath: messages.mediaPath,
    })
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.isAutomatic, true)))
    .orderBy(asc(messages.id))
}

const typebotText = (text: string) => ({
  type: 'text',
  content: { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] },
})

describe('bots conversing with contacts', () => {
  test('a Typebot conversation of three turns ends in a hand-off to a queue', async () => {
    const company = await buildCompany(t.db)
    const sales = await buildQueue(t.db, company, { name: 'Vendas' })
    const typebot = await buildIntegration(t.db, company, {
      type: 'typebot',
      name: 'Triagem',
      urlN8N: `${provider.url}/typebot`,
      typebotSlug: 'triagem',
      typebotExpires: 30,
    })
    const connection = await cloudConnection(company, {
      integrationId: typebot.id,
      queueIds: [sales.id],
    })
    script = (request) => {
      if (request.path === '/typebot/api/v1/typebots/triagem/startChat')
        return {
          json: {
            sessionId: 'sess-1',
            messages: [
              {
                type: 'text',
                content: {
                  type: 'richText',
                  richText: [
                    {
                      type: 'p',
                      children: [{ text: 'Olá! ' }, { text: 'Qual seu nome?', bold: true }],
                    },
                  ],
                },
              },
            ],
            input: { type: 'text input' },
          },
        }
      const { message } = request.json() as { message: string }
      if (message === 'Maria')
        return {
          json: {
            messages: [typebotText('Prazer, Maria. O que procura?')],
            input: {
              type: 'choice input',
              items: [{ content: 'Comprar' }, { content: 'Suporte' }],
            },
          },
        }
      return {
        json: {
          messages: [typebotText(`#{"queueId": ${sales.id}}`)],
          input: { type: 'text input' },
        },
      }
    }

    let ticket = await contactWrites(connection, 'oi')
    expect(ticket).toMatchObject({ useIntegration: true, integrationId: typebot.id, isBot: false })
    expect(provider.requests[0]!.json()).toEqual({
      prefilledVariables: {
        number: '5511988887777',
        pushName: 'Maria Souza',
        remoteJid: '5511988887777',
      },
    })
    ticket = await contactWrites(connection, 'Maria')
    expect(provider.requests[1]!.path).toBe('/typebot/api/v1/sessions/sess-1/continueChat')
    ticket = await contactWrites(connection, '1')
    expect(provider.requests[2]!.json()).toEqual({ message: 'Comprar' })
    expect(ticket).toMatchObject({
      useIntegration: false,
      integrationId: null,
      queueId: sales.id,
      status: 'pending',
      userId: null,
    })
    expect((await said(ticket.id)).map((row) => [row.body, row.integrationId])).toEqual([
      ['Olá! *Qual seu nome?*', typebot.id],
      ['Prazer, Maria. O que procura?', typebot.id],
      ['*1* - Comprar\n*2* - Suporte', typebot.id],
    ])
    const logs = await t.db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, ticket.id))
    expect(logs.map((log) => log.type)).toContain('integrationHandoff')
    // Humans have it now: the next message stays with them, nothing goes to Typebot.
    await contactWrites(connection, 'alô?')
    expect(provider.requests).toHaveLength(3)
    const [health] = await t.db
      .select()
      .from(queueIntegrations)
      .where(eq(queueIntegrations.id, typebot.id))
    expect(health!.lastSuccessAt).not.toBeNull()
  })

  test('an n8n webhook receives each message signed and its answer is applied', async () => {
    const company = await buildCompany(t.db)
    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const support = await buildQueue(t.db, company, { name: 'Suporte' })
    const foreignQueue = await buildQueue(t.db, await buildCompany(t.db), { name: 'Alheia' })
    const asAdmin = await loginAs(t.app, admin)
    const created = await t.app.inject({
      method: 'POST',
      url: '/queueIntegration',
      headers: asAdmin,
      payload: { type: 'n8n', name: 'Fluxo n8n', urlN8N: `${provider.url}/hook` },
    })
    const integration = created.json<QueueIntegrationDto>()
    expect(integration.signingSecret).toMatch(/^[\w-]{32}$/)
    const connection = await cloudConnection(company, { integrationId: integration.id })
    let reply: unknown = { messages: ['Recebido! Já vamos ver.'] }
    script = () => ({ json: reply })

    let ticket = await contactWrites(connection, 'quero um orçamento')
    const [post] = provider.requests
    const body = post!.body.toString('utf8')
    expect(post!.headers['x-atende-signature']).toBe(
      signPayload(integration.signingSecret, Number(post!.headers['x-atende-timestamp']), body),
    )
    expect(JSON.parse(body)).toMatchObject({
      event: 'message',
      company: { id: company.id },
      connection: { id: connection.id, channel: 'whatsappapi' },
      ticket: { id: ticket.id, status: 'pending' },
      contact: { number: '5511988887777', name: 'Maria Souza' },
      message: { body: 'quero um orçamento', fromMe: false, mediaUrl: null },
    })
    expect(ticket.useIntegration).toBe(true)
    // Another company's queue named by the flow is ignored: the ticket keeps its own.
    reply = { messages: ['Vou te passar.'], queueId: foreignQueue.id, stopBot: true }
    ticket = await contactWrites(connection, 'e aí?')
    expect(ticket).toMatchObject({ useIntegration: false, queueId: null })
    expect((await said(ticket.id)).map((row) => row.body)).toEqual([
      'Recebido! Já vamos ver.',
      'Vou te passar.',
    ])
    expect(support.id).toBeGreaterThan(0)
  })

  test('an AI prompt answers with the latest messages as context, counts tokens and hands off', async () => {
    const company = await buildCompany(t.db)
    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const support = await buildQueue(t.db, company, {
      name: 'Suporte',
      greetingMessage: 'Olá, sou a assistente.',
    })
    const asAdmin = await loginAs(t.app, admin)
    const prompt = (
      await t.app.inject({
        method: 'POST',
        url: '/prompt',
        headers: asAdmin,
        payload: {
          name: 'Assistente',
          prompt: 'Você atende a Loja Azul.',
          apiKey: 'sk-loja-azul',
          queueId: support.id,
          maxMessages: 2,
          temperature: 0.3,
        },
      })
    ).json<PromptDto>()
    const connection = await cloudConnection(company, { queueIds: [support.id] })
    const answers = ['Abrimos às 9h.', 'Ação: Transferir para o setor de atendimento. Um momento.']
    script = (request) => {
      expect(request.headers.authorization).toBe('Bearer sk-loja-azul')
      return {
        json: {
          choices: [{ message: { content: answers.shift() } }],
          usage: { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 },
        },
      }
    }

    // The sole queue greets the contact and hands the conversation to its prompt.
    let ticket = await contactWrites(connection, 'oi')
    expect(ticket).toMatchObject({ queueId: support.id, useIntegration: true, promptId: prompt.id })
    expect(provider.requests).toHaveLength(0)
    ticket = await contactWrites(connection, 'qual o horário?')
    const call = provider.requests[0]!.json() as {
      model: string
      temperature: number
      messages: Array<{ role: string; content: string }>
    }
    expect(call.model).toBe('gpt-test')
    expect(call.temperature).toBe(0.3)
    expect(call.messages[0]!.role).toBe('system')
    expect(call.messages[0]!.content).toContain('Você atende a Loja Azul.')
    expect(call.messages[0]!.content).toContain('Maria')
    // The latest two messages (the greeting is the bot's, not the AI's: left out).
    expect(call.messages.slice(1)).toEqual([
      { role: 'user', content: 'oi' },
      { role: 'user', content: 'qual o horário?' },
    ])
    ticket = await contactWrites(connection, 'quero falar com alguém')
    const second = provider.requests[1]!.json() as {
      messages: Array<{ role: string; content: string }>
    }
    expect(second.messages.slice(1)).toEqual([
      { role: 'user', content: 'qual o horário?' },
      { role: 'assistant', content: 'Abrimos às 9h.' },
      { role: 'user', content: 'quero falar com alguém' },
    ])
    expect(ticket).toMatchObject({ useIntegration: false, promptId: null, queueId: support.id })
    const sent = await said(ticket.id)
    expect(sent.slice(-2)).toEqual([
      expect.objectContaining({ body: 'Abrimos às 9h.', promptId: prompt.id }),
      expect.objectContaining({ body: 'Um momento.', promptId: prompt.id }),
    ])
    const [row] = await t.db.select().from(prompts).where(eq(prompts.id, prompt.id))
    expect([row!.promptTokens, row!.totalTokens]).toEqual([100, 120])
    const [day] = await t.db.select().from(promptUsage).where(eq(promptUsage.promptId, prompt.id))
    expect(day).toMatchObject({ calls: 2, totalTokens: 120 })
  })

  test('an AI prompt with a voice answers with a voice note', async () => {
    const company = await buildCompany(t.db)
    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const support = await buildQueue(t.db, company, { name: 'Suporte' })
    const prompt = (
      await t.app.inject({
        method: 'POST',
        url: '/prompt',
        headers: await loginAs(t.app, admin),
        payload: {
          name: 'Voz',
          prompt: 'Responda curto.',
          apiKey: 'sk-voz',
          queueId: support.id,
          voice: 'pt-BR-FranciscaNeural',
          voiceKey: 'azure-key',
          voiceRegion: 'brazilsouth',
        },
      })
    ).json<PromptDto>()
    const connection = await cloudConnection(company, { promptId: prompt.id })
    // The first page of an Ogg Opus stream: its OpusHead makes the content read as audio.
    const ogg = Buffer.concat([
      Buffer.from('OggS'),
      Buffer.from([0, 2]),
      Buffer.alloc(8 + 4 + 4 + 4),
      Buffer.from([1, 19]),
      Buffer.from('OpusHead'),
      Buffer.from([1, 1, 0x38, 1, 0x80, 0xbb, 0, 0, 0, 0, 0]),
    ])
    script = (request) =>
      request.path.startsWith('/speech/')
        ? { body: ogg, type: 'audio/ogg' }
        : { json: { choices: [{ message: { content: 'Claro, posso ajudar.' } }] } }
    const ticket = await contactWrites(connection, 'oi, tudo bem?')
    const speech = provider.requests.find((request) => request.path.startsWith('/speech/'))!
    expect(speech.path).toBe('/speech/brazilsouth')
    expect(speech.headers['ocp-apim-subscription-key']).toBe('azure-key')
    expect(speech.body.toString()).toContain('pt-BR-FranciscaNeural')
    const [voice] = await said(ticket.id)
    expect(voice).toMatchObject({ mediaType: 'audio', promptId: prompt.id })
    expect(await t.services.media.readFile(company.id, voice!.mediaPath!)).toEqual(ogg)
  })

  test('a file-list option sends the list message and its file', async () => {
    const company = await buildCompany(t.db)
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    )
    const stored = await t.services.media.saveFile(company.id, 'fileList/test', png, {
      maxBytes: 1000,
    })
    const list = await buildFileList(t.db, company, {
      message: 'Segue o catálogo, {{firstName}}.',
      options: [{ name: 'Catálogo', path: stored.path, mediaType: 'image/png' }],
    })
    const sales = await buildQueue(t.db, company, { name: 'Vendas', greetingMessage: 'Escolha:' })
    await buildChatbot(t.db, company, sales, {
      name: 'Catálogo',
      queueType: 'file',
      optFileId: list.id,
    })
    const connection = await cloudConnection(company, { queueIds: [sales.id] })
    await contactWrites(connection, 'oi')
    const ticket = await contactWrites(connection, '1')
    const sent = await said(ticket.id)
    expect(sent.slice(-2)).toEqual([
      expect.objectContaining({ body: 'Segue o catálogo, Maria.', mediaType: 'conversation' }),
      expect.objectContaining({ body: 'Catálogo', mediaType: 'image', mediaPath: stored.path }),
    ])
  })

  test('a bot answering 500 is retried, then its error is in the ticket log and humans take over', async () => {
    const company = await buildCompany(t.db)
    const hook = await buildIntegration(t.db, company, {
      type: 'webhook',
      name: 'Quebrado',
      urlN8N: `${provider.url}/broken`,
    })
    const connection = await cloudConnection(company, { integrationId: hook.id })
    script = () => ({ status: 500 })
    // The first try fails the job, which pg-boss retries; the second is the last.
    const ticket = await contactWrites(connection, 'oi')
    expect(ticket).toMatchObject({ useIntegration: false, integrationId: null, status: 'pending' })
    const logs = await t.db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, ticket.id))
    expect(logs.find((log) => log.type === 'integrationError')?.detail).toMatch(
      /^Quebrado: .*answered 500$/,
    )
    expect(
      await t.db.select().from(integrationTurns).where(eq(integrationTurns.ticketId, ticket.id)),
    ).toHaveLength(0)
    const [health] = await t.db
      .select()
      .from(queueIntegrations)
      .where(eq(queueIntegrations.id, hook.id))
    expect(health!.lastError).toMatch(/answered 500/)
    expect(provider.requests).toHaveLength(2)
  })

  test('Dialogflow answers in its session per ticket and hands off when the conversation ends', async () => {
    const company = await buildCompany(t.db)
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const credentials = JSON.stringify({
      type: 'service_account',
      client_email: 'bot@loja.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    })
    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const integration = (
      await t.app.inject({
        method: 'POST',
        url: '/queueIntegration',
        headers: await loginAs(t.app, admin),
        payload: {
          type: 'dialogflow',
          name: 'Agente',
          projectName: 'loja-azul',
          language: 'pt-BR',
          jsonContent: credentials,
        },
      })
    ).json<QueueIntegrationDto>()
    const connection = await cloudConnection(company, { integrationId: integration.id })
    let ending = false
    script = (request) => {
      if (request.path === '/token') return { json: { access_token: 'ya29.token' } }
      return {
        json: {
          queryResult: {
            fulfillmentMessages: [
              {
                text: { text: [ending ? 'Vou chamar um atendente.' : 'Oi! Em que posso ajudar?'] },
              },
            ],
            diagnosticInfo: { end_conversation: ending },
          },
        },
      }
    }
    let ticket = await contactWrites(connection, 'oi')
    const token = provider.requests.find((request) => request.path === '/token')!
    const assertion = new URLSearchParams(token.body.toString()).get('assertion')!
    const claims = JSON.parse(Buffer.from(assertion.split('.')[1]!, 'base64url').toString())
    expect(claims).toMatchObject({
      iss: 'bot@loja.iam.gserviceaccount.com',
      scope: 'https://www.googleapis.com/auth/dialogflow',
    })
    const detect = provider.requests.find((request) => request.path.includes(':detectIntent'))!
    expect(detect.path).toBe(
      `/dialogflow/v2/projects/loja-azul/agent/sessions/ticket-${ticket.id}:detectIntent`,
    )
    expect(detect.headers.authorization).toBe('Bearer ya29.token')
    expect(detect.json()).toEqual({ queryInput: { text: { text: 'oi', languageCode: 'pt-BR' } } })
    ending = true
    ticket = await contactWrites(connection, 'quero falar com uma pessoa')
    expect(ticket).toMatchObject({ useIntegration: false, integrationId: null, status: 'pending' })
    expect((await said(ticket.id)).map((row) => row.body)).toEqual([
      'Oi! Em que posso ajudar?',
      'Vou chamar um atendente.',
    ])
  })

  test("testing an integration shows the bot's first answer, or why it failed, and stores nothing", async () => {
    const company = await buildCompany(t.db)
    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const headers = await loginAs(t.app, admin)
    const typebot = await buildIntegration(t.db, company, {
      type: 'typebot',
      urlN8N: `${provider.url}/typebot`,
      typebotSlug: 'teste',
    })
    script = () => ({
      json: {
        sessionId: 's',
        messages: [typebotText('Bem-vindo ao teste')],
        input: { type: 'text input' },
      },
    })
    const tested = await t.app.inject({
      method: 'POST',
      url: '/queueIntegration/testSession',
      headers,
      payload: { id: typebot.id },
    })
    expect(tested.statusCode).toBe(200)
    expect(tested.json()).toMatchObject({ messages: ['Bem-vindo ao teste'], handOff: null })
    script = () => ({ status: 503 })
    const failed = await t.app.inject({
      method: 'POST',
      url: '/queueIntegration/testSession',
      headers,
      payload: { id: typebot.id },
    })
    expect([failed.statusCode, failed.json()]).toEqual([
      502,
      { error: 'ERR_TEST_SESSION_DIALOG', detail: expect.stringMatching(/answered 503$/) },
    ])
    const theirs = await buildIntegration(t.db, await buildCompany(t.db))
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/queueIntegration/testSession',
      headers,
      payload: { id: theirs.id },
    })
    expect(foreign.statusCode).toBe(404)
    const incomplete = await t.app.inject({
      method: 'POST',
      url: '/queueIntegration/testSession',
      headers,
      payload: { projectName: 'x', language: 'pt-BR' },
    })
    expect(incomplete.json()).toEqual({ error: 'ERR_VALIDATION', field: 'jsonContent' })
    const listed = await t.app.inject({
      method: 'GET',
      url: `/queueIntegration/${typebot.id}`,
      headers,
    })
    // A test is no conversation: the integration's health is untouched.
    expect(listed.json<QueueIntegrationDto>().health).toEqual({
      lastSuccessAt: null,
      lastErrorAt: null,
      lastError: null,
      errorsLast24h: 0,
    })
  })

  test("an integration's health counts the last day's errors", async () => {
    const company = await buildCompany(t.db)
    const admin = await buildUser(t.db, { company, profile: 'admin' })
    const hook = await buildIntegration(t.db, company, {
      type: 'webhook',
      urlN8N: `${provider.url}/down`,
    })
    const connection = await cloudConnection(company, { integrationId: hook.id })
    script = () => ({ status: 502 })
    await contactWrites(connection, 'oi')
    const listed = await t.app.inject({
      method: 'GET',
      url: '/queueIntegration',
      headers: await loginAs(t.app, admin),
    })
    expect(
      listed.json<{ queueIntegrations: QueueIntegrationDto[] }>().queueIntegrations[0]!.health,
    ).toMatchObject({
      lastSuccessAt: null,
      lastError: expect.stringMatching(/answered 502$/),
      errorsLast24h: 2,
    })
  })

  test("past its company's limit a ticket's job comes back later; other companies go on", async () => {
    const busyCompany = await buildCompany(t.db)
    const otherCompany = await buildCompany(t.db)
    const ticketsOf = async (company: Company, count: number) => {
      const integration = await buildIntegration(t.db, company)
      return Promise.all(
        Array.from({ length: count }, async () => {
          const ticket = await buildTicket(t.db, company, {
            useIntegration: true,
            integrationId: integration.id,
            isBot: false,
          })
          await t.db
            .insert(integrationTurns)
            .values({ companyId: company.id, ticketId: ticket.id, messageId: null })
          return ticket
        }),
      )
    }
    const busyTickets = await ticketsOf(busyCompany, COMPANY_CONCURRENCY + 1)
    const [otherTicket] = await ticketsOf(otherCompany, 1)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const called: number[] = []
    const sent: Array<{ ticketId: number; startAfter?: Date }> = []
    const conversations = createBotConversations(
      {
        ...t.deps,
        jobs: {
          ...t.deps.jobs,
          send: (_name, data, options) => {
            sent.push({
              ticketId: (data as { ticketId: number }).ticketId,
              ...(options?.startAfter ? { startAfter: options.startAfter } : {}),
            })
            return Promise.resolve(null)
          },
        },
      },
      {
        messages: t.services.messages,
        media: t.services.media,
        ownQueueAndUser: (_companyId, named) => Promise.resolve(named),
        botOf: (_companyId, ticket) =>
          Promise.resolve({
            name: 'Lento',
            source: { integrationId: ticket.integrationId! },
            timeoutMs: 10_000,
            failuresBeforeHandOff: 1,
            handOffQueueId: null,
            bot: {
              async converse(turn) {
                called.push(turn.ticket.id)
                await held
                return { outputs: [] }
              },
            },
          }),
      },
    )
    const run = {
      id: 'j',
      retryCount: 0,
      lastTry: true,
      expireInSeconds: 300,
      signal: new AbortController().signal,
    }
    const jobOf = (ticket: { companyId: number; id: number }) =>
      conversations.converse({ companyId: ticket.companyId, ticketId: ticket.id }, run)
    const running = busyTickets.slice(0, COMPANY_CONCURRENCY).map(jobOf)
    await expect.poll(() => called.length).toBe(COMPANY_CONCURRENCY)
    // The company is at its limit: its next ticket is sent back for later, untouched.
    await jobOf(busyTickets.at(-1)!)
    expect(sent).toEqual([{ ticketId: busyTickets.at(-1)!.id, startAfter: expect.any(Date) }])
    expect(called).not.toContain(busyTickets.at(-1)!.id)
    // Another company is not held up by it.
    const other = jobOf(otherTicket!)
    await expect.poll(() => called).toContain(otherTicket!.id)
    release()
    await Promise.all([...running, other])
  })
})
