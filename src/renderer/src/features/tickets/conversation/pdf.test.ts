import { describe, expect, it } from 'vitest'
import { buildMessage, buildOwnMessage } from '@tests/renderer/tickets.fixtures'
import { PDF_FILE_NAME } from './constants'
import { ALL_REACTIONS } from './emoji'
import { emojiShortcode } from './emoji-names'
import { layoutTranscript, pdfSafeText, transcriptMessages, wrapText, type Transcript } from './pdf'

/** Every character one unit wide: widths in the tests are character counts. */
const byLength = (text: string) => [...text].length

describe('pdf export', () => {
  it('is named after the ticket', () => {
    expect(PDF_FILE_NAME(42)).toBe('relatorio_atendimento_42.pdf')
  })

  it('keeps Portuguese and Spanish text as it is', () => {
    expect(pdfSafeText('Atenção: não há ñandú… “ok” – 10€ © ™')).toBe(
      'Atenção: não há ñandú… “ok” – 10€ © ™',
    )
  })

  it('plains the letters the built-in fonts lack and leaves other scripts out', () => {
    expect(pdfSafeText('Teşekkürler ığ ok')).toBe('Tesekkürler ig ok')
    expect(pdfSafeText('linha 1 \nlinha 2 Привет')).toBe('linha 1\nlinha 2 ')
  })

  it('names the emoji it cannot draw, so an emoji-only message is not a blank line', () => {
    expect(pdfSafeText('🙏')).toBe(':pray:')
    expect(pdfSafeText('Obrigado 👍🏽❤️ 🇧🇷')).toBe('Obrigado :thumbsup::heart: :emoji:')
    expect(pdfSafeText('Meu produto chegou quebrado 😡😡')).toBe(
      'Meu produto chegou quebrado :rage::rage:',
    )
  })

  it('has a name for every emoji the pickers offer', () => {
    for (const emoji of ALL_REACTIONS) expect(emojiShortcode(emoji)).not.toBe(':emoji:')
  })

  it('leaves private notes out: the PDF is what a customer may receive', () => {
    const note = buildOwnMessage(1, { id: 2, body: 'Nota interna', isPrivate: true })
    const reply = buildOwnMessage(1, { id: 3, body: 'Resposta' })
    const question = buildMessage({ id: 1, body: 'Pergunta' })
    const reaction = buildMessage({ id: 4, body: '👍', mediaType: 'reactionMessage' })

    expect(transcriptMessages([question, note, reply, reaction])).toEqual([question, reply])
  })
})

describe('wrapText', () => {
  it('wraps words at spaces and keeps line breaks and blank lines', () => {
    expect(wrapText('um dois três quatro\n\ncinco', 10, byLength)).toEqual([
      'um dois',
      'três',
      'quatro',
      '',
      'cinco',
    ])
  })

  it('breaks a URL longer than a line after its separators, never past the width', () => {
    const url = 'https://exemplo.com.br/comprovantes/2026/abc123?ref=whatsapp&utm_source=app'
    const lines = wrapText(`Segue o link: ${url}`, 30, byLength)

    expect(lines).toEqual([
      'Segue o link:',
      'https://exemplo.com.br/',
      'comprovantes/2026/abc123?ref=',
      'whatsapp&utm_source=app',
    ])
    expect(lines.slice(1).join('')).toBe(url)
  })

  it('breaks a long word without separators at the width', () => {
    const word = 'a'.repeat(25)
    expect(wrapText(`x ${word}`, 10, byLength)).toEqual([
      'x',
      'a'.repeat(10),
      'a'.repeat(10),
      'aaaaa',
    ])
  })
})

describe('layoutTranscript', () => {
  const transcript = (bodies: string[]): Transcript => ({
    fileName: 'relatorio_atendimento_4.pdf',
    title: 'Relatório de atendimento #4',
    header: ['Contato: Carlos'],
    entries: bodies.map((body) => ({ time: '26/11/2026, 13:09', sender: 'Carlos', body })),
  })
  // Half a millimetre per character at any size: an A4 line (180 mm) holds 360 characters.
  const measure = (text: string) => byLength(text) / 2

  it('keeps every line within the margins and names an emoji-only message', () => {
    const long = `https://exemplo.com.br/${'x'.repeat(500)}`
    const pages = layoutTranscript(transcript([long, '🙏']), measure)
    const lines = pages.flat()

    for (const line of lines) expect(measure(line.text)).toBeLessThanOrEqual(180)
    expect(lines.filter((line) => !line.bold).map((line) => line.text)).toContain(':pray:')
    expect(lines.map((line) => line.text).join('')).toContain(long)
  })

  it('starts a new page before a line would cross the bottom margin', () => {
    const pages = layoutTranscript(
      transcript(Array.from({ length: 60 }, (_, i) => `m${i}`)),
      measure,
    )

    expect(pages.length).toBeGreaterThan(1)
    for (const page of pages) {
      for (const line of page) expect(line.y).toBeLessThanOrEqual(297 - 15)
    }
    expect(pages[1]?.[0]?.y).toBeLessThan(30)
  })
})
