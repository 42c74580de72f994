import { expect, test } from 'vitest'
import { createSecretBox } from './secret-box'

test('seals and opens; the stored form hides the secret and differs each time', () => {
  const box = createSecretBox('k'.repeat(40))
  const sealed = box.seal('EAAB-page-token')
  expect(sealed).not.toContain('EAAB')
  expect(box.seal('EAAB-page-token')).not.toBe(sealed)
  expect(box.open(sealed)).toBe('EAAB-page-token')
})

test('a tampered value or another key cannot open it', () => {
  const box = createSecretBox('k'.repeat(40))
  const sealed = box.seal('secret')
  const [version, iv, tag, body] = sealed.split('.')
  const flipped = Buffer.from(body!, 'base64url')
  flipped[0] = flipped[0]! ^ 1
  expect(() => box.open([version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow()
  expect(() => createSecretBox('o'.repeat(40)).open(sealed)).toThrow()
  expect(() => box.open('plain text')).toThrow('not a sealed secret')
})
