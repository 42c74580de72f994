import { describe, expect, test } from 'vitest'
import { silentLogger } from '../logger'
import {
  FakeApp,
  FakeSession,
  FakeShell,
  FakeWebContents,
  navigationEvent,
} from '@tests/main/electron-fakes'
import { contentSecurityPolicy, withContentSecurityPolicy } from './content-security-policy'
import {
  applyContentSecurityPolicy,
  applyPermissionPolicy,
  applyWebContentsPolicy,
  isPermissionAllowed,
} from './policies'
import { trustedUrlCheck } from './trusted-origin'

const isTrusted = trustedUrlCheck({ devServerUrl: null })

function hardened() {
  const app = new FakeApp('/tmp')
  const shell = new FakeShell()
  applyWebContentsPolicy(app, { isTrusted, shell, logger: silentLogger })
  const contents = new FakeWebContents()
  app.emit('web-contents-created', {}, contents)
  return { contents, shell }
}

describe('web contents policy', () => {
  test('new windows are denied; http(s) and mailto links open in the OS', () => {
    const { contents, shell } = hardened()
    for (const url of [
      'https://example.com',
      'mailto:a@b.co',
      'javascript:alert(1)',
      'file:///etc',
    ]) {
      expect(contents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' })
    }
    expect(shell.opened).toEqual(['https://example.com', 'mailto:a@b.co'])
  })

  test('navigation stays on our origin; an http link goes to the browser instead', () => {
    const { contents, shell } = hardened()
    const inside = navigationEvent('app://renderer/index.html')
    const outside = navigationEvent('https://example.com/')
    const local = navigationEvent('file:///etc/passwd')
    contents.emit('will-navigate', inside)
    contents.emit('will-navigate', outside)
    contents.emit('will-navigate', local)
    expect([inside.defaultPrevented, outside.defaultPrevented, local.defaultPrevented]).toEqual([
      false,
      true,
      true,
    ])
    expect(shell.opened).toEqual(['https://example.com/'])
  })

  test('redirects away and <webview> are refused', () => {
    const { contents } = hardened()
    const redirect = navigationEvent('https://evil.example/')
    const webview = navigationEvent('')
    contents.emit('will-redirect', redirect)
    contents.emit('will-attach-webview', webview)
    expect([redirect.defaultPrevented, webview.defaultPrevented]).toEqual([true, true])
  })
})

describe('permission policy', () => {
  test.each([
    ['notifications', 'app://renderer/index.html', [], true],
    ['media', 'app://renderer/index.html', ['audio'], true],
    ['media', 'app://renderer/index.html', ['audio', 'video'], false],
    ['geolocation', 'app://renderer/index.html', [], false],
    ['clipboard-read', 'app://renderer/index.html', [], false],
    ['notifications', 'https://evil.example/', [], false],
    ['media', 'file:///tmp/x.html', ['audio'], false],
  ] as const)('%s from %s %o → %s', (permission, url, mediaTypes, expected) => {
    expect(isPermissionAllowed(permission, url, isTrusted, [...mediaTypes])).toBe(expected)
  })

  test('the session handlers apply it', () => {
    const session = new FakeSession()
    applyPermissionPolicy(session, isTrusted)
    expect(session.request('notifications', { requestingUrl: 'app://renderer/index.html' })).toBe(
      true,
    )
    expect(session.request('notifications', { requestingUrl: 'https://evil.example' })).toBe(false)
    const contents = new FakeWebContents()
    contents.url = 'app://renderer/index.html'
    expect(session.request('media', { mediaTypes: ['audio'] }, contents)).toBe(true)
    expect(session.permissionCheckHandler?.(null, 'notifications', 'app://renderer')).toBe(true)
    expect(session.permissionCheckHandler?.(null, 'hid', 'app://renderer')).toBe(false)
  })
})

describe('content security policy', () => {
  test('built app: own scripts only, network limited to the chosen server', () => {
    const policy = contentSecurityPolicy({
      serverUrl: 'https://atende.example.com/api',
      devServerUrl: null,
    })
    expect(policy).toContain("script-src 'self';")
    expect(policy).toContain(
      "connect-src 'self' https://atende.example.com wss://atende.example.com;",
    )
    expect(policy).toContain("object-src 'none'")
    expect(policy).not.toContain('unsafe-eval')
  })

  test('images and media come from our files and the chosen server, not from any https host', () => {
    const policy = contentSecurityPolicy({
      serverUrl: 'https://atende.example.com/api',
      devServerUrl: null,
    })
    // Help videos' thumbnails are the one other host (HelpsPage), as in the web client's CSP.
    expect(policy).toContain(
      "img-src 'self' data: blob: https://atende.example.com https://img.youtube.com;",
    )
    expect(policy).toContain("media-src 'self' data: blob: https://atende.example.com;")
  })

  test('first run: images only from our files until a server is chosen', () => {
    const policy = contentSecurityPolicy({ serverUrl: null, devServerUrl: null })
    expect(policy).toContain("img-src 'self' data: blob: https://img.youtube.com;")
    expect(policy).toContain("media-src 'self' data: blob:;")
  })

  test('first run: any http(s)/ws(s) server may be probed', () => {
    const policy = contentSecurityPolicy({ serverUrl: null, devServerUrl: null })
    expect(policy).toContain("connect-src 'self' http: https: ws: wss:;")
  })

  test('dev server: the React Refresh preamble and HMR socket are allowed', () => {
    const policy = contentSecurityPolicy({ serverUrl: null, devServerUrl: 'http://localhost:5173' })
    expect(policy).toContain("script-src 'self' 'unsafe-inline';")
    expect(policy).toContain('ws://localhost:5173')
  })

  test('an existing header is replaced, whatever its case', () => {
    expect(
      withContentSecurityPolicy({ 'content-security-policy': ['x'], Vary: ['y'] }, 'p'),
    ).toEqual({ Vary: ['y'], 'Content-Security-Policy': ['p'] })
  })

  test('onHeadersReceived adds it to our documents only', () => {
    const session = new FakeSession()
    const devTrusted = trustedUrlCheck({ devServerUrl: 'http://localhost:5173' })
    applyContentSecurityPolicy(session, devTrusted, () => 'POLICY')
    expect(
      session.headersFor({
        url: 'http://localhost:5173/',
        resourceType: 'mainFrame',
        responseHeaders: {},
      }),
    ).toEqual({ responseHeaders: { 'Content-Security-Policy': ['POLICY'] } })
    expect(
      session.headersFor({ url: 'https://atende.example.com/tickets', resourceType: 'xhr' }),
    ).toEqual({})
  })
})
