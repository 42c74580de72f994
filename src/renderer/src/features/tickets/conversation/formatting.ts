import { safeHttpUrl } from './message-content'

type StyleKind = 'text' | 'bold' | 'italic' | 'strike' | 'mono'

export type TextSegment =
  { kind: StyleKind; value: string } | { kind: 'link'; value: string; href: string }

const MARKERS: Record<string, StyleKind> = {
  '*': 'bold',
  _: 'italic',
  '~': 'strike',
  '```': 'mono',
}

/** WhatsApp's marks (*bold*, _italic_, ~strike~, ```mono```) and web addresses, one level deep. */
const PATTERN =
  /```([^`]+)```|\*([^*\n]+)\*|_([^_\n]+)_|~([^~\n]+)~|(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'])/g

/**
 * Splits a message body into plain and formatted runs. The result is drawn as React text, so
 * nothing in a body can become markup.
 */
export const parseFormatting = (text: string): TextSegment[] => {
  const segments: TextSegment[] = []
  let last = 0
  for (const match of text.matchAll(PATTERN)) {
    const index = match.index
    if (index > last) segments.push({ kind: 'text', value: text.slice(last, index) })
    const [whole, mono, bold, italic, strike, url] = match
    if (url) {
      const href = safeHttpUrl(url)
      segments.push(href ? { kind: 'link', value: url, href } : { kind: 'text', value: url })
    } else {
      const marker = whole.startsWith('```') ? '```' : whole.charAt(0)
      segments.push({
        kind: MARKERS[marker] ?? 'text',
        value: mono ?? bold ?? italic ?? strike ?? whole,
      })
    }
    last = index + whole.length
  }
  if (last < text.length) segments.push({ kind: 'text', value: text.slice(last) })
  return segments
}

/**
 * A body's words without WhatsApp's marks, for places that cannot style them (list previews,
 * notifications, the PDF transcript): "*Ana:* oi" reads "Ana: oi".
 */
export const plainText = (text: string): string =>
  parseFormatting(text)
    .map((segment) => segment.value)
    .join('')
