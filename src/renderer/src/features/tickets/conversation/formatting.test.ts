import { describe, expect, it } from 'vitest'
import { parseFormatting, plainText } from './formatting'

describe('parseFormatting', () => {
  it('reads the signature and the other WhatsApp marks', () => {
    expect(parseFormatting('*Ana:*\nOlá _tudo_ ~bem~ ```code```')).toEqual([
      { kind: 'bold', value: 'Ana:' },
      { kind: 'text', value: '\nOlá ' },
      { kind: 'italic', value: 'tudo' },
      { kind: 'text', value: ' ' },
      { kind: 'strike', value: 'bem' },
      { kind: 'text', value: ' ' },
      { kind: 'mono', value: 'code' },
    ])
  })

  it('turns web addresses into links, leaving the closing punctuation out', () => {
    expect(parseFormatting('Veja https://exemplo.com/a?b=1.')).toEqual([
      { kind: 'text', value: 'Veja ' },
      { kind: 'link', value: 'https://exemplo.com/a?b=1', href: 'https://exemplo.com/a?b=1' },
      { kind: 'text', value: '.' },
    ])
  })

  it('leaves unmatched marks and plain text alone', () => {
    expect(parseFormatting('2 * 3 = 6')).toEqual([{ kind: 'text', value: '2 * 3 = 6' }])
    expect(parseFormatting('')).toEqual([])
  })
})

describe('plainText', () => {
  it('keeps the words of a signed reply without its marks', () => {
    expect(plainText('*Ana:*\nOlá _tudo_ ~bem~? Veja https://exemplo.com/a_b_c')).toBe(
      'Ana:\nOlá tudo bem? Veja https://exemplo.com/a_b_c',
    )
  })
})
