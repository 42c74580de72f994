import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { ConfigError, loadConfig } from './config'

const made: string[] = []
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'atende-config-'))
  made.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

test('missing secrets are generated once into DATA_DIR/secrets.json (mode 600) and reused', () => {
  const dir = dataDir()
  const first = loadConfig({ DATA_DIR: dir }, '1.0.0')
  const second = loadConfig({ DATA_DIR: dir }, '1.0.0')
  expect(second.jwtSecret).toBe(first.jwtSecret)
  expect(second.encryptionKey).toBe(first.encryptionKey)
  expect(new Set([first.jwtSecret, first.refreshSecret, first.encryptionKey]).size).toBe(3)
  const file = join(dir, 'secrets.json')
  expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ jwtSecret: first.jwtSecret })
  expect(statSync(file).mode & 0o777).toBe(0o600)
})

test('weak, shared or malformed settings are refused at start', () => {
  const strong = 's'.repeat(40)
  expect(() => loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: 'short' }, '1')).toThrow(ConfigError)
  expect(() =>
    loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: strong, JWT_REFRESH_SECRET: strong }, '1'),
  ).toThrow('must all differ')
  expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' }, '1')).toThrow('PORT')
  expect(() => loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'ftp://x' }, '1')).toThrow(
    'PUBLIC_URL',
  )
})

test('TRUST_PROXY takes a hop count or the proxies, never every hop', () => {
  const trustProxy = (value?: string) =>
    loadConfig({ DATA_DIR: dataDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }, '1')
      .trustProxy
  expect(trustProxy()).toBe(false)
  expect(trustProxy('false')).toBe(false)
  expect(trustProxy('true')).toBe(1)
  expect(trustProxy('2')).toBe(2)
  expect(trustProxy('10.0.0.0/8, 192.168.1.10,::1')).toEqual(['10.0.0.0/8', '192.168.1.10', '::1'])
  expect(() => trustProxy('yes')).toThrow('TRUST_PROXY')
  expect(() => trustProxy('10.0.0.0/33')).toThrow('TRUST_PROXY')
})
