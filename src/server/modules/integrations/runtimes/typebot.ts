import {
  ConversationError,
  type ConversationBot,
  type ConversationOutput,
  type ConversationReply,
  type HandOff,
} from '@server/modules/bot/bot.conversations.types'
import { assertPublicTarget, postJson } from './target'

/** The integration's Typebot fields (002 §3.12). */
export interface TypebotSettings {
  /** Typebot's base URL (the record's urlN8N). */
  url: string
  slug: string
  /** Minutes without a message after which the session starts over; 0: never. */
  expiresMinutes: number
  delayMs: number
  keywordFinish: string
  keywordRestart: string
  restartMessage: string
  unknownMessage: string
}

/** Typebot's answer for a wrong reply to an input, replaced by the integration's own text. */
const TYPEBOT_INVALID = 'invalid message. please, try again.'

interface RichNode {
  text?: string
  bold?: boolean
  italic?: boolean
  underline?: boolean
  type?: string
  url?: string
  children?: RichNode[]
}

/** Typebot's rich text as WhatsApp marks: *bold*, _italic_, ~underline~, links as text (url). */
export function flattenRichText(nodes: readonly RichNode[]): string {
  const inline = (node: RichNode): string => {
    if (node.text !== undefined) {
      let text = node.text
      if (!text.trim()) return text
      if (node.bold) text = `*${text}*`
      if (node.italic) text = `_${text}_`
      if (node.underline) text = `~${text}~`
      return text
    }
    const inner = (node.children ?? []).map(inline).join('')
    if (node.type === 'a' && node.url)
      return inner && inner !== node.url ? `${inner} (${node.url})` : node.url
    return inner
  }
  return nodes.map(inline).join('\n')
}

interface TypebotMessage {
  type?: string
  content?: {
    type?: string
    richText?: RichNode[]
    markdown?: string
    url?: string
  }
}

interface TypebotResponse {
  sessionId?: string
  messages?: TypebotMessage[]
  input?: { type?: string; items?: Array<{ content?: string }> }
}

/** A "#{json}" text is Typebot's hand-off command (reference §6). */
function commandOf(text: string): HandOff | null {
  if (!text.startsWith('#')) return null
  try {
    const command = JSON.parse(text.slice(1)) as Record<string, unknown>
    const id = (value: unknown) =>
      Number.isInteger(value) && (value as number) > 0 ? (value as number) : null
    if (command.stopBot === true || id(command.queueId) || id(command.userId))
      return { kind: 'humans', queueId: id(command.queueId), userId: id(command.userId) }
  } catch {
    // Not JSON: an ordinary text that starts with "#".
  }
  return null
}

/** Typebot's messages in order, until a hand-off command, which ends the relay. */
function relayed(response: TypebotResponse, unknownMessage: string): ConversationReply {
  const outputs: ConversationOutput[] = []
  for (const message of response.messages ?? []) {
    const content = message.content ?? {}
    if (message.type === 'text') {
      const text = (
        content.richText ? flattenRichText(content.richText) : (content.markdown ?? '')
      ).trim()
      const handOff = commandOf(text)
      if (handOff) return { outputs, handOff }
      if (text.toLowerCase() === TYPEBOT_INVALID) {
        if (unknownMessage.trim()) outputs.push({ kind: 'text', text: unknownMessage })
      } else if (text) outputs.push({ kind: 'text', text })
    } else if (
      (message.type === 'image' || message.type === 'video' || message.type === 'audio') &&
      content.url
    )
      outputs.push({ kind: 'media', url: content.url })
  }
  const items = (response.input?.items ?? [])
    .map((item) => item.content?.trim())
    .filter((item): item is string => Boolean(item))
  if (items.length > 0)
    outputs.push({
      kind: 'text',
      text: items.map((item, index) => `*${index + 1}* - ${item}`).join('\n'),
    })
  if (outputs.length === 0 && !response.input && unknownMessage.trim())
    outputs.push({ kind: 'text', text: unknownMessage })
  // A bot that waits for nothing more has ended: humans take over.
  if (!response.input) return { outputs, handOff: { kind: 'humans' } }
  return items.length > 0 ? { outputs, choices: items } : { outputs }
}

const matches = (text: string, keyword: string) =>
  keyword.trim() !== '' && text.trim().toLowerCase() === keyword.trim().toLowerCase()

/**
 * Typebot (reference §6, with its "Build it right"): a session per ticket through Typebot's
 * public chat API, started with the contact's number and name; the session ends after
 * `expiresMinutes` without a message (inactivity, not age); the finish keyword closes the
 * ticket and the restart keyword starts over.
 */
export function typebotBot(
  settings: TypebotSettings,
  options: { allowPrivateTargets: boolean; now?: () => Date },
): ConversationBot {
  const base = settings.url.replace(/\/+$/, '')
  const call = async (path: string, body: unknown, signal: AbortSignal) => {
    await assertPublicTarget(base, options.allowPrivateTargets)
    const { json } = await postJson(`${base}${path}`, body, { signal })
    if (typeof json !== 'object' || json === null)
      throw new ConversationError('Typebot answered no JSON')
    return json as TypebotResponse
  }

  return {
    async converse(turn) {
      const now = options.now?.() ?? new Date()
      const text = turn.message?.body ?? ''
      if (turn.message && matches(text, settings.keywordFinish))
        return { outputs: [], sessionId: null, handOff: { kind: 'close' } }
      if (turn.message && matches(text, settings.keywordRestart))
        return {
          outputs: settings.restartMessage.trim()
            ? [{ kind: 'text', text: settings.restartMessage }]
            : [],
          sessionId: null,
        }
      const expired =
        turn.session !== null &&
        settings.expiresMinutes > 0 &&
        now.getTime() - turn.session.lastActivityAt.getTime() > settings.expiresMinutes * 60_000
      const sessionId = expired ? null : (turn.session?.sessionId ?? null)
      if (sessionId) {
        // A number picks one of the choices offered last, as if its text were typed.
        const choices = turn.session?.choices ?? []
        const picked = /^\d{1,2}$/.test(text.trim()) ? choices[Number(text.trim()) - 1] : undefined
        const response = await call(
          `/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`,
          { message: picked ?? text },
          turn.signal,
        )
        return { ...relayed(response, settings.unknownMessage), pauseMs: settings.delayMs }
      }
      const response = await call(
        `/api/v1/typebots/${encodeURIComponent(settings.slug)}/startChat`,
        {
          prefilledVariables: {
            number: turn.contact.number,
            pushName: turn.contact.name,
            remoteJid: turn.contact.number,
          },
        },
        turn.signal,
      )
      if (!response.sessionId) throw new ConversationError('Typebot started no session')
      return {
        ...relayed(response, settings.unknownMessage),
        sessionId: response.sessionId,
        pauseMs: settings.delayMs,
      }
    },
  }
}
