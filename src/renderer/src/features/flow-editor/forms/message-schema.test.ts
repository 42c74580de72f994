import { describe, expect, it } from 'vitest'
import { messageSchema, toMessageData } from './message-schema'

describe('text block form', () => {
  it('refuses an empty or blank text (Campos de mensagem vazio!)', () => {
    expect(() => messageSchema.validateSync({ label: '  \n ' })).toThrow('validation.emptyText')
  })

  it('keeps the text, trimmed', () => {
    expect(toMessageData(messageSchema.validateSync({ label: '  Olá!  ' }))).toEqual({
      label: 'Olá!',
    })
  })
})
