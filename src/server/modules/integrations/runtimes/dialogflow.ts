import { createSign } from 'node:crypto'
import type { ServerConfig } from '@server/config'
import { DEFAULT_BOTS } from '@server/config'
import {
  ConversationError,
  type ConversationBot,
  type ConversationTurn,
} from '@server/modules/bot/bot.conversations.types'
import { assertPublicTarget, postJson } from './target'

/** Answered when Dialogflow matched no intent with a text (reference §6). */
const NOT_UNDERSTOOD = 'Não consegui entender sua dúvida.'

export const dialogflowEndpoints = (config: ServerConfig) => ({
  apiUrl: (config.bots?.dialogflowUrl ?? DEFAULT_BOTS.dialogflowUrl).replace(/\/+$/, ''),
  tokenUrl: config.bots?.googleTokenUrl ?? DEFAULT_BOTS.googleTokenUrl,
})

interface ServiceAccount {
  client_email: string
  private_key: string
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url')

/** A Google access token for the service account (OAuth 2.0 JWT bearer grant). */
async function accessToken(
  account: ServiceAccount,
  tokenUrl: string,
  signal: AbortSignal,
): Promise<string> {
  const issuedAt = Math.floor(Date.now() / 1000)
  const unsigned = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64url(
    JSON.stringify({
      iss: account.client_email,
      scope: 'https://www.googleapis.com/auth/dialogflow',
      aud: tokenUrl,
      iat: issuedAt,
      exp: issuedAt + 3600,
    }),
  )}`
  let signature: string
  try {
    signature = createSign('RSA-SHA256').update(unsigned).sign(account.private_key, 'base64url')
  } catch {
    throw new ConversationError('the service account key cannot sign', true)
  }
  let response: Response
  try {
    response = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: `${unsigned}.${signature}`,
      }),
      signal,
    })
  } catch (error) {
    if (signal.aborted) throw error
    throw new ConversationError('Google did not answer')
  }
  const body = (await response.json().catch(() => null)) as { access_token?: string } | null
  if (!response.ok || !body?.access_token)
    throw new ConversationError(
      `Google refused the service account (${response.status})`,
      response.status < 500,
    )
  return body.access_token
}

function accountOf(credentials: string): ServiceAccount {
  try {
    const account = JSON.parse(credentials) as Partial<ServiceAccount>
    if (account.client_email && account.private_key)
      return { client_email: account.client_email, private_key: account.private_key }
  } catch {
    // Reported below.
  }
  throw new ConversationError('the service account JSON is incomplete', true)
}

interface DetectIntentResponse {
  queryResult?: {
    fulfillmentMessages?: Array<{ text?: { text?: string[] } }>
    diagnosticInfo?: { end_conversation?: boolean }
  }
}

/**
 * Dialogflow ES (reference §6, with its "Build it right"): a session per ticket in the
 * integration's project and language, credentials opened for the call and never written to
 * disk, a fresh token each turn (a changed integration is used at once), and the end of the
 * conversation handing off to humans. A voice note goes as audio (Ogg Opus), or as its
 * transcription when it has one.
 */
export function dialogflowBot(
  settings: { name: string; projectName: string; language: string; credentials: string },
  options: {
    allowPrivateTargets: boolean
    apiUrl: string
    tokenUrl: string
    /** A stored voice note's bytes, for an audio intent. */
    readFile: (companyId: number, path: string) => Promise<Buffer>
  },
): ConversationBot {
  /** Words as a text query; a voice note without its transcription as an audio query. */
  async function queryOf(message: ConversationTurn['message'], companyId: number) {
    if (!message) return null
    const languageCode = settings.language
    if (message.mediaType === 'audio' && !message.transcription?.trim()) {
      if (!message.mediaPath) return null
      const audio = await options.readFile(companyId, message.mediaPath)
      return {
        queryInput: {
          audioConfig: {
            audioEncoding: 'AUDIO_ENCODING_OGG_OPUS',
            sampleRateHertz: 16000,
            languageCode,
          },
        },
        inputAudio: audio.toString('base64'),
      }
    }
    const text = message.mediaType === 'audio' ? message.transcription : message.body
    return text?.trim() ? { queryInput: { text: { text, languageCode } } } : null
  }

  return {
    async converse(turn) {
      const query = await queryOf(turn.message, turn.company.id)
      if (!query) return { outputs: [] }
      const account = accountOf(settings.credentials)
      await assertPublicTarget(options.apiUrl, options.allowPrivateTargets)
      const token = await accessToken(account, options.tokenUrl, turn.signal)
      const session = `projects/${encodeURIComponent(settings.projectName)}/agent/sessions/ticket-${turn.ticket.id}`
      const { json } = await postJson(`${options.apiUrl}/v2/${session}:detectIntent`, query, {
        signal: turn.signal,
        headers: { authorization: `Bearer ${token}` },
      })
      const result = (json as DetectIntentResponse | null)?.queryResult
      const texts = (result?.fulfillmentMessages ?? [])
        .map((fulfilment) => fulfilment.text?.text?.[0]?.trim())
        .filter((line): line is string => Boolean(line))
      const outputs = (texts.length > 0 ? texts : [NOT_UNDERSTOOD]).map((line) => ({
        kind: 'text' as const,
        text: line,
      }))
      return result?.diagnosticInfo?.end_conversation
        ? { outputs, handOff: { kind: 'humans' } }
        : { outputs }
    },
  }
}
