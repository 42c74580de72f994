import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { signMeta, startFakeGraph, type FakeGraph } from '@tests/helpers/fake-graph'
import { createGraphClient, mapGraphFailure } from './client'
import { verifyMetaSignature } from './signature'

let graph: FakeGraph
beforeAll(async () => {
  graph = await startFakeGraph()
  graph.addPage({ id: '555', token: 'page-token', name: 'Loja' })
})
afterAll(() => graph.close())
beforeEach(() => graph.reset())

const client = (options: { maxDownloadBytes?: number } = {}) =>
  createGraphClient({
    baseUrl: `${graph.url}/`,
    version: graph.version,
    timeoutMs: 500,
    ...options,
  })

describe('Graph client', () => {
  test('calls /{version}/… with the bearer token and encodes path segments', async () => {
    expect(await client().get(['me'], 'page-token')).toEqual({ id: '555', name: 'Loja' })
    await client()
      .get(['../admin', 'x'], 'page-token')
      .catch(() => undefined)
    expect(graph.requests.map((request) => [request.path, request.authorization])).toEqual([
      ['/v21.0/me', 'Bearer page-token'],
      ['/v21.0/..%2Fadmin/x', 'Bearer page-token'],
    ])
  })

  test('a dropped connection is retryable', async () => {
    graph.failNext({ status: 0, drop: true })
    await expect(client().get(['me'], 'page-token')).rejects.toMatchObject({
      code: 'ERR_PROVIDER_UNAVAILABLE',
      retryable: true,
    })
  })

  test('downloads: size cap, bad URLs and missing files', async () => {
    const url = graph.cdnUrl('big.bin', Buffer.alloc(2048), 'application/octet-stream')
    expect((await client().download(url)).data).toHaveLength(2048)
    await expect(client({ maxDownloadBytes: 1024 }).download(url)).rejects.toMatchObject({
      code: 'ERR_FILE_TOO_LARGE',
      retryable: false,
    })
    await expect(client().download('file:///etc/passwd')).rejects.toMatchObject({
      code: 'ERR_WAPP_DOWNLOAD_MEDIA',
    })
    await expect(client().download(`${graph.url}/cdn/missing`)).rejects.toMatchObject({
      code: 'ERR_WAPP_DOWNLOAD_MEDIA',
      retryable: false,
    })
  })

  test('failure mapping', () => {
    const map = (status: number, graphError = {}) => {
      const error = mapGraphFailure(status, graphError)
      return [error.code, error.retryable]
    }
    expect(map(500)).toEqual(['ERR_PROVIDER_UNAVAILABLE', true])
    expect(map(429)).toEqual(['ERR_PROVIDER_UNAVAILABLE', true])
    expect(map(400, { code: 1, is_transient: true })).toEqual(['ERR_PROVIDER_UNAVAILABLE', true])
    expect(map(400, { code: 80007 })).toEqual(['ERR_PROVIDER_UNAVAILABLE', true])
    expect(map(401)).toEqual(['ERR_WAPP_CREDENTIALS', false])
    expect(map(403, { code: 100 })).toEqual(['ERR_WAPP_CREDENTIALS', false])
    expect(map(400, { code: 190 })).toEqual(['ERR_WAPP_CREDENTIALS', false])
    expect(map(400, { code: 200 })).toEqual(['ERR_WAPP_CREDENTIALS', false])
    expect(map(400, { code: 100 })).toEqual(['ERR_SENDING_WAPP_MSG', false])
    expect(map(400, { code: 10, error_subcode: 2018278 })).toEqual([
      'ERR_MESSAGING_WINDOW_CLOSED',
      false,
    ])
    expect(map(400, { code: 131047 })).toEqual(['ERR_MESSAGING_WINDOW_CLOSED', false])
    expect(map(404)).toEqual(['ERR_SENDING_WAPP_MSG', false])
  })
})

describe('Meta webhook signature', () => {
  const body = Buffer.from('{"object":"page","entry":[]}')

  test('accepts the HMAC-SHA256 of the raw body with the app secret', () => {
    expect(verifyMetaSignature(body, signMeta(body, 'secret'), 'secret')).toBe(true)
  })

  test('refuses another secret, another body, a malformed header or no secret', () => {
    expect(verifyMetaSignature(body, signMeta(body, 'other'), 'secret')).toBe(false)
    expect(
      verifyMetaSignature(Buffer.from(`${body.toString()} `), signMeta(body, 'secret'), 'secret'),
    ).toBe(false)
    expect(verifyMetaSignature(body, signMeta(body, 'secret').slice(0, -2), 'secret')).toBe(false)
    expect(
      verifyMetaSignature(body, signMeta(body, 'secret').replace('sha256=', 'sha1='), 'secret'),
    ).toBe(false)
    expect(verifyMetaSignature(body, undefined, 'secret')).toBe(false)
    expect(verifyMetaSignature(body, signMeta(body, 'secret'), undefined)).toBe(false)
  })
})
