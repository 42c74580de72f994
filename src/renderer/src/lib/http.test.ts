import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import { describe, expect, it, vi } from 'vitest'
import { createAuthClient } from './http'

/**
 * A stand-in for the server at the network edge: a request passes with the current token,
 * any other token is answered 403 ERR_INVALID_TOKEN, and `/forbidden` and `/gone` answer the
 * two other outcomes.
 */
const fakeServer = (state: { validToken: string }) => {
  const seen: string[] = []
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const auth = String(config.headers.get('Authorization') ?? '')
    seen.push(`${config.url} ${auth}`)
    const respond = (status: number, data: unknown): Promise<AxiosResponse> => {
      const response = { status, data, statusText: '', headers: {}, config }
      if (status < 400) return Promise.resolve(response)
      return Promise.reject(new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response))
    }
    if (config.url === '/gone') return respond(401, { error: 'ERR_SESSION_EXPIRED' })
    if (config.url === '/forbidden') return respond(403, { error: 'ERR_NO_PERMISSION' })
    if (auth !== `Bearer ${state.validToken}`) return respond(403, { error: 'ERR_INVALID_TOKEN' })
    return respond(200, { ok: config.url })
  }
  return { adapter, seen }
}

const setup = (refreshImpl?: () => Promise<string>) => {
  const state = { validToken: 'fresh', token: 'stale' as string | null }
  const server = fakeServer(state)
  const refresh = vi.fn(
    refreshImpl ??
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 10))
        state.token = state.validToken
        return state.validToken
      }),
  )
  const onUnauthorized = vi.fn()
  const client = createAuthClient({
    getToken: () => state.token,
    refresh,
    onUnauthorized,
    defaults: { adapter: server.adapter, headers: new AxiosHeaders() },
  })
  return { client, refresh, onUnauthorized, state, seen: server.seen }
}

describe('createAuthClient', () => {
  it('sends the access token as a bearer', async () => {
    const { client, state, seen } = setup()
    state.token = 'fresh'
    await client.get('/tickets')
    expect(seen).toEqual(['/tickets Bearer fresh'])
  })

  it('refreshes once on 403 ERR_INVALID_TOKEN, then retries with the new token', async () => {
    const { client, refresh, onUnauthorized, seen } = setup()
    const response = await client.get('/tickets')
    expect(response.data).toEqual({ ok: '/tickets' })
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(onUnauthorized).not.toHaveBeenCalled()
    expect(seen).toEqual(['/tickets Bearer stale', '/tickets Bearer fresh'])
  })

  it('shares one refresh among concurrent 403s', async () => {
    const { client, refresh } = setup()
    const responses = await Promise.all(['/a', '/b', '/c'].map((url) => client.get(url)))
    expect(responses.map((r) => (r.data as { ok: string }).ok)).toEqual(['/a', '/b', '/c'])
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('retries with a token another request already refreshed, without refreshing again', async () => {
    const { client, refresh, state, seen } = setup()
    state.token = 'fresh'
    // This request went out with the old token before the refresh landed.
    await client.get('/late', { headers: { Authorization: 'Bearer stale' } })
    expect(refresh).not.toHaveBeenCalled()
    expect(seen).toEqual(['/late Bearer stale', '/late Bearer fresh'])
  })

  it('does not refresh twice for one request', async () => {
    const { client, refresh, state } = setup(() => {
      state.validToken = 'newer'
      return Promise.resolve('fresh')
    })
    await expect(client.get('/tickets')).rejects.toMatchObject({ response: { status: 403 } })
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('signs out when the refresh fails', async () => {
    const { client, onUnauthorized } = setup(() => Promise.reject(new Error('expired')))
    await expect(client.get('/tickets')).rejects.toMatchObject({ response: { status: 403 } })
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
  })

  it('signs out on 401', async () => {
    const { client, refresh, onUnauthorized, state } = setup()
    state.token = 'fresh'
    await expect(client.get('/gone')).rejects.toMatchObject({ response: { status: 401 } })
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
    expect(refresh).not.toHaveBeenCalled()
  })

  it('leaves other 403s alone: a refusal is not a stale token', async () => {
    const { client, refresh, onUnauthorized, state } = setup()
    state.token = 'fresh'
    await expect(client.get('/forbidden')).rejects.toMatchObject({ response: { status: 403 } })
    expect(refresh).not.toHaveBeenCalled()
    expect(onUnauthorized).not.toHaveBeenCalled()
  })

  it('lets auth calls answer for themselves', async () => {
    const { client, refresh, onUnauthorized } = setup()
    await expect(client.post('/gone', {}, { skipAuthRefresh: true })).rejects.toBeInstanceOf(
      AxiosError,
    )
    await expect(client.get('/tickets', { skipAuthRefresh: true })).rejects.toBeInstanceOf(
      AxiosError,
    )
    expect(refresh).not.toHaveBeenCalled()
    expect(onUnauthorized).not.toHaveBeenCalled()
  })
})
