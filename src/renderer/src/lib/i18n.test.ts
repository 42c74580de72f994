import { describe, expect, it } from 'vitest'
import { DEFAULT_LANGUAGE, LANGUAGES } from '@shared/constants'
import { errorCodes } from '@shared/errors'
import { buildResources, localeModules } from './i18n'

type Tree = { [key: string]: unknown }

/** Every leaf as `a.b.c` → value. */
const flatten = (tree: Tree, prefix = ''): Map<string, unknown> => {
  const leaves = new Map<string, unknown>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [leaf, leafValue] of flatten(value as Tree, path)) leaves.set(leaf, leafValue)
    } else {
      leaves.set(path, value)
    }
  }
  return leaves
}

const placeholders = (value: unknown) =>
  [...String(value).matchAll(/{{\s*([\w.]+)\s*}}/g)].map((match) => match[1]).sort()

const resources = buildResources(localeModules)
const reference = resources[DEFAULT_LANGUAGE] as Record<string, Tree>
const namespaces = Object.keys(reference).sort()

describe('locales', () => {
  it('loads the namespaces of the shell', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['auth', 'common', 'errors', 'shell']))
  })

  it.each(LANGUAGES)('%s has exactly the namespaces of pt-BR', (language) => {
    expect(Object.keys(resources[language] ?? {}).sort()).toEqual(namespaces)
  })

  const cases = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).flatMap((language) =>
    namespaces.map((namespace) => [language, namespace] as const),
  )

  it.each(cases)('%s/%s has every key of pt-BR and no other', (language, namespace) => {
    const expected = flatten(reference[namespace]!)
    const actual = flatten(((resources[language] ?? {}) as Record<string, Tree>)[namespace] ?? {})
    const missing = [...expected.keys()].filter((key) => !actual.has(key))
    const extra = [...actual.keys()].filter((key) => !expected.has(key))
    expect({ missing, extra }).toEqual({ missing: [], extra: [] })
  })

  it.each(cases)('%s/%s keeps the placeholders of pt-BR', (language, namespace) => {
    const expected = flatten(reference[namespace]!)
    const actual = flatten(((resources[language] ?? {}) as Record<string, Tree>)[namespace] ?? {})
    const differing = [...expected.entries()]
      .filter(([key]) => actual.has(key))
      .filter(([key, value]) => placeholders(value).join() !== placeholders(actual.get(key)).join())
      .map(([key]) => key)
    expect(differing).toEqual([])
  })

  it.each(LANGUAGES)('%s has no empty text', (language) => {
    const empty = Object.entries((resources[language] ?? {}) as Record<string, Tree>).flatMap(
      ([namespace, tree]) =>
        [...flatten(tree)]
          .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
          .map(([key]) => `${namespace}:${key}`),
    )
    expect(empty).toEqual([])
  })

  it('translates every error code of the catalogue', () => {
    const errors = flatten(reference.errors!)
    expect(errorCodes.filter((code) => !errors.has(code))).toEqual([])
  })
})
