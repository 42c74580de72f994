import { describe, expect, test } from 'vitest'
import { prompt } from '@tests/renderer/prompts.fixtures'
import {
  emptyPromptFormValues,
  promptSchema,
  promptToFormValues,
  storedKeys,
  toPromptBody,
  type PromptFormValues,
  type StoredKeys,
} from './prompt-schema'

const NONE: StoredKeys = { apiKey: false, voiceKey: false }

const form = (overrides: Partial<PromptFormValues> = {}): PromptFormValues => ({
  ...emptyPromptFormValues,
  name: 'Atendente virtual',
  prompt: 'Você é o assistente virtual da loja.',
  apiKey: 'sk-test-1234',
  queueId: 1,
  ...overrides,
})

/** The first failure of each field, as the form shows it. */
const problems = async (values: PromptFormValues, stored: StoredKeys = NONE) => {
  try {
    await promptSchema(stored).validate(values, { abortEarly: false })
    return {}
  } catch (error) {
    const inner = (error as { inner: Array<{ path: string; message: string }> }).inner
    return Object.fromEntries(inner.reverse().map((item) => [item.path, item.message]))
  }
}

describe('promptSchema (002 §5 "Prompt form")', () => {
  test('a filled form passes', async () => {
    expect(await problems(form())).toEqual({})
  })

  test('name, prompt and API key are required, and a missing queue says "Informe o setor"', async () => {
    expect(await problems(form({ name: '  ', prompt: ' ', apiKey: '', queueId: null }))).toEqual({
      name: 'validation.required',
      prompt: 'validation.required',
      apiKey: 'validation.required',
      queueId: 'validation.queueRequired',
    })
  })

  test('a name of more than 100 characters is too long', async () => {
    expect(await problems(form({ name: 'x'.repeat(101) }))).toEqual({
      name: 'validation.nameTooLong',
    })
    expect(await problems(form({ name: 'x'.repeat(100) }))).toEqual({})
  })

  test('a stored API key makes the field optional; a typed one is still checked', async () => {
    const stored = { apiKey: true, voiceKey: false }
    expect(await problems(form({ apiKey: '' }), stored)).toEqual({})
    expect(await problems(form({ apiKey: 'k'.repeat(501) }), stored)).toEqual({
      apiKey: 'validation.textTooLong',
    })
  })

  test('max tokens 1–4096 and max messages 1–50, whole; temperature 0–2 with decimals', async () => {
    expect(await problems(form({ maxTokens: 0, temperature: 2.1, maxMessages: 51 }))).toEqual({
      maxTokens: 'validation.maxTokensRange',
      temperature: 'validation.temperatureRange',
      maxMessages: 'validation.maxMessagesRange',
    })
    expect(await problems(form({ maxTokens: 10.5, maxMessages: 2.5 }))).toEqual({
      maxTokens: 'validation.maxTokensRange',
      maxMessages: 'validation.maxMessagesRange',
    })
    expect(await problems(form({ temperature: Number.NaN }))).toEqual({
      temperature: 'validation.temperatureRange',
    })
    expect(await problems(form({ maxTokens: 4096, temperature: 0.7, maxMessages: 1 }))).toEqual({})
    expect(await problems(form({ maxTokens: 1, temperature: 0, maxMessages: 50 }))).toEqual({})
  })

  test('a spoken voice needs its key (unless stored) and region; text needs neither', async () => {
    const spoken = form({ voice: 'pt-BR-FranciscaNeural' })
    expect(await problems(spoken)).toEqual({
      voiceKey: 'validation.required',
      voiceRegion: 'validation.required',
    })
    expect(await problems(spoken, { apiKey: false, voiceKey: true })).toEqual({
      voiceRegion: 'validation.required',
    })
    expect(await problems({ ...spoken, voiceKey: 'azure', voiceRegion: 'brazilsouth' })).toEqual({})
    expect(await problems(form({ voice: 'texto', voiceKey: '', voiceRegion: '' }))).toEqual({})
  })
})

describe('prompt form values and body', () => {
  test('a new prompt starts with the defaults of 002 §3.8', () => {
    expect(promptToFormValues(null)).toEqual({
      name: '',
      prompt: '',
      apiKey: '',
      queueId: null,
      model: '',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      voice: 'texto',
      voiceKey: '',
      voiceRegion: '',
    })
    expect(storedKeys(null)).toEqual(NONE)
  })

  test('an edited prompt opens without its keys, which it says are stored', () => {
    const stored = prompt(3, {
      voice: 'pt-BR-AntonioNeural',
      voiceKey: '••••wxyz',
      voiceRegion: 'brazilsouth',
      temperature: 0.4,
    })
    expect(promptToFormValues(stored)).toMatchObject({
      name: 'Prompt 3',
      apiKey: '',
      voiceKey: '',
      voice: 'pt-BR-AntonioNeural',
      voiceRegion: 'brazilsouth',
      temperature: 0.4,
      queueId: 1,
    })
    expect(storedKeys(stored)).toEqual({ apiKey: true, voiceKey: true })
    expect(storedKeys(prompt(4, { apiKey: '' }))).toEqual(NONE)
  })

  test('keys are sent only when typed, trimmed', () => {
    const kept = toPromptBody(form({ apiKey: '  ', name: ' Vendas ', model: ' gpt-4o-mini ' }))
    expect(kept).not.toHaveProperty('apiKey')
    expect(kept).not.toHaveProperty('voiceKey')
    expect(kept).toEqual({
      name: 'Vendas',
      prompt: 'Você é o assistente virtual da loja.',
      model: 'gpt-4o-mini',
      queueId: 1,
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      voice: 'texto',
      voiceRegion: '',
    })
    expect(toPromptBody(form({ apiKey: ' sk-new ' })).apiKey).toBe('sk-new')
  })

  test('the voice key goes only with a spoken voice', () => {
    const typed = { voiceKey: ' azure-key ', voiceRegion: ' brazilsouth ' }
    expect(toPromptBody(form({ ...typed, voice: 'pt-BR-YaraNeural' }))).toMatchObject({
      voice: 'pt-BR-YaraNeural',
      voiceKey: 'azure-key',
      voiceRegion: 'brazilsouth',
    })
    expect(toPromptBody(form({ ...typed, voice: 'texto' }))).not.toHaveProperty('voiceKey')
  })
})
