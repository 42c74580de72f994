import { speaks } from '@shared/contracts/prompts-rules'
import {
  ConversationError,
  type ConversationBot,
  type ConversationOutput,
} from '../bot/bot.conversations.types'
import type { TokenCount } from './prompts.repository'
import type { PromptRow } from './prompts.table'

/** Reference §7: the phrase with which the model asks for a human, matched in any case. */
export const TRANSFER_PHRASE = 'Ação: Transferir para o setor de atendimento'
const TRANSFER = /a[çc][ãa]o:\s*transferir para o setor de atendimento\.?/i

/** A message of the ticket as the AI's history reads it. */
export interface HistoryMessage {
  id: number
  body: string
  fromMe: boolean
  mediaType: string
  transcription: string | null
  isAutomatic: boolean
  promptId: number | null
}

export interface PromptRuntimeDeps {
  /** The ticket's latest messages, newest first. */
  recent(companyId: number, ticketId: number, limit: number): Promise<HistoryMessage[]>
  /** The bytes of a stored file (a voice note to transcribe). */
  readFile(companyId: number, path: string): Promise<Buffer>
  /** Adds a call's tokens to the prompt and its day. */
  addUsage(companyId: number, promptId: number, tokens: TokenCount): Promise<void>
  openaiUrl: string
  defaultModel: string
  /** Azure's text-to-speech endpoint, `{region}` replaced by the prompt's region. */
  speechUrl: string
}

const TEXT_TYPES = new Set(['conversation', 'extendedTextMessage', 'chat', 'text'])

/** The words of a message, a voice note's transcription standing in for it. */
const wordsOf = (message: Pick<HistoryMessage, 'body' | 'mediaType' | 'transcription'>) =>
  message.mediaType === 'audio' ? (message.transcription ?? '') : message.body

/** The contact's first name as the system text uses it: letters and digits, at most 60. */
const firstNameOf = (name: string) =>
  (name.trim().split(/\s+/)[0] ?? '').replace(/[^\p{L}\p{N}]/gu, '').slice(0, 60)

export function systemText(prompt: Pick<PromptRow, 'prompt' | 'maxTokens'>, contactName: string) {
  const firstName = firstNameOf(contactName)
  return [
    firstName ? `Use o nome ${firstName} para identificar o cliente.` : '',
    `Sua resposta deve usar no máximo ${prompt.maxTokens} tokens, sem cortar o final.`,
    firstName ? 'Sempre que possível, mencione o nome do cliente.' : '',
    `Quando a resposta exigir transferência para o setor de atendimento, comece a resposta com '${TRANSFER_PHRASE}'.`,
    '',
    prompt.prompt,
  ]
    .filter((line, index) => line !== '' || index === 4)
    .join('\n')
}

async function callOpenAi(
  url: string,
  apiKey: string,
  init: { body: string | FormData; json: boolean },
  signal: AbortSignal,
): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        ...(init.json ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body,
      signal,
    })
  } catch (error) {
    if (signal.aborted) throw error
    throw new ConversationError('the AI provider did not answer')
  }
  if (response.status === 429 || response.status >= 500)
    throw new ConversationError(`the AI provider answered ${response.status}`)
  if (!response.ok)
    throw new ConversationError(`the AI provider refused the call (${response.status})`, true)
  return response.json().catch(() => {
    throw new ConversationError('the AI provider answered no JSON')
  })
}

/** Azure text-to-speech: an OGG/Opus voice note of `text`, or null when it failed. */
async function synthesise(
  deps: PromptRuntimeDeps,
  prompt: { voice: string; voiceKey: string; voiceRegion: string },
  text: string,
  signal: AbortSignal,
): Promise<Buffer | null> {
  const escaped = text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)
  const ssml = `<speak version="1.0" xml:lang="pt-BR"><voice name="${prompt.voice}">${escaped}</voice></speak>`
  try {
    const response = await fetch(
      deps.speechUrl.replace('{region}', encodeURIComponent(prompt.voiceRegion)),
      {
        method: 'POST',
        headers: {
          'Ocp-Apim-Subscription-Key': prompt.voiceKey,
          'content-type': 'application/ssml+xml',
          'X-Microsoft-OutputFormat': 'ogg-24khz-16bit-mono-opus',
        },
        body: ssml,
        signal,
      },
    )
    if (!response.ok) return null
    const audio = Buffer.from(await response.arrayBuffer())
    return audio.length > 0 ? audio : null
  } catch {
    return null
  }
}

/**
 * An AI prompt (reference §7, with its "Build it right"): an OpenAI-compatible chat completion
 * with the prompt as system text and the ticket's latest `maxMessages` messages (transcripts for
 * voice notes; notes and other bots' automatic texts left out) as the conversation. The transfer
 * phrase hands off to the prompt's queue; a spoken voice answers with a voice note, or with the
 * text when speech fails. Tokens are added to the prompt's usage.
 */
export function promptBot(
  prompt: PromptRow & { apiKey: string; voiceKey: string },
  deps: PromptRuntimeDeps,
): ConversationBot {
  const base = deps.openaiUrl.replace(/\/+$/, '')
  return {
    async converse(turn) {
      const message = turn.message
      if (!message) return { outputs: [] }
      let userText = wordsOf(message)
      if (message.mediaType === 'audio' && !userText.trim() && message.mediaPath) {
        const form = new FormData()
        const audio = await deps.readFile(turn.company.id, message.mediaPath)
        form.append('file', new Blob([audio]), message.mediaPath.split('/').pop() ?? 'audio.ogg')
        form.append('model', 'whisper-1')
        const transcribed = (await callOpenAi(
          `${base}/audio/transcriptions`,
          prompt.apiKey,
          { body: form, json: false },
          turn.signal,
        )) as { text?: string }
        userText = transcribed.text ?? ''
      }
      if (!userText.trim()) return { outputs: [] }
      // Read beyond maxMessages: notes of other bots and non-text messages are left out.
      const history = (
        await deps.recent(turn.company.id, turn.ticket.id, prompt.maxMessages * 3 + 1)
      )
        .filter((row) => row.id !== message.id)
        .filter((row) => !row.isAutomatic || row.promptId !== null)
        .filter((row) => TEXT_TYPES.has(row.mediaType) || row.mediaType === 'audio')
        .filter((row) => wordsOf(row).trim() !== '')
        .slice(0, prompt.maxMessages)
        .reverse()
      const completion = (await callOpenAi(
        `${base}/chat/completions`,
        prompt.apiKey,
        {
          json: true,
          body: JSON.stringify({
            model: prompt.model || deps.defaultModel,
            max_tokens: prompt.maxTokens,
            temperature: prompt.temperature,
            messages: [
              { role: 'system', content: systemText(prompt, turn.contact.name) },
              ...history.map((row) => ({
                role: row.fromMe ? 'assistant' : 'user',
                content: wordsOf(row),
              })),
              { role: 'user', content: userText },
            ],
          }),
        },
        turn.signal,
      )) as {
        choices?: Array<{ message?: { content?: string; refusal?: string | null } }>
        usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number }
      }
      const usage = completion.usage
      if (usage)
        await deps.addUsage(turn.company.id, prompt.id, {
          promptTokens: usage.prompt_tokens ?? 0,
          completionTokens: usage.completion_tokens ?? 0,
          totalTokens: usage.total_tokens ?? 0,
        })
      const choice = completion.choices?.[0]?.message
      if (choice?.refusal)
        return { outputs: [], handOff: { kind: 'humans', queueId: prompt.queueId } }
      const content = choice?.content ?? ''
      const transfers = TRANSFER.test(content)
      const text = content.replace(TRANSFER, '').trim()
      const outputs: ConversationOutput[] = []
      if (text) {
        const voice = speaks(prompt.voice)
          ? await synthesise(deps, prompt, text, turn.signal)
          : null
        outputs.push(
          voice ? { kind: 'voice', content: voice, mime: 'audio/ogg' } : { kind: 'text', text },
        )
      }
      return transfers
        ? { outputs, handOff: { kind: 'humans', queueId: prompt.queueId } }
        : { outputs }
    },
  }
}
