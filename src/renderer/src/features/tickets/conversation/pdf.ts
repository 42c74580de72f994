/** The printable characters of WinAnsi beyond Latin-1: the encoding of jsPDF's built-in fonts. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ')
const DOTLESS: Record<string, string> = { ı: 'i', İ: 'I' }

/**
 * Text the built-in PDF fonts can draw: letters outside WinAnsi lose their accents (ş → s,
 * ğ → g), and what has no Latin form (emoji, other scripts) is left out instead of printing as
 * garbage.
 */
export const pdfSafeText = (text: string): string => {
  let result = ''
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if (char === '\n' || (code >= 0x20 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)) {
      result += char
      continue
    }
    const plain = (DOTLESS[char] ?? char.normalize('NFKD')).replace(/[\u0300-\u036f]/g, '')
    if ([...plain].every((part) => (part.codePointAt(0) ?? 0) <= 0xff)) result += plain
  }
  return result.replace(/[ \t]+\n/g, '\n')
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

const MARGIN_MM = 15
const PT_TO_MM = 0.3528
const LINE_SPACING = 1.35

/**
 * Writes the conversation as a text-only A4 PDF and offers it as a download. jsPDF is loaded
 * only now: most sessions never export.
 */
export const exportTranscriptPdf = async (transcript: Transcript): Promise<void> => {
  const { jsPDF } = await import('jspdf')
  const doc = new jsPDF({ format: 'a4', unit: 'mm' })
  const width = doc.internal.pageSize.getWidth() - MARGIN_MM * 2
  const bottom = doc.internal.pageSize.getHeight() - MARGIN_MM
  let y = MARGIN_MM

  const write = (text: string, size: number, style: 'normal' | 'bold', gapAfter = 0) => {
    doc.setFont('helvetica', style)
    doc.setFontSize(size)
    const lineHeight = size * PT_TO_MM * LINE_SPACING
    const lines = doc.splitTextToSize(pdfSafeText(text), width) as string[]
    for (const line of lines) {
      if (y + lineHeight > bottom) {
        doc.addPage()
        y = MARGIN_MM
      }
      y += lineHeight
      doc.text(line, MARGIN_MM, y)
    }
    y += gapAfter
  }

  write(transcript.title, 16, 'bold', 2)
  for (const line of transcript.header) write(line, 10, 'normal')
  y += 4
  for (const entry of transcript.entries) {
    write(`${entry.time} - ${entry.sender}`, 9, 'bold')
    write(entry.body, 10, 'normal', 2.5)
  }
  doc.save(transcript.fileName)
}
