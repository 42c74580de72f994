// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest'

const post = vi.fn()
vi.mock('./http', () => ({
  http: { post, delete: vi.fn(() => Promise.resolve()) },
  getAccessToken: () => null,
  setAccessToken: vi.fn(),
  setAuthHandlers: vi.fn(),
}))

/** A fresh copy of the module: its start-up runs once per load. */
const loadSession = async () => {
  vi.resetModules()
  return import('./session')
}

describe('restoreSession in a browser', () => {
  beforeEach(() => {
    localStorage.clear()
    post.mockReset()
  })

  it('does not ask the server on a first visit (no 401 in the console)', async () => {
    const session = await loadSession()
    await session.restoreSession()
    expect(post).not.toHaveBeenCalled()
    expect(session.getSession()).toEqual({ status: 'signed-out' })
  })

  it('asks once this browser signed in, and forgets it when the server refuses', async () => {
    localStorage.setItem('signedIn', '1')
    post.mockRejectedValueOnce(new Error('401'))
    const session = await loadSession()
    await session.restoreSession()
    expect(post).toHaveBeenCalledWith('/auth/refresh_token', {}, expect.anything())
    expect(localStorage.getItem('signedIn')).toBeNull()
  })
})
