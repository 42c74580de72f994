import { afterEach, describe, expect, test, vi } from 'vitest'
import { changeServerUrl } from './server-url'

describe('changeServerUrl', () => {
  afterEach(() => vi.useRealTimers())

  const deps = (current: string | null) => ({
    current: () => current,
    save: vi.fn(() => Promise.resolve()),
    clearVault: vi.fn(() => Promise.resolve()),
    reloadRenderer: vi.fn(),
  })

  test('a new server is saved, the vault cleared, and the renderer reloaded after answering', async () => {
    vi.useFakeTimers()
    const d = deps(null)
    expect(await changeServerUrl('https://a.example.com', d)).toBe(true)
    expect(d.save).toHaveBeenCalledWith('https://a.example.com')
    expect(d.clearVault).toHaveBeenCalled()
    expect(d.reloadRenderer).not.toHaveBeenCalled()
    vi.runAllTimers()
    expect(d.reloadRenderer).toHaveBeenCalledOnce()
  })

  test('the same server changes nothing', async () => {
    const d = deps('https://a.example.com')
    expect(await changeServerUrl('https://a.example.com', d)).toBe(false)
    expect([d.save.mock.calls.length, d.clearVault.mock.calls.length]).toEqual([0, 0])
  })
})
