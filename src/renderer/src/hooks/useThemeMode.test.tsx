// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios'
import type { ReactNode } from 'react'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SessionUser } from '@shared/contracts/users'
import { ThemeProvider } from '@renderer/app/providers/ThemeProvider'
import { http, publicHttp } from '@renderer/lib/http'
import { createQueryClient } from '@renderer/lib/query-client'
import { endSession, startSession } from '@renderer/lib/session'
import { clearStorage, readStorage, STORAGE_KEYS, writeStorage } from '@renderer/lib/storage'
import type { ThemeMode } from '@renderer/lib/theme'
import { buildSessionUser } from '@tests/renderer/session'
import { useThemeMode } from './useThemeMode'

/** The server's copy of user 1's theme, as PUT /users/1 leaves it. */
let serverTheme: ThemeMode
/** Every write the page sent, as `METHOD url body`. */
const writes: string[] = []

/** The server at the network edge: PUT /users/1 keeps the theme; no public setting is set. */
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const response: AxiosResponse = { status: 200, statusText: '', headers: {}, config, data: {} }
  if (config.method === 'put' && config.url === '/users/1') {
    writes.push(`PUT ${config.url} ${String(config.data)}`)
    serverTheme = (JSON.parse(String(config.data)) as { defaultTheme: ThemeMode }).defaultTheme
    return response
  }
  if (config.method !== 'get') writes.push(`${config.method?.toUpperCase()} ${config.url}`)
  throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, {
    ...response,
    status: 404,
    data: { error: 'ERR_NOT_FOUND' },
  })
}

/** A sign-in on this machine, answered with the user's copy of his theme as the server holds it. */
const signIn = (overrides: Partial<SessionUser> = {}) =>
  startSession({
    token: 'access-token',
    user: buildSessionUser({ defaultTheme: serverTheme, ...overrides }),
  })

/**
 * The mode as the app's provider gives it, keeping the mode of every render (the first one is
 * the first paint).
 */
const renderSource = () => {
  const modes: ThemeMode[] = []
  const queryClient = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>{children}</ThemeProvider>
    </QueryClientProvider>
  )
  const rendered = renderHook(
    () => {
      const value = useThemeMode()
      modes.push(value.mode)
      return value
    },
    { wrapper },
  )
  return { ...rendered, modes }
}

const adapters = [http.defaults.adapter, publicHttp.defaults.adapter] as const
beforeEach(() => {
  http.defaults.adapter = adapter
  publicHttp.defaults.adapter = adapter
  serverTheme = 'light'
  writes.length = 0
  clearStorage()
})

afterEach(async () => {
  cleanup()
  await endSession({ callServer: false })
})

afterAll(() => {
  ;[http.defaults.adapter, publicHttp.defaults.adapter] = adapters
})

describe('the light/dark mode', () => {
  it('is, from the first paint, the one this machine last used, before anyone signs in', () => {
    writeStorage(STORAGE_KEYS.theme, 'dark')
    const { modes } = renderSource()
    expect(modes[0]).toBe('dark')
    expect(document.documentElement.style.colorScheme).toBe('dark')
  })

  it('toggled while signed in, is kept for the user too, so his next sign-in anywhere has it', async () => {
    await signIn()
    const first = renderSource()
    act(() => first.result.current.toggle())

    expect(first.result.current.mode).toBe('dark')
    expect(readStorage(STORAGE_KEYS.theme)).toBe('dark')
    await waitFor(() => expect(writes).toEqual(['PUT /users/1 {"defaultTheme":"dark"}']))

    // Another machine (or a wiped browser): nothing stored, the user's copy is all there is.
    cleanup()
    await endSession({ callServer: false })
    clearStorage()
    await signIn()
    const next = renderSource()
    await waitFor(() => expect(next.result.current.mode).toBe('dark'))
    expect(readStorage(STORAGE_KEYS.theme)).toBe('dark')
  })

  it("takes, at sign-in, the user's own theme over the one this machine last used", async () => {
    writeStorage(STORAGE_KEYS.theme, 'light')
    const { result } = renderSource()
    expect(result.current.mode).toBe('light')

    serverTheme = 'dark'
    await act(() => signIn())
    expect(result.current.mode).toBe('dark')
    // The login page after this session ends opens in it too.
    expect(readStorage(STORAGE_KEYS.theme)).toBe('dark')
    expect(writes).toEqual([])
  })

  it('stays, after a reload with the session, what this machine showed, and reaches the user if a save was lost', async () => {
    // The toggle's save was cut off by the reload: the user's copy still says light.
    writeStorage(STORAGE_KEYS.theme, 'dark')
    await signIn()
    const { result, modes } = renderSource()

    await waitFor(() => expect(writes).toEqual(['PUT /users/1 {"defaultTheme":"dark"}']))
    expect(result.current.mode).toBe('dark')
    expect(modes.every((mode) => mode === 'dark')).toBe(true)
  })

  it('sends quick toggles in order, so the last one is what the user keeps', async () => {
    await signIn()
    const { result } = renderSource()
    act(() => result.current.toggle())
    act(() => result.current.toggle())
    act(() => result.current.toggle())

    await waitFor(() => expect(writes).toHaveLength(3))
    expect(serverTheme).toBe('dark')
    expect(result.current.mode).toBe('dark')
  })

  it('adopts a theme the profile saved without saving it again', async () => {
    await signIn()
    const { result } = renderSource()
    act(() => result.current.adoptSaved('dark'))
    expect([result.current.mode, readStorage(STORAGE_KEYS.theme)]).toEqual(['dark', 'dark'])

    // The toggle knows the user's copy holds dark now: back to light is a change to save.
    act(() => result.current.toggle())
    await waitFor(() => expect(writes).toEqual(['PUT /users/1 {"defaultTheme":"light"}']))
  })

  it('stays on the machine for a company past its due date, which may not write users', async () => {
    await signIn({
      company: { ...buildSessionUser().company, id: 2, dueDate: '2000-01-31' },
    })
    const { result } = renderSource()
    act(() => result.current.toggle())

    expect(readStorage(STORAGE_KEYS.theme)).toBe('dark')
    await act(() => Promise.resolve())
    expect(writes).toEqual([])
  })
})
