import { assertPublicTarget } from '../integrations/runtimes/target'
import type { MediaService } from '../media/media.service'
import type { AutomaticText } from '../messages/outbound.types'
import {
  ConversationError,
  type ConversationOutput,
  type ConversationReply,
} from './bot.conversations.types'

/** A file a bot points at is downloaded up to this size, in this time. */
const MEDIA_MAX_BYTES = 20 * 1024 * 1024
const MEDIA_TIMEOUT_MS = 15_000

/** The company's tag on what a bot wrote. */
type Source = { integrationId: number } | { promptId: number }

/**
 * A reply as the ticket's automatic messages, its files downloaded and stored first (never
 * only linked), before the transaction that writes them. Each message after the first waits
 * the bot's pause more (Typebot's typebotDelayMessage).
 */
export async function storeOutputs(
  media: Pick<MediaService, 'saveFile'>,
  companyId: number,
  reply: ConversationReply,
  source: Source,
  options: { signal: AbortSignal; allowPrivateTargets: boolean },
): Promise<AutomaticText[]> {
  const texts: AutomaticText[] = []
  const paced = () =>
    reply.pauseMs && texts.length > 0 ? { sendAfterMs: reply.pauseMs * texts.length } : {}
  for (const output of reply.outputs) {
    if (output.kind === 'text') {
      if (output.text.trim()) texts.push({ body: output.text, source, ...paced() })
      continue
    }
    const content = output.kind === 'voice' ? output.content : await download(output.url, options)
    const stored = await media.saveFile(companyId, 'bots', content, {
      maxBytes: MEDIA_MAX_BYTES,
      originalName: output.kind === 'voice' ? 'voz.ogg' : fileNameOf(output),
    })
    const kind =
      stored.kind === 'image' || stored.kind === 'video' || stored.kind === 'audio'
        ? stored.kind
        : 'application'
    texts.push({
      body: output.kind === 'media' ? (output.caption ?? '') : '',
      attachment: { path: stored.path, name: stored.name, mime: stored.mime, kind },
      source,
      ...paced(),
    })
  }
  return texts
}

/** A file a bot points at, from a public address, with a bounded size and time. */
async function download(
  url: string,
  { signal, allowPrivateTargets }: { signal: AbortSignal; allowPrivateTargets: boolean },
): Promise<Buffer> {
  if (!/^https?:\/\//.test(url))
    throw new ConversationError('a file of the bot has no web address', true)
  // The bot names the address: it must not reach the server's own network either.
  await assertPublicTarget(url, allowPrivateTargets)
  let response: Response
  try {
    response = await fetch(url, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(MEDIA_TIMEOUT_MS)]),
    })
  } catch (error) {
    if (signal.aborted) throw error
    throw new ConversationError(`the file at ${new URL(url).host} did not download`)
  }
  if (!response.ok)
    throw new ConversationError(`the file at ${new URL(url).host} answered ${response.status}`)
  const length = Number(response.headers.get('content-length') ?? 0)
  if (length > MEDIA_MAX_BYTES) throw new ConversationError('a file of the bot is too large', true)
  const content = Buffer.from(await response.arrayBuffer())
  if (content.length > MEDIA_MAX_BYTES)
    throw new ConversationError('a file of the bot is too large', true)
  return content
}

const fileNameOf = (output: Extract<ConversationOutput, { kind: 'media' }>) =>
  new URL(output.url).pathname.split('/').pop() || 'arquivo'
