import { describe, expect, it } from 'vitest'
import { needsAttention } from './connections-attention'

describe('needsAttention', () => {
  it.each(['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'])('%s needs it', (status) => {
    expect(
      needsAttention([
        { id: 1, status: 'CONNECTED' },
        { id: 2, status },
      ]),
    ).toBe(true)
  })

  it('is calm when every connection is connected or there is none', () => {
    expect(needsAttention([{ id: 1, status: 'CONNECTED' }])).toBe(false)
    expect(needsAttention([])).toBe(false)
  })
})
