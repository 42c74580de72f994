import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'

const SCRIPT = `export const greeting = ${JSON.stringify('olá '.repeat(500))}\n`

let t: TestApp
beforeAll(async () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'atende-web-'))
  mkdirSync(join(webRoot, 'assets'))
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Atende</title>')
  writeFileSync(join(webRoot, 'assets', 'app.js'), SCRIPT)
  writeFileSync(join(webRoot, 'assets', 'app.js.br'), brotliCompressSync(SCRIPT))
  writeFileSync(join(webRoot, 'assets', 'app.js.gz'), gzipSync(SCRIPT))
  writeFileSync(join(webRoot, 'assets', 'plain.js'), SCRIPT)
  t = await buildTestApp({ config: { webRoot } })
})
afterAll(() => t.close())

const getScript = (file: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/assets/${file}`,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  })

test('a script goes out as the brotli copy when the client accepts it', async () => {
  const response = await getScript('app.js', 'gzip, deflate, br')
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-encoding']).toBe('br')
  expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8')
  expect(response.headers.vary).toBe('accept-encoding')
  expect(response.headers['cache-control']).toContain('immutable')
  expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT)
  expect(Number(response.headers['content-length'])).toBeLessThan(SCRIPT.length / 5)
})

test('without brotli (plain HTTP in Chromium) it is the gzip copy', async () => {
  const response = await getScript('app.js', 'gzip, deflate')
  expect(response.headers['content-encoding']).toBe('gzip')
  expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT)
})

test('a client that accepts no encoding, or refuses one with q=0, gets what it can read', async () => {
  const identity = await getScript('app.js')
  expect(identity.headers['content-encoding']).toBeUndefined()
  expect(identity.body).toBe(SCRIPT)

  const noBrotli = await getScript('app.js', 'br;q=0, gzip')
  expect(noBrotli.headers['content-encoding']).toBe('gzip')
})

test('a file the build did not compress is sent as it is', async () => {
  const response = await getScript('plain.js', 'br, gzip')
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-encoding']).toBeUndefined()
  expect(response.body).toBe(SCRIPT)
})

test('a compressed copy cannot be used to escape the web root or reach a missing file', async () => {
  expect((await getScript('missing.js', 'br')).statusCode).toBe(404)
  const outside = await t.app.inject({ method: 'GET', url: '/assets/..%2F..%2Fetc%2Fpasswd' })
  expect(outside.statusCode).toBe(404)
})
