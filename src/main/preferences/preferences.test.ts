import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { silentLogger } from '../logger'
import {
  DEFAULT_PREFERENCES,
  normalizeVolume,
  openPreferences,
  parsePreferences,
} from './preferences'

let dir: string
let file: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atende-prefs-'))
  file = join(dir, 'preferences.json')
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const bounds = { x: 10, y: 20, width: 1200, height: 700, maximized: false }

describe('normalizeVolume', () => {
  test.each([
    [0, 0],
    [1, 1],
    [0.34, 0.3],
    [0.35, 0.4],
    [0.7000000001, 0.7],
    [1.7, 1],
    [-3, 0],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
  ])('%s → %s', (input, expected) => {
    expect(normalizeVolume(input)).toBe(expected)
  })
})

describe('parsePreferences', () => {
  test('defaults: volume 1, no server, no bounds', () => {
    expect(DEFAULT_PREFERENCES).toEqual({ volume: 1, serverUrl: null, windowBounds: null })
  })

  test.each([null, 42, 'text', [], [1, 2]])('%j as a whole falls back to defaults', (raw) => {
    expect(parsePreferences(raw)).toEqual(DEFAULT_PREFERENCES)
  })

  test('each bad field falls back alone', () => {
    expect(
      parsePreferences({
        volume: 'loud',
        serverUrl: 'https://atende.example.com',
        windowBounds: bounds,
      }),
    ).toEqual({ volume: 1, serverUrl: 'https://atende.example.com', windowBounds: bounds })
    expect(parsePreferences({ volume: 0.5, serverUrl: 'javascript:alert(1)' }).serverUrl).toBeNull()
    expect(parsePreferences({ serverUrl: 'file:///etc/passwd' }).serverUrl).toBeNull()
    expect(parsePreferences({ windowBounds: { ...bounds, width: 'wide' } }).windowBounds).toBeNull()
    expect(parsePreferences({ windowBounds: { ...bounds, width: 10 } }).windowBounds).toBeNull()
  })

  test('a saved http server outside this computer is dropped, so the user chooses again', () => {
    expect(parsePreferences({ serverUrl: 'http://atende.example.com' }).serverUrl).toBeNull()
    expect(parsePreferences({ serverUrl: 'http://localhost:8080/' }).serverUrl).toBe(
      'http://localhost:8080',
    )
  })

  test('an out-of-range volume is clamped and snapped', () => {
    expect(parsePreferences({ volume: 7 }).volume).toBe(1)
    expect(parsePreferences({ volume: -1 }).volume).toBe(0)
    expect(parsePreferences({ volume: 0.26 }).volume).toBe(0.3)
  })
})

describe('preferences store', () => {
  test('a missing file gives defaults', async () => {
    expect((await openPreferences(file, silentLogger)).get()).toEqual(DEFAULT_PREFERENCES)
  })

  test('a corrupt file gives defaults', async () => {
    await writeFile(file, '{ not json')
    expect((await openPreferences(file, silentLogger)).get()).toEqual(DEFAULT_PREFERENCES)
  })

  test('changes are written and read back by the next start', async () => {
    const store = await openPreferences(file, silentLogger)
    await store.setVolume(0.62)
    await store.setServerUrl('https://192.168.0.10:8443/')
    await store.setWindowBounds(bounds)
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      volume: 0.6,
      serverUrl: 'https://192.168.0.10:8443',
      windowBounds: bounds,
    })
    expect((await openPreferences(file, silentLogger)).get()).toEqual({
      volume: 0.6,
      serverUrl: 'https://192.168.0.10:8443',
      windowBounds: bounds,
    })
  })

  test('the last of several quick writes wins', async () => {
    const store = await openPreferences(file, silentLogger)
    await Promise.all([store.setVolume(0.1), store.setVolume(0.2), store.setVolume(0.9)])
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ volume: 0.9 })
  })

  test('a non-http server URL is refused and nothing changes', async () => {
    const store = await openPreferences(file, silentLogger)
    await expect(store.setServerUrl('ftp://files.example.com')).rejects.toThrow()
    expect(store.get().serverUrl).toBeNull()
  })

  test('an http server outside this computer is refused and nothing changes', async () => {
    const store = await openPreferences(file, silentLogger)
    await expect(store.setServerUrl('http://192.168.0.10:8080')).rejects.toThrow()
    expect(store.get().serverUrl).toBeNull()
  })
})
