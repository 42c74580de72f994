import { number, record, records, text, type JsonRecord } from '../graph/json'
import type { InboundContent } from '../types'

/** What `downloadMedia` needs to fetch a Messenger/Instagram attachment later. */
export interface MessengerMediaRef {
  [key: string]: unknown
  url: string
  fileName?: string
}

const MEDIA_KINDS = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  file: 'application',
} as const

/**
 * Instagram content a contact shares with the page or mentions it in: the line that says what
 * arrived, and what its asset most likely is (the stored copy's sniffed type decides).
 */
const SHARED = {
  share: { label: 'Compartilhou uma publicação', mediaKind: 'image' },
  ig_post: { label: 'Compartilhou uma publicação', mediaKind: 'image' },
  ig_reel: { label: 'Compartilhou um reel', mediaKind: 'video' },
  ig_story: { label: 'Compartilhou um story', mediaKind: 'image' },
  story_mention: { label: 'Mencionou você em um story', mediaKind: 'image' },
} as const

const STORY_REPLY_LABEL = 'Respondeu ao seu story'

/** Non-empty lines as one body, then `written` (what the contact wrote) after a blank line. */
const readableBody = (lines: (string | undefined)[], written = '') =>
  [lines.filter(Boolean).join('\n'), written].filter(Boolean).join('\n\n')

/**
 * What the attendant sees of a shared post, reel or story, or of a reply to the page's story:
 * what it is, its link, then what the contact wrote. The asset behind the link is stored as the
 * message's file (a preview that outlives Meta's expiring CDN link, and the story itself); a
 * failed download keeps the text with a note and is tried again like any received file.
 */
function withPreview(
  lines: (string | undefined)[],
  written: string,
  url: string | undefined,
  mediaKind: 'image' | 'video',
): InboundContent {
  const caption = readableBody([...lines, url], written)
  if (!url) return { kind: 'text', body: caption }
  const ref: MessengerMediaRef = { url }
  return { kind: 'media', mediaKind, caption, ref }
}

/**
 * A message that answers one of the page's Instagram stories (`reply_to.story`): the story is
 * its preview when the contact wrote text; a file of his own keeps its place and gets the
 * context in its caption.
 */
export function inReplyToStory(content: InboundContent, story: JsonRecord): InboundContent {
  const url = text(story.url)
  if (content.kind === 'text') return withPreview([STORY_REPLY_LABEL], content.body, url, 'image')
  if (content.kind === 'media')
    return { ...content, caption: readableBody([STORY_REPLY_LABEL, url], content.caption) }
  return content
}

/**
 * A structured message (a template the page sent, or a post shared from Facebook) as the lines
 * a person reads: its texts, its items, its order total and the buttons it offered. Null when
 * it holds nothing readable.
 */
function templateText(attachment: JsonRecord, payload: JsonRecord): string | null {
  const lines: string[] = []
  const add = (value: string | undefined) => {
    const line = value?.trim()
    if (line && !lines.includes(line)) lines.push(line)
  }
  const buttons = (owner: JsonRecord) => {
    for (const button of records(owner.buttons))
      add(text(button.title) && `[${text(button.title)}]`)
  }
  add(text(attachment.title))
  add(text(payload.text))
  const order = text(payload.order_number)
  if (order) add(`Pedido ${order}`)
  for (const element of records(payload.elements)) {
    add([text(element.title), text(element.subtitle)].filter(Boolean).join(' — '))
    add(text(element.url))
    buttons(element)
  }
  const total = number(record(payload.summary).total_cost)
  if (total !== undefined) add(['Total:', total, text(payload.currency)].filter(Boolean).join(' '))
  buttons(payload)
  return lines.length > 0 ? lines.join('\n') : null
}

/** One attachment of a message; `caption` is the message's text, given to its first one. */
export function attachmentContent(attachment: JsonRecord, caption: string): InboundContent {
  const type = text(attachment.type) ?? 'unknown'
  const payload = record(attachment.payload)
  const url = text(payload.url)
  if ((type === 'image' || type === 'video' || type === 'audio' || type === 'file') && url) {
    const fileName = type === 'file' ? fileNameOf(url) : undefined
    const ref: MessengerMediaRef = { url, ...(fileName ? { fileName } : {}) }
    return {
      kind: 'media',
      mediaKind:
        type === 'image' && payload.sticker_id !== undefined ? 'sticker' : MEDIA_KINDS[type],
      caption,
      ...(fileName ? { fileName } : {}),
      ref,
    }
  }
  if (type === 'location') {
    const coordinates = record(payload.coordinates)
    const latitude = number(coordinates.lat)
    const longitude = number(coordinates.long)
    if (latitude !== undefined && longitude !== undefined)
      return { kind: 'location', latitude, longitude }
  }
  if (type === 'fallback') {
    const link = [text(attachment.title) ?? text(payload.title), url].filter(Boolean).join('\n')
    if (link) return { kind: 'text', body: caption ? `${caption}\n${link}` : link }
  }
  if (type in SHARED) {
    const { label, mediaKind } = SHARED[type as keyof typeof SHARED]
    const title = text(payload.title)
    return withPreview(
      [title ? `${label}: ${title}` : label],
      caption,
      url ?? text(payload.story_media_url),
      mediaKind,
    )
  }
  if (type === 'template') {
    const readable = templateText(attachment, payload)
    if (readable) return { kind: 'text', body: readableBody([readable], caption) }
  }
  return { kind: 'unsupported', type }
}

/** The last path segment of an attachment URL, which for files is the name the sender gave. */
function fileNameOf(url: string): string | undefined {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).at(-1)
    return last ? decodeURIComponent(last) : undefined
  } catch {
    return undefined
  }
}
