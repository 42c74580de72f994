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

test('SHUTDOWN_GRACE_MS is a number of milliseconds, 10 s when unset', () => {
  const grace = (value?: string) =>
    loadConfig(
      { DATA_DIR: dataDir(), ...(value === undefined ? {} : { SHUTDOWN_GRACE_MS: value }) },
      '1',
    ).shutdownGraceMs
  expect(grace()).toBe(10_000)
  expect(grace('')).toBe(10_000)
  expect(grace('25000')).toBe(25_000)
  expect(grace('0')).toBe(0)
  expect(() => grace('10s')).toThrow('SHUTDOWN_GRACE_MS')
  expect(() => grace('-1')).toThrow('SHUTDOWN_GRACE_MS')
})

test('without S3_BUCKET media stays on disk; S3_* settings are read and checked at start', () => {
  const load = (env: NodeJS.ProcessEnv) => loadConfig({ DATA_DIR: dataDir(), ...env }, '1').s3
  expect(load({})).toBeNull()
  expect(
    load({
      S3_BUCKET: 'atende-media',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_REGION: 'sa-east-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: '/instance-a/media/',
    }),
  ).toEqual({
    bucket: 'atende-media',
    endpoint: 'http://minio:9000',
    region: 'sa-east-1',
    credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    forcePathStyle: true,
    prefix: 'instance-a/media/',
  })
  // AWS itself: no endpoint, the SDK's own credentials, virtual-host style, keys at the root.
  expect(load({ S3_BUCKET: 'atende-media' })).toEqual({
    bucket: 'atende-media',
    endpoint: null,
    region: 'us-east-1',
    credentials: null,
    forcePathStyle: false,
    prefix: '',
  })

  expect(() => load({ S3_ENDPOINT: 'http://minio:9000' })).toThrow('S3_ENDPOINT need S3_BUCKET')
  expect(() => load({ S3_BUCKET: 'Atende_Media' })).toThrow('S3_BUCKET must be a bucket name')
  expect(() => load({ S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' })).toThrow(
    'S3_ENDPOINT must be an http(s) URL',
  )
  expect(() => load({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(
    'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
  )
  expect(() => load({ S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
    'S3_FORCE_PATH_STYLE must be true or false',
  )
  expect(() => load({ S3_BUCKET: 'media', S3_PREFIX: 'a/../b' })).toThrow(
    'S3_PREFIX must not hold . or .. segments',
  )
})
