import type { MessageDto } from '@shared/contracts/messages'
import { emojiShortcode } from './emoji-names'
import { isShownInList } from './timeline'

/** The printable characters of WinAnsi beyond Latin-1: the encoding of jsPDF's built-in fonts. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ')
const DOTLESS: Record<string, string> = { ı: 'i', İ: 'I' }

/** One emoji as people see it: flags, keycaps, skin tones and ZWJ sequences included. */
const EMOJI =
  /\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3|\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F|\u200D\p{Extended_Pictographic}\uFE0F?)*/gu

const isDrawable = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0
  return char === '\n' || (code >= 0x20 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)
}

/**
 * Text the built-in PDF fonts can draw. They have no emoji glyphs, so an emoji becomes its
 * `:shortcode:` (a message of emoji alone must not print as a blank line); letters outside
 * WinAnsi lose their accents (ş → s, ğ → g), and other scripts are left out instead of printing
 * as garbage.
 */
export const pdfSafeText = (text: string): string => {
  const named = text.replace(EMOJI, (emoji) => (isDrawable(emoji) ? emoji : emojiShortcode(emoji)))
  let result = ''
  for (const char of named) {
    if (isDrawable(char)) {
      result += char
      continue
    }
    const plain = (DOTLESS[char] ?? char.normalize('NFKD')).replace(/[\u0300-\u036f]/g, '')
    if ([...plain].every((part) => (part.codePointAt(0) ?? 0) <= 0xff)) result += plain
  }
  return result.replace(/[ \t]+\n/g, '\n')
}

/**
 * The messages a transcript holds: those the list shows, without the team's private notes. The
 * PDF is what a customer may be sent.
 */
export const transcriptMessages = (messages: MessageDto[]): MessageDto[] =>
  messages.filter((message) => isShownInList(message) && !message.isPrivate)

/** A long token (a URL) breaks after one of these where it can, as browsers break URLs. */
const BREAK_AFTER = new Set('/?&=#-.,;:')

/**
 * The head of `token` that fits in `maxWidth` (at least one character), ending at its last
 * break character when that keeps more than half of it, and the rest.
 */
const splitToken = (
  token: string,
  maxWidth: number,
  measure: (text: string) => number,
): [string, string] => {
  const chars = [...token]
  let fits = 1
  while (fits < chars.length && measure(chars.slice(0, fits + 1).join('')) <= maxWidth) fits++
  let cut = fits
  for (let end = fits; end > fits / 2; end--) {
    if (BREAK_AFTER.has(chars[end - 1] ?? '')) {
      cut = end
      break
    }
  }
  return [chars.slice(0, cut).join(''), chars.slice(cut).join('')]
}

/**
 * The lines of `text` no wider than `maxWidth`: words wrap at spaces, a word wider than a whole
 * line (a URL, a long run of letters) is broken inside, and line breaks and blank lines stay.
 */
export const wrapText = (
  text: string,
  maxWidth: number,
  measure: (text: string) => number,
): string[] => {
  const lines: string[] = []
  for (const paragraph of text.split('\n')) {
    let line = ''
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word
      if (measure(candidate) <= maxWidth) {
        line = candidate
        continue
      }
      if (line) lines.push(line)
      let rest = word
      while (measure(rest) > maxWidth) {
        const [head, tail] = splitToken(rest, maxWidth, measure)
        lines.push(head)
        rest = tail
      }
      line = rest
    }
    lines.push(line)
  }
  return lines
}

export interface TranscriptEntry {
  time: string
  sender: string
  body: string
}

export interface Transcript {
  fileName: string
  title: string
  /** Lines under the title: contact, ticket number, dates. */
  header: string[]
  entries: TranscriptEntry[]
}

/** One line of text on a page: its baseline `y` from the top, in millimetres. */
export interface PdfLine {
  text: string
  size: number
  bold: boolean
  y: number
}

export interface PageGeometry {
  width: number
  height: number
  margin: number
}

/** The width of `text` in millimetres, in Helvetica at `size` points. */
export type MeasureText = (text: string, size: number, bold: boolean) => number

const A4: PageGeometry = { width: 210, height: 297, margin: 15 }
const PT_TO_MM = 0.3528
const LINE_SPACING = 1.35

/** The transcript's lines, page by page, each within the margins. */
export const layoutTranscript = (
  transcript: Transcript,
  measure: MeasureText,
  page: PageGeometry = A4,
): PdfLine[][] => {
  const width = page.width - page.margin * 2
  const bottom = page.height - page.margin
  let current: PdfLine[] = []
  const pages = [current]
  let y = page.margin

  const write = (text: string, size: number, bold: boolean, gapAfter = 0) => {
    const lineHeight = size * PT_TO_MM * LINE_SPACING
    for (const line of wrapText(pdfSafeText(text), width, (part) => measure(part, size, bold))) {
      if (y + lineHeight > bottom) {
        current = []
        pages.push(current)
        y = page.margin
      }
      y += lineHeight
      current.push({ text: line, size, bold, y })
    }
    y += gapAfter
  }

  write(transcript.title, 16, true, 2)
  for (const line of transcript.header) write(line, 10, false)
  y += 4
  for (const entry of transcript.entries) {
    write(`${entry.time} - ${entry.sender}`, 9, true)
    write(entry.body, 10, false, 2.5)
  }
  return pages
}

/**
 * Writes the conversation as a text-only A4 PDF and offers it as a download. jsPDF is loaded
 * only now: most sessions never export.
 */
export const exportTranscriptPdf = async (transcript: Transcript): Promise<void> => {
  const { jsPDF } = await import('jspdf')
  const doc = new jsPDF({ format: 'a4', unit: 'mm' })
  const applyFont = (size: number, bold: boolean) => {
    doc.setFont('helvetica', bold ? 'bold' : 'normal')
    doc.setFontSize(size)
  }
  const pages = layoutTranscript(
    transcript,
    (text, size, bold) => {
      applyFont(size, bold)
      return doc.getTextWidth(text)
    },
    {
      width: doc.internal.pageSize.getWidth(),
      height: doc.internal.pageSize.getHeight(),
      margin: A4.margin,
    },
  )
  pages.forEach((lines, index) => {
    if (index > 0) doc.addPage()
    for (const line of lines) {
      applyFont(line.size, line.bold)
      doc.text(line.text, A4.margin, line.y)
    }
  })
  doc.save(transcript.fileName)
}
