import { describe, expect, it } from 'vitest'
import { messagePreview } from './message-preview'

// Issue 15 (minor 15): the row showed the raw "*Administrador:* …" of a signed reply.
describe('messagePreview', () => {
  it('keeps the words of a signed reply without its bold marks', () => {
    expect(messagePreview('*Administrador:*\nOlá Carlos!')).toBe('Administrador: Olá Carlos!')
  })

  it('drops every WhatsApp mark and keeps what they wrapped', () => {
    expect(messagePreview('_já_ ~não~ ```pix``` *ok*')).toBe('já não pix ok')
  })

  it('leaves a lone marker and a link as they are', () => {
    expect(messagePreview('2 * 3 = 6')).toBe('2 * 3 = 6')
    expect(messagePreview('https://ex.com/a_b_c')).toBe('https://ex.com/a_b_c')
  })

  it('cuts the words, not the marks, to 40 characters', () => {
    const preview = messagePreview(`*Ana:* ${'a'.repeat(50)}`)
    expect(preview).toBe(`Ana: ${'a'.repeat(35)}…`)
  })
})
