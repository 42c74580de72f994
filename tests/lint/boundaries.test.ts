import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { ESLint } from 'eslint'
import { afterAll, describe, expect, test } from 'vitest'

/**
 * The lint rules that guard the architecture, checked on real files placed in each folder:
 * a rule that silently stopped matching would otherwise let a boundary crossing through.
 */
const root = join(import.meta.dirname, '..', '..')
const written: string[] = []
const eslint = new ESLint({ cwd: root })

async function rulesHit(relativePath: string, code: string): Promise<string[]> {
  const path = join(root, relativePath)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, code)
  written.push(path)
  const [result] = await eslint.lintFiles([path])
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message)
}

afterAll(() => {
  for (const path of written) rmSync(path, { force: true })
})

// Type-aware linting builds a TypeScript program for each probe: slow, not stuck.
describe('import boundaries', { timeout: 60_000 }, () => {
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
      'src/renderer/src/lint-probe.ts',
      "import { buildApp } from '../../server/app'\nexport const probe = buildApp\n",
    ],
    [
      'src/renderer/src/lint-probe.ts',
      "import { app } from 'electron'\nexport const probe = app\n",
    ],
    [
      'src/server/lint-probe.ts',
      "import { startDesktop } from '../main/app'\nexport const probe = startDesktop\n",
    ],
    [
      'src/main/lint-probe.ts',
      "import { buildApp } from '../server/app'\nexport const probe = buildApp\n",
    ],
  ])('%s: %s is refused', async (path, code) => {
    expect(await rulesHit(path, code)).toContain('no-restricted-imports')
  })

  test('main may start the server through its public entry', async () => {
    const hits = await rulesHit(
      'src/main/lint-probe.ts',
      "import { startServer } from '../server/server'\nexport const probe = startServer\n",
    )
    expect(hits).not.toContain('no-restricted-imports')
  })
})

test('dangerouslySetInnerHTML is refused in the renderer', { timeout: 60_000 }, async () => {
  const code =
    'export const Probe = ({ html }: { html: string }) => <div dangerouslySetInnerHTML={{ __html: html }} />\n'
  expect(await rulesHit('src/renderer/src/LintProbe.tsx', code)).toContain('react/no-danger')
})

test('visible text must go through i18next', { timeout: 60_000 }, async () => {
  expect(
    await rulesHit(
      'src/renderer/src/LintProbe.tsx',
      'export const Probe = () => <p>Olá mundo</p>\n',
    ),
  ).toContain('react/jsx-no-literals')
})
