import { describe, expect, it } from 'vitest'
import { keyForSend } from './idempotency'

describe('keyForSend', () => {
  let counter = 0
  const createKey = () => `key-${++counter}`

  it('reuses the key when the same request is sent again', () => {
    const first = keyForSend(null, '{"body":"oi"}', createKey)
    expect(keyForSend(first, '{"body":"oi"}', createKey)).toBe(first)
  })

  it('gives a different request a fresh key', () => {
    const first = keyForSend(null, '{"body":"oi"}', createKey)
    const second = keyForSend(first, '{"body":"olá"}', createKey)
    expect(second.key).not.toBe(first.key)
    expect(second.fingerprint).toBe('{"body":"olá"}')
  })
})
