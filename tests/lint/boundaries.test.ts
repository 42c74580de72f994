import { join } from 'node:path'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, test } from 'vitest'

/**
 * The lint rules that guard the architecture, checked on probe sources linted as if they lived
 * in each folder (nothing is written to disk): a rule that silently stopped matching would
 * otherwise let a boundary crossing through. The rules probed need no type information, so the
 * probes are linted without building a TypeScript program.
 */
const root = join(import.meta.dirname, '..', '..')
const eslint = new ESLint({ cwd: root, overrideConfig: [tseslint.configs.disableTypeChecked] })

async function rulesHit(relativePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, relativePath) })
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message)
}

describe('import boundaries', () => {
  test.each([
    ['src/shared/lint-probe.ts', "import { app } from 'electron'\nexport const probe = app\n"],
    [
      'src/shared/lint-probe.ts',
      "import { readFileSync } from 'node:fs'\nexport const probe = readFileSync\n",
    ],
    [
      'src/shared/lint-probe.ts',
      "import { buildApp } from '../server/app'\nexport const probe = buildApp\n",
    ],
    [
      'src/shared/lint-probe.ts',
      "import { buildApp } from '@server/app'\nexport const probe = buildApp\n",
    ],
    [
      'src/server/modules/lint-probe.ts',
      "import { buildUser } from '@tests/factories'\nexport const probe = buildUser\n",
    ],
    [
      'src/main/lint-probe.ts',
      "import { createFakeEdge } from '@tests/main/electron-fakes'\nexport const probe = createFakeEdge\n",
    ],
    [
      'src/renderer/src/lint-probe.ts',
      "import { startDesktop } from '@main/app'\nexport const probe = startDesktop\n",
    ],
    [
      'src/server/modules/tickets/lint-probe.ts',
      "import { isAdmin } from '../../../shared/permissions'\nexport const probe = isAdmin\n",
    ],
    [
      'src/renderer/src/lint-probe.ts',
      "import { buildApp } from '@server/app'\nexport const probe = buildApp\n",
    ],
    [
      'src/renderer/src/lint-probe.ts',
      "import { app } from 'electron'\nexport const probe = app\n",
    ],
    [
      'src/renderer/src/lint-probe.ts',
      "import { buildSessionUser } from '@tests/renderer/session'\nexport const probe = buildSessionUser\n",
    ],
    [
      'src/renderer/src/features/tickets/lint-probe.test.ts',
      "import { buildUser } from '@tests/factories'\nexport const probe = buildUser\n",
    ],
    [
      'tests/renderer/lint-probe.ts',
      "import { buildApp } from '@server/app'\nexport const probe = buildApp\n",
    ],
    [
      'src/server/lint-probe.ts',
      "import { startDesktop } from '../main/app'\nexport const probe = startDesktop\n",
    ],
    [
      'src/main/lint-probe.ts',
      "import { buildApp } from '@server/app'\nexport const probe = buildApp\n",
    ],
  ])('%s: %s is refused', async (path, code) => {
    expect(await rulesHit(path, code)).toContain('no-restricted-imports')
  })

  test('a server test may use the shared test helpers', async () => {
    const hits = await rulesHit(
      'src/server/modules/tickets/lint-probe.test.ts',
      "import { buildUser } from '@tests/factories'\nexport const probe = buildUser\n",
    )
    expect(hits).not.toContain('no-restricted-imports')
  })

  test('a renderer test may use the renderer fixtures', async () => {
    const hits = await rulesHit(
      'src/renderer/src/features/tickets/lint-probe.test.ts',
      "import { buildSessionUser } from '@tests/renderer/session'\nexport const probe = buildSessionUser\n",
    )
    expect(hits).not.toContain('no-restricted-imports')
  })

  test('main may start the server through its public entry', async () => {
    const hits = await rulesHit(
      'src/main/lint-probe.ts',
      "import { startServer } from '@server/server'\nexport const probe = startServer\n",
    )
    expect(hits).not.toContain('no-restricted-imports')
  })
})

test('dangerouslySetInnerHTML is refused in the renderer', async () => {
  const code =
    'export const Probe = ({ html }: { html: string }) => <div dangerouslySetInnerHTML={{ __html: html }} />\n'
  expect(await rulesHit('src/renderer/src/LintProbe.tsx', code)).toContain('react/no-danger')
})

test('visible text must go through i18next', async () => {
  expect(
    await rulesHit(
      'src/renderer/src/LintProbe.tsx',
      'export const Probe = () => <p>Olá mundo</p>\n',
    ),
  ).toContain('react/jsx-no-literals')
})
