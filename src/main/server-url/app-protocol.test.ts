import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FakeProtocol } from '@tests/main/electron-fakes'
import {
  createRendererFileHandler,
  registerAppScheme,
  rendererEntryUrl,
  resolveInside,
} from './app-protocol'

let root: string
let outside: string
let serve: (request: Request) => Promise<Response>

beforeAll(async () => {
  outside = await mkdtemp(join(tmpdir(), 'atende-protocol-'))
  root = join(outside, 'renderer')
  await mkdir(join(root, 'assets'), { recursive: true })
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Atende</title>')
  await writeFile(join(root, 'assets', 'index-abc.js'), 'console.log(1)')
  await writeFile(join(outside, 'secret.txt'), 'secret')
  serve = createRendererFileHandler({
    rootDir: root,
    contentSecurityPolicy: () => "default-src 'none'",
  })
})
afterAll(() => rm(outside, { recursive: true, force: true }))

const get = (url: string, method = 'GET') => serve(new Request(url, { method }))

describe('app:// scheme', () => {
  test('is registered as a standard, secure scheme that supports fetch', () => {
    const protocol = new FakeProtocol()
    registerAppScheme(protocol)
    expect(protocol.privileged).toEqual([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({
          standard: true,
          secure: true,
          supportFetchAPI: true,
        }) as unknown,
      }),
    ])
  })

  test('the window loads our files, or the dev server in development', () => {
    expect(rendererEntryUrl(null)).toBe('app://renderer/index.html')
    expect(rendererEntryUrl('http://localhost:5173')).toBe('http://localhost:5173')
  })
})

describe('renderer file handler', () => {
  test('serves index.html with its CSP and type', async () => {
    const response = await get('app://renderer/index.html')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'")
    expect(await response.text()).toContain('<title>Atende</title>')
    expect((await get('app://renderer/')).status).toBe(200)
  })

  test('serves assets with their type, nosniff, and no CSP header', async () => {
    const response = await get('app://renderer/assets/index-abc.js')
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-security-policy')).toBeNull()
  })

  test.each([
    'app://renderer/../secret.txt',
    'app://renderer/%2e%2e/secret.txt',
    'app://renderer/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    'app://renderer/..%2fsecret.txt',
    'app://renderer/..%5csecret.txt',
    'app://renderer/index.html%00.png',
    'app://renderer/%E0%A4%A',
  ])('never leaves the renderer folder: %s', async (url) => {
    const response = await get(url)
    expect([403, 404]).toContain(response.status)
    expect(await response.text()).not.toContain('secret')
  })

  test('missing files, other hosts and writes are refused', async () => {
    expect((await get('app://renderer/nope.js')).status).toBe(404)
    expect((await get('app://other/index.html')).status).toBe(404)
    expect((await get('app://renderer/index.html', 'POST')).status).toBe(405)
  })

  test('resolveInside', () => {
    expect(resolveInside('/r', '/index.html')).toBe('/r/index.html')
    expect(resolveInside('/r', '/')).toBe('/r/index.html')
    expect(resolveInside('/r', '/%2e%2e/etc/passwd')).toBeNull()
    expect(resolveInside('/r', '/a/../../x')).toBeNull()
  })
})
