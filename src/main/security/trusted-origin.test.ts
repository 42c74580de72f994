import { describe, expect, test } from 'vitest'
import { isExternalUrl, isTrustedUrl } from './trusted-origin'

const built = { devServerUrl: null }
const dev = { devServerUrl: 'http://localhost:5173' }

describe('isTrustedUrl', () => {
  test.each([
    ['app://renderer', built, true],
    ['app://renderer/index.html', built, true],
    ['app://renderer/index.html#/tickets/1', built, true],
    ['app://other/index.html', built, false],
    ['app://renderer.evil.com/index.html', built, false],
    ['app://renderer:8080/index.html', built, false],
    ['app://user:pass@renderer/index.html', built, false],
    ['file:///opt/Atende/resources/app.asar/out/renderer/index.html', built, false],
    ['http://evil.example', built, false],
    ['https://evil.example/app://renderer', built, false],
    ['http://localhost:5173/', built, false],
    ['http://localhost:5173/', dev, true],
    ['http://localhost:5173/#/login', dev, true],
    ['http://localhost:5174/', dev, false],
    ['https://localhost:5173/', dev, false],
    ['ws://localhost:5173/', dev, false],
    ['app://renderer/index.html', dev, true],
    ['javascript:alert(1)', dev, false],
    ['not a url', built, false],
    ['', built, false],
  ])('%s (%o) → %s', (url, config, expected) => {
    expect(isTrustedUrl(url, config)).toBe(expected)
  })

  test('a dev URL that is not http(s) widens nothing', () => {
    expect(isTrustedUrl('file:///tmp/x.html', { devServerUrl: 'file:///tmp/' })).toBe(false)
  })
})

describe('isExternalUrl', () => {
  test.each([
    ['https://example.com/page', true],
    ['http://example.com', true],
    ['mailto:someone@example.com', true],
    ['javascript:alert(1)', false],
    ['file:///etc/passwd', false],
    ['app://renderer/index.html', false],
    ['smb://server/share', false],
    ['https://user:pass@example.com', false],
    ['nonsense', false],
  ])('%s → %s', (url, expected) => {
    expect(isExternalUrl(url)).toBe(expected)
  })
})
