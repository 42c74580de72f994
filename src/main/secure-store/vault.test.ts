import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { silentLogger } from '../logger'
import { FakeSafeStorage } from '@tests/main/electron-fakes'
import { canEncrypt, createVault } from './vault'

const TOKEN = 'rt_9f3c2a7b5e1d4c8a0b6f2e9d7c5a3b1f'

let dir: string
let file: string
let safeStorage: FakeSafeStorage

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atende-vault-'))
  file = join(dir, 'refresh-token.bin')
  safeStorage = new FakeSafeStorage()
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const vaultOn = (platform: NodeJS.Platform) =>
  createVault({ safeStorage, platform, file, logger: silentLogger })

const exists = (path: string) =>
  readFile(path).then(
    () => true,
    () => false,
  )

describe('vault', () => {
  test('stores ciphertext only, never the token itself', async () => {
    expect(await vaultOn('linux').save(TOKEN)).toBe(true)
    const onDisk = await readFile(file)
    expect(onDisk.length).toBeGreaterThan(0)
    expect(onDisk.includes(Buffer.from(TOKEN))).toBe(false)
    expect(onDisk.toString('latin1')).not.toContain(TOKEN)
    expect(safeStorage.decryptString(onDisk)).toBe(TOKEN)
  })

  test('reads the token back, from the cache and from the file in a new process', async () => {
    const vault = vaultOn('win32')
    await vault.save(TOKEN)
    expect(await vault.read()).toBe(TOKEN)
    expect(await vaultOn('win32').read()).toBe(TOKEN)
  })

  test('refuses when the OS offers no encryption, and removes what was stored', async () => {
    await vaultOn('darwin').save(TOKEN)
    safeStorage.available = false
    const vault = vaultOn('darwin')
    expect(await vault.save(TOKEN)).toBe(false)
    expect(await exists(file)).toBe(false)
    expect(await vault.read()).toBeNull()
  })

  test("refuses on Linux's basic_text backend (a hard-coded password)", async () => {
    await vaultOn('linux').save(TOKEN)
    safeStorage.backend = 'basic_text'
    const vault = vaultOn('linux')
    expect(await vault.save(TOKEN)).toBe(false)
    expect(await exists(file)).toBe(false)
    expect(await vault.read()).toBeNull()
  })

  test('the backend only matters on Linux', () => {
    safeStorage.backend = 'basic_text'
    expect(canEncrypt(safeStorage, 'win32')).toBe(true)
    expect(canEncrypt(safeStorage, 'linux')).toBe(false)
    safeStorage.backend = 'unknown'
    expect(canEncrypt(safeStorage, 'linux')).toBe(false)
    safeStorage.backend = 'kwallet6'
    expect(canEncrypt(safeStorage, 'linux')).toBe(true)
  })

  test('clear forgets the token on disk and in memory', async () => {
    const vault = vaultOn('linux')
    await vault.save(TOKEN)
    await vault.clear()
    expect(await vault.read()).toBeNull()
    expect(await exists(file)).toBe(false)
  })

  test('a file another key wrote is dropped, not returned', async () => {
    await writeFile(file, new FakeSafeStorage().encryptString(TOKEN))
    expect(await vaultOn('linux').read()).toBeNull()
    expect(await exists(file)).toBe(false)
  })

  test('nothing stored reads as null', async () => {
    expect(await vaultOn('linux').read()).toBeNull()
  })
})
