import { expect, test } from 'vitest'
import { findUnstorableText, storableJson, storableText } from './storable-text'

test('U+0000 and unpaired surrogates become U+FFFD; paired ones and other text stay', () => {
  expect(storableText('a\u0000b')).toBe('a\ufffdb')
  expect(storableText('x\ud800y')).toBe('x\ufffdy')
  expect(storableText('x\udc00y')).toBe('x\ufffdy')
  expect(storableText('end\ud83d')).toBe('end\ufffd')
  expect(storableText('Olá \u{1F44D} — ok')).toBe('Olá \u{1F44D} — ok')
})

test('finds the top-level field that holds refused text, at any depth', () => {
  expect(findUnstorableText({ name: 'Ana', extra: [{ value: 'a\u0000' }] })).toBe('extra')
  expect(findUnstorableText({ name: 'Ana', ['k\u0000']: 'v' })).toBe('k\u0000')
  expect(findUnstorableText('\ud800')).toBe('')
  expect(findUnstorableText({ name: 'Ana \u{1F44D}', count: 3, tags: [1, 2] })).toBeNull()
  expect(findUnstorableText(Buffer.from([0]))).toBeNull()
})

test('payloads serialise as they are, unless a string holds refused text', () => {
  const usual = { text: 'Olá \u{1F44D} \\u0000 as typed', n: [1, { ok: true }] }
  expect(storableJson(usual)).toBe(JSON.stringify(usual))
  expect(JSON.parse(storableJson({ a: ['x\u0000y', { b: 'end\ud800' }] }))).toEqual({
    a: ['x\ufffdy', { b: 'end\ufffd' }],
  })
})
