import { describe, expect, it } from 'vitest'
import { mediaSchema } from './media-schema'

describe('media block form', () => {
  it('requires the file to have been sent', () => {
    expect(() => mediaSchema.validateSync({ url: '', record: false })).toThrow(
      'validation.mediaRequired',
    )
    expect(mediaSchema.validateSync({ url: 'flow/a.ogg', record: true })).toEqual({
      url: 'flow/a.ogg',
      record: true,
    })
  })
})
