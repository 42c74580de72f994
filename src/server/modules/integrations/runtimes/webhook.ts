import { createHmac } from 'node:crypto'
import type {
  ConversationBot,
  ConversationReply,
  ConversationTurn,
} from '@server/modules/bot/bot.conversations.types'
import { assertPublicTarget, postJson } from './target'

/** Headers of a signed post: `t` seconds since the epoch, HMAC-SHA256 of `${t}.${body}`. */
export const SIGNATURE_HEADER = 'x-atende-signature'
export const TIMESTAMP_HEADER = 'x-atende-timestamp'

export function signPayload(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

/** The documented JSON an n8n flow or a webhook receives for each message of the contact. */
export function webhookPayload(turn: ConversationTurn) {
  const { message } = turn
  return {
    event: 'message' as const,
    company: { id: turn.company.id },
    connection: turn.connection,
    ticket: turn.ticket,
    contact: turn.contact,
    message: message && {
      id: message.id,
      body: message.body,
      mediaType: message.mediaType,
      mediaUrl: message.mediaUrl,
      fromMe: false,
      createdAt: message.createdAt.toISOString(),
    },
  }
}

const isIdOrNull = (value: unknown) =>
  value === undefined || value === null || (Number.isInteger(value) && (value as number) > 0)

/**
 * What the flow answered at once (reference §6): `{messages: [text], queueId, userId, stopBot,
 * closeTicket}`. Anything else (an empty body, another shape) is no answer: the flow may still
 * answer through the external API.
 */
export function replyOf(json: unknown): ConversationReply {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { outputs: [] }
  const reply = json as Record<string, unknown>
  const texts = Array.isArray(reply.messages)
    ? reply.messages.filter((text): text is string => typeof text === 'string')
    : []
  const outputs = texts.map((text) => ({ kind: 'text' as const, text: text.slice(0, 4096) }))
  if (reply.closeTicket === true) return { outputs, handOff: { kind: 'close' } }
  const queueId = isIdOrNull(reply.queueId) ? (reply.queueId as number | null | undefined) : null
  const userId = isIdOrNull(reply.userId) ? (reply.userId as number | null | undefined) : null
  if (reply.stopBot === true || queueId || userId)
    return { outputs, handOff: { kind: 'humans', queueId, userId } }
  return { outputs }
}

/**
 * n8n and webhook integrations (reference §6 "Build it right"): each message of the contact is
 * posted at once as signed JSON; the answer, if the flow gives one, is applied. An opening turn
 * posts nothing: these bots speak when spoken to.
 */
export function webhookBot(
  integration: { url: string; secret: string },
  options: { allowPrivateTargets: boolean; now?: () => Date },
): ConversationBot {
  return {
    async converse(turn) {
      if (!turn.message) return { outputs: [] }
      await assertPublicTarget(integration.url, options.allowPrivateTargets)
      const body = JSON.stringify(webhookPayload(turn))
      const timestamp = Math.floor((options.now?.() ?? new Date()).getTime() / 1000)
      const { json } = await postJson(integration.url, null, {
        raw: body,
        signal: turn.signal,
        headers: {
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: signPayload(integration.secret, timestamp, body),
        },
      })
      return replyOf(json)
    },
  }
}
