import { describe, expect, it } from 'vitest'
import { needsAttention } from './connections-attention'

describe('needsAttention', () => {
  it.each(['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const)(
    '%s needs it',
    (status) => {
      expect(needsAttention([{ status: 'CONNECTED' }, { status }])).toBe(true)
    },
  )

  it('is calm when every connection is connected or there is none', () => {
    expect(needsAttention([{ status: 'CONNECTED' }])).toBe(false)
    expect(needsAttention([])).toBe(false)
  })
})
