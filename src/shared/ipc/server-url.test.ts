import { describe, expect, test } from 'vitest'
import { checkServerUrl } from './server-url'

describe('checkServerUrl', () => {
  test.each([
    ['https://atende.example.com', 'https://atende.example.com'],
    ['https://atende.example.com/', 'https://atende.example.com'],
    ['https://example.com/atende/', 'https://example.com/atende'],
    ['HTTPS://Example.COM', 'https://example.com'],
    ['https://192.168.0.10:8443', 'https://192.168.0.10:8443'],
  ])('https anywhere: %j → %j', (input, url) => {
    expect(checkServerUrl(input)).toEqual({ ok: true, url })
  })

  test.each([
    ['  http://localhost:8080/  ', 'http://localhost:8080'],
    ['http://LOCALHOST:8080', 'http://localhost:8080'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://127.1.2.3', 'http://127.1.2.3'],
    // The URL parser spells IPv4 and IPv6 hosts one way, so shorthand forms are recognised too.
    ['http://127.1:8080', 'http://127.0.0.1:8080'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
    ['http://[0:0:0:0:0:0:0:1]', 'http://[::1]'],
  ])('http on this computer: %j → %j', (input, url) => {
    expect(checkServerUrl(input)).toEqual({ ok: true, url })
  })

  test.each([
    ['http://atende.example.com'],
    ['http://192.168.0.10:8080'],
    ['http://10.0.0.1'],
    ['http://128.0.0.1'],
    ['http://localhost.example.com'],
    ['http://localhost.attacker.example'],
    ['http://127.0.0.1.nip.io'],
    ['http://[::2]'],
    ['http://[::ffff:127.0.0.1]'],
  ])('http elsewhere travels in clear text: %j is refused', (input) => {
    expect(checkServerUrl(input)).toEqual({ ok: false, error: 'ERR_INSECURE_SERVER_URL' })
  })

  test.each([
    ['ftp://example.com'],
    ['javascript:alert(1)'],
    ['file:///etc/passwd'],
    ['ws://localhost:8080'],
    ['https://user:pw@example.com'],
    ['http://user@localhost:8080'],
    ['https://example.com/?next=evil'],
    ['https://example.com/#x'],
    ['example.com'],
    [''],
  ])('not a server address: %j', (input) => {
    expect(checkServerUrl(input)).toEqual({ ok: false, error: 'ERR_IPC_INVALID_INPUT' })
  })
})
