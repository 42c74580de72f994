import { describe, expect, test } from 'vitest'
import type { QueueIntegrationDto } from '@shared/contracts/queue-integrations'
import {
  emptyIntegrationFormValues,
  integrationSchema,
  integrationToFormValues,
  storesCredentials,
  toIntegrationBody,
  type IntegrationFormValues,
} from './integration-schema'

const SERVICE_ACCOUNT = JSON.stringify({ type: 'service_account', project_id: 'loja-bot' })

const stored = (overrides: Partial<QueueIntegrationDto> = {}): QueueIntegrationDto => ({
  id: 7,
  type: 'dialogflow',
  name: 'Robô da loja',
  projectName: 'loja-bot',
  credentialsStored: true,
  language: 'es',
  urlN8N: '',
  typebotSlug: '',
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotRestartMessage: '',
  typebotUnknownMessage: '',
  flowId: null,
  signingSecret: '',
  health: { lastSuccessAt: null, lastErrorAt: null, lastError: null, errorsLast24h: 0 },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
})

const form = (overrides: Partial<IntegrationFormValues>): IntegrationFormValues => ({
  ...emptyIntegrationFormValues,
  name: 'Atendimento',
  ...overrides,
})

/** The first failure of each field, as the form shows it. */
const problems = async (values: IntegrationFormValues, credentialsStored = false) => {
  try {
    await integrationSchema({ credentialsStored }).validate(values, { abortEarly: false })
    return {}
  } catch (error) {
    const inner = (error as { inner: Array<{ path: string; message: string }> }).inner
    return Object.fromEntries(inner.reverse().map((item) => [item.path, item.message]))
  }
}

describe('integrationSchema (002 §5 "Queue integration")', () => {
  test('name: required, 2 to 50 characters, whatever the type', async () => {
    const flow = (name: string) => form({ type: 'flowbuilder', name, flowId: 4 })
    expect(await problems(flow('  '))).toEqual({ name: 'validation.required' })
    expect(await problems(flow('x'))).toEqual({ name: 'validation.tooShort' })
    expect(await problems(flow('x'.repeat(51)))).toEqual({ name: 'validation.tooLong' })
    expect(await problems(flow(' Fluxos '))).toEqual({})
  })

  test('Dialogflow: project, language and the service-account JSON', async () => {
    expect(await problems(form({ type: 'dialogflow', projectName: ' ', language: null }))).toEqual({
      projectName: 'validation.required',
      language: 'validation.required',
      jsonContent: 'validation.required',
    })
    expect(
      await problems(
        form({ type: 'dialogflow', projectName: 'loja-bot', jsonContent: SERVICE_ACCOUNT }),
      ),
    ).toEqual({})
  })

  test('Dialogflow: the JSON must be an object', async () => {
    const withJson = (jsonContent: string) =>
      problems(form({ type: 'dialogflow', projectName: 'loja-bot', jsonContent }))
    expect(await withJson('{"type": "service_account"')).toEqual({
      jsonContent: 'validation.invalidJson',
    })
    expect(await withJson('["service_account"]')).toEqual({
      jsonContent: 'validation.invalidJson',
    })
  })

  test('Dialogflow: stored credentials make the JSON optional, a new one still checked', async () => {
    const edit = (jsonContent: string) =>
      form({ type: 'dialogflow', projectName: 'loja-bot', jsonContent })
    expect(await problems(edit(''), true)).toEqual({})
    expect(await problems(edit('not json'), true)).toEqual({
      jsonContent: 'validation.invalidJson',
    })
    expect(await problems(edit(''), false)).toEqual({ jsonContent: 'validation.required' })
  })

  test.each(['n8n', 'webhook', 'typebot'] as const)(
    '%s: an http(s) URL is required',
    async (type) => {
      const slug = type === 'typebot' ? { typebotSlug: 'vendas' } : {}
      const withUrl = (urlN8N: string) => problems(form({ type, urlN8N, ...slug }))
      expect(await withUrl('')).toEqual({ urlN8N: 'validation.required' })
      expect(await withUrl('n8n.loja.com/webhook')).toEqual({ urlN8N: 'validation.invalidUrl' })
      expect(await withUrl('ftp://loja.com/hook')).toEqual({ urlN8N: 'validation.invalidUrl' })
      expect(await withUrl('https://n8n.loja.com/webhook/abc')).toEqual({})
    },
  )

  test('Typebot: the slug is required, the numbers whole and within bounds', async () => {
    const typebot = (overrides: Partial<IntegrationFormValues>) =>
      form({ type: 'typebot', urlN8N: 'https://typebot.loja.com', ...overrides })
    expect(await problems(typebot({ typebotSlug: ' ' }))).toEqual({
      typebotSlug: 'validation.required',
    })
    expect(
      await problems(
        typebot({ typebotSlug: 'vendas', typebotExpires: -1, typebotDelayMessage: 60_001 }),
      ),
    ).toEqual({
      typebotExpires: 'validation.expiresRange',
      typebotDelayMessage: 'validation.delayRange',
    })
    expect(await problems(typebot({ typebotSlug: 'vendas', typebotExpires: 0 }))).toEqual({})
  })

  test('a type asks nothing of the fields of the other types', async () => {
    expect(await problems(form({ type: 'flowbuilder', flowId: 4, language: null }))).toEqual({})
    expect(await problems(form({ type: 'webhook', urlN8N: 'http://localhost:5678/hook' }))).toEqual(
      {},
    )
  })
})

describe('integration form values and body', () => {
  test('a new integration starts as a Typebot with its defaults', () => {
    expect(integrationToFormValues(null)).toMatchObject({
      type: 'typebot',
      typebotExpires: 1,
      typebotDelayMessage: 1000,
      jsonContent: '',
    })
  })

  test('an edited Dialogflow opens without its credentials, which it says are stored', () => {
    const integration = stored()
    expect(integrationToFormValues(integration)).toMatchObject({
      type: 'dialogflow',
      projectName: 'loja-bot',
      language: 'es',
      jsonContent: '',
    })
    expect(storesCredentials(integration)).toBe(true)
    expect(storesCredentials(stored({ credentialsStored: false }))).toBe(false)
    expect(storesCredentials(stored({ type: 'n8n', credentialsStored: true }))).toBe(false)
    expect(storesCredentials(null)).toBe(false)
  })

  test('Dialogflow sends its JSON only when one was pasted', () => {
    const values = form({ type: 'dialogflow', projectName: ' loja-bot ', language: 'en' })
    const kept = toIntegrationBody(values)
    expect(kept).not.toHaveProperty('jsonContent')
    expect(kept).toMatchObject({ projectName: 'loja-bot', language: 'en', urlN8N: '' })
    expect(toIntegrationBody({ ...values, jsonContent: ` ${SERVICE_ACCOUNT} ` }).jsonContent).toBe(
      SERVICE_ACCOUNT,
    )
  })

  test('other types store their name as the project and drop the fields of other types', () => {
    const body = toIntegrationBody(
      form({
        type: 'n8n',
        name: ' Pedidos ',
        projectName: 'old-project',
        urlN8N: ' https://n8n.loja.com/webhook/pedidos ',
        typebotSlug: 'vendas',
        typebotExpires: 30,
        jsonContent: SERVICE_ACCOUNT,
      }),
    )
    expect(body).toEqual({
      type: 'n8n',
      name: 'Pedidos',
      projectName: 'Pedidos',
      language: null,
      urlN8N: 'https://n8n.loja.com/webhook/pedidos',
      typebotSlug: '',
      typebotExpires: 1,
      typebotDelayMessage: 1000,
      typebotKeywordFinish: '',
      typebotKeywordRestart: '',
      typebotRestartMessage: '',
      typebotUnknownMessage: '',
      flowId: null,
    })
  })

  test('a flow integration sends its flow; other types never do', () => {
    expect(toIntegrationBody(form({ type: 'flowbuilder', flowId: 4 })).flowId).toBe(4)
    expect(toIntegrationBody(form({ type: 'webhook', flowId: 4 })).flowId).toBeNull()
  })

  test('Typebot sends its settings', () => {
    const body = toIntegrationBody(
      form({
        type: 'typebot',
        urlN8N: 'https://typebot.loja.com',
        typebotSlug: ' vendas ',
        typebotExpires: 0,
        typebotDelayMessage: 1500,
        typebotKeywordFinish: ' sair ',
        typebotKeywordRestart: 'menu',
        typebotRestartMessage: 'Recomeçando…',
        typebotUnknownMessage: 'Não entendi.',
      }),
    )
    expect(body).toMatchObject({
      projectName: 'Atendimento',
      urlN8N: 'https://typebot.loja.com',
      typebotSlug: 'vendas',
      typebotExpires: 0,
      typebotDelayMessage: 1500,
      typebotKeywordFinish: 'sair',
      typebotKeywordRestart: 'menu',
      typebotRestartMessage: 'Recomeçando…',
      typebotUnknownMessage: 'Não entendi.',
    })
  })
})
