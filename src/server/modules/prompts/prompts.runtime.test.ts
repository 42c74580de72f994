import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startStandIn, type StandInRequest } from '@tests/helpers/stand-in'
import type { ConversationTurn } from '../bot/bot.conversations.types'
import { promptBot, systemText, type HistoryMessage } from './prompts.runtime'
import type { PromptRow } from './prompts.table'

let provider: Awaited<ReturnType<typeof startStandIn>>
let answer: (request: StandInRequest) => unknown
beforeAll(async () => {
  provider = await startStandIn((request) => ({ json: answer(request) }))
})
afterAll(() => provider.close())

const prompt: PromptRow & { apiKey: string; voiceKey: string } = {
  id: 3,
  companyId: 1,
  name: 'Assistente',
  prompt: 'Você atende a Loja Azul.',
  apiKeySealed: 'sealed',
  apiKey: 'sk-test',
  model: '',
  maxTokens: 200,
  temperature: 0.5,
  maxMessages: 3,
  voice: 'texto',
  voiceKeySealed: null,
  voiceKey: '',
  voiceRegion: '',
  queueId: 7,
  promptTokens: 0,
  completionTokens: 0,
  totalTokens: 0,
  createdAt: new Date(),
  updatedAt: new Date(),
}

const turn = (message: Partial<NonNullable<ConversationTurn['message']>>): ConversationTurn => ({
  company: { id: 1 },
  ticket: { id: 9, uuid: 'u', status: 'pending', queueId: 7 },
  contact: { id: 1, name: 'Maria Souza', number: '5511999990000' },
  connection: { id: 1, name: 'Loja', channel: 'whatsappapi' },
  message: {
    id: 100,
    body: '',
    mediaType: 'conversation',
    mediaUrl: null,
    mediaPath: null,
    transcription: null,
    createdAt: new Date(),
    ...message,
  },
  session: null,
  signal: AbortSignal.timeout(5000),
})

const deps = (history: HistoryMessage[] = []) => ({
  recent: () => Promise.resolve(history),
  readFile: () => Promise.resolve(Buffer.from('OggS-voice-note')),
  addUsage: () => Promise.resolve(),
  openaiUrl: provider.url,
  defaultModel: 'gpt-default',
  speechUrl: `${provider.url}/speech/{region}`,
})

describe('the AI prompt runtime', () => {
  test('a voice note is transcribed with whisper-1 and the transcript is the user turn', async () => {
    answer = (request) =>
      request.path === '/audio/transcriptions'
        ? { text: 'qual o prazo de entrega?' }
        : { choices: [{ message: { content: 'Até 3 dias úteis.' } }] }
    const reply = await promptBot(prompt, deps()).converse(
      turn({ mediaType: 'audio', mediaPath: 'messages/voz.ogg' }),
    )
    const [transcription, chat] = provider.requests.slice(-2)
    expect(transcription!.path).toBe('/audio/transcriptions')
    expect(transcription!.headers.authorization).toBe('Bearer sk-test')
    expect(transcription!.body.toString()).toContain('whisper-1')
    expect(transcription!.body.toString()).toContain('OggS-voice-note')
    const call = chat!.json() as {
      model: string
      messages: Array<{ role: string; content: string }>
    }
    expect(call.model).toBe('gpt-default')
    expect(call.messages.at(-1)).toEqual({ role: 'user', content: 'qual o prazo de entrega?' })
    expect(reply.outputs).toEqual([{ kind: 'text', text: 'Até 3 dias úteis.' }])
  })

  test("history keeps the latest maxMessages, transcripts for voice notes, and leaves other bots' texts out", async () => {
    answer = () => ({ choices: [{ message: { content: 'Certo.' } }] })
    const row = (id: number, extra: Partial<HistoryMessage>): HistoryMessage => ({
      id,
      body: '',
      fromMe: false,
      mediaType: 'conversation',
      transcription: null,
      isAutomatic: false,
      promptId: null,
      ...extra,
    })
    await promptBot(
      prompt,
      deps([
        row(100, { body: 'atual' }),
        row(99, { body: 'Bem-vindo à fila', fromMe: true, isAutomatic: true }),
        row(98, { body: 'Claro!', fromMe: true, isAutomatic: true, promptId: 3 }),
        row(97, { mediaType: 'audio', transcription: 'quero trocar' }),
        row(96, { mediaType: 'image', body: '' }),
        row(95, { body: 'oi' }),
        row(94, { body: 'antigo demais' }),
      ]),
    ).converse(turn({ id: 100, body: 'atual' }))
    const call = provider.requests.at(-1)!.json() as {
      messages: Array<{ role: string; content: string }>
    }
    expect(call.messages.slice(1)).toEqual([
      { role: 'user', content: 'oi' },
      { role: 'user', content: 'quero trocar' },
      { role: 'assistant', content: 'Claro!' },
      { role: 'user', content: 'atual' },
    ])
  })

  test('the transfer phrase is matched in any case and removed; a refusal hands off too', async () => {
    answer = () => ({
      choices: [{ message: { content: 'AÇÃO: transferir para o setor de atendimento. Aguarde.' } }],
    })
    const transfer = await promptBot(prompt, deps()).converse(turn({ body: 'quero um humano' }))
    expect(transfer).toEqual({
      outputs: [{ kind: 'text', text: 'Aguarde.' }],
      handOff: { kind: 'humans', queueId: 7 },
    })
    answer = () => ({ choices: [{ message: { content: null, refusal: 'Não posso ajudar.' } }] })
    const refused = await promptBot(prompt, deps()).converse(turn({ body: 'algo proibido' }))
    expect(refused).toEqual({ outputs: [], handOff: { kind: 'humans', queueId: 7 } })
  })

  test("the system text names the contact's first name and the transfer convention", () => {
    const text = systemText(prompt, '  José-Maria da Silva ')
    expect(text).toContain('Use o nome JoséMaria para identificar o cliente.')
    expect(text).toContain("comece a resposta com 'Ação: Transferir para o setor de atendimento'")
    expect(text.endsWith('Você atende a Loja Azul.')).toBe(true)
  })
})
