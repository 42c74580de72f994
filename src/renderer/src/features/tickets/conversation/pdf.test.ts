import { describe, expect, it } from 'vitest'
import { PDF_FILE_NAME } from './constants'
import { pdfSafeText } from './pdf'

describe('pdf export', () => {
  it('is named after the ticket', () => {
    expect(PDF_FILE_NAME(42)).toBe('relatorio_atendimento_42.pdf')
  })

  it('keeps Portuguese and Spanish text as it is', () => {
    expect(pdfSafeText('Atenção: não há ñandú… “ok” – 10€')).toBe(
      'Atenção: não há ñandú… “ok” – 10€',
    )
  })

  it('drops what the built-in fonts cannot draw and plains the other letters', () => {
    expect(pdfSafeText('Teşekkürler ığ 👍 ok')).toBe('Tesekkürler ig  ok')
    expect(pdfSafeText('linha 1 \nlinha 2')).toBe('linha 1\nlinha 2')
  })
})
