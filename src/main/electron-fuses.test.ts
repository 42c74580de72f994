import { join } from 'node:path'
// electron-builder's own loader and schema check (app-builder-lib is the library behind its
// CLI), so the test reads electron-builder.yml exactly as `npm run dist` does.
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config'
import { DebugLogger } from 'builder-util'
import { expect, test } from 'vitest'

const PROJECT_DIR = join(import.meta.dirname, '..', '..')

const packagingConfig = async () => {
  const config = await getConfig(PROJECT_DIR, 'electron-builder.yml', null)
  // A misspelt fuse or a non-boolean value fails here, before the build would.
  await validateConfiguration(config, new DebugLogger(false))
  return config
}

test('the packaged binary has the fuses of the Electron security checklist', async () => {
  const { electronFuses } = await packagingConfig()
  expect(electronFuses).toEqual({
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableCookieEncryption: true,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    grantFileProtocolExtraPrivileges: false,
  })
})

test('the app ships as an asar archive, the only place OnlyLoadAppFromAsar will load it from', async () => {
  const { asar } = await packagingConfig()
  expect(asar).toBe(true)
})
