import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_LANGUAGE, LANGUAGES } from '@shared/constants'
import { errorCodes } from '@shared/errors'
import { localeFileOf, matchLanguage, resolveInitialLanguage, type LocaleModule } from './i18n'

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

/** Every locale file, read at once: the app itself loads one language at a time. */
const resources: Record<string, Record<string, Tree>> = {}
for (const [path, module] of Object.entries(
  import.meta.glob<LocaleModule>('../locales/*/*.json', { eager: true }),
)) {
  const { language, namespace } = localeFileOf(path)!
  resources[language] = { ...resources[language], [namespace]: module.default }
}
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
    const actual = flatten((resources[language] ?? {})[namespace] ?? {})
    const missing = [...expected.keys()].filter((key) => !actual.has(key))
    const extra = [...actual.keys()].filter((key) => !expected.has(key))
    expect({ missing, extra }).toEqual({ missing: [], extra: [] })
  })

  it.each(cases)('%s/%s keeps the placeholders of pt-BR', (language, namespace) => {
    const expected = flatten(reference[namespace]!)
    const actual = flatten((resources[language] ?? {})[namespace] ?? {})
    const differing = [...expected.entries()]
      .filter(([key]) => actual.has(key))
      .filter(([key, value]) => placeholders(value).join() !== placeholders(actual.get(key)).join())
      .map(([key]) => key)
    expect(differing).toEqual([])
  })

  it.each(LANGUAGES)('%s has no empty text', (language) => {
    const empty = Object.entries(resources[language] ?? {}).flatMap(([namespace, tree]) =>
      [...flatten(tree)]
        .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
        .map(([key]) => `${namespace}:${key}`),
    )
    expect(empty).toEqual([])
  })

  it('tr calls a ticket "talep" everywhere, never "bilet"', () => {
    const turkish = Object.entries(resources.tr ?? {}).flatMap(([namespace, tree]) =>
      [...flatten(tree)]
        .filter(([, value]) => /bilet/i.test(String(value)))
        .map(([key]) => `${namespace}:${key}`),
    )
    expect(turkish).toEqual([])
  })

  it.each(LANGUAGES)(
    '%s names each ticket action alike in the list row, header and dialog',
    (language) => {
      const { tickets, messages } = resources[language] ?? {}
      const text = (tree: Tree | undefined, key: string) => flatten(tree ?? {}).get(key)
      expect(text(messages, 'header.returnToQueue')).toBe(text(tickets, 'actions.return'))
      expect(text(messages, 'header.close')).toBe(text(tickets, 'actions.close'))
      expect(text(tickets, 'closeDialog.confirm')).toBe(text(tickets, 'actions.close'))
    },
  )

  it.each(LANGUAGES)('%s writes the ticket number in the history title as #N', (language) => {
    const tickets = (resources[language] ?? {}).tickets ?? {}
    expect(flatten(tickets).get('logDialog.title')).toContain('#{{id}}')
  })

  it('translates every error code of the catalogue', () => {
    const errors = flatten(reference.errors!)
    expect(errorCodes.filter((code) => !errors.has(code))).toEqual([])
  })
})

describe('first-visit language', () => {
  it.each([
    [['es-MX'], 'es'],
    [['en-GB', 'pt-BR'], 'en'],
    [['pt-PT'], 'pt-BR'],
    [['tr-TR'], 'tr'],
    [['EN-us'], 'en'],
    [['de-DE', 'fr'], 'pt-BR'],
    [['de-DE', 'es'], 'es'],
    [[], 'pt-BR'],
  ])('%j → %s', (preferred, expected) => {
    expect(matchLanguage(preferred)).toBe(expected)
  })

  it('keeps a stored choice over the browser', () => {
    expect(resolveInitialLanguage('tr', ['en-US'])).toBe('tr')
    expect(resolveInitialLanguage(null, ['en-US'])).toBe('en')
    expect(resolveInitialLanguage('klingon', ['es-AR'])).toBe('es')
  })

  afterEach(() => {
    vi.unstubAllGlobals()
    vi.resetModules()
  })

  it('starts the app (login page included) in the browser language', async () => {
    vi.stubGlobal('navigator', { language: 'en-US', languages: ['en-US', 'en'] })
    vi.resetModules()
    const { i18n } = await import('./i18n')
    expect(i18n.language).toBe('en')
  })

  it('fetches a language only when it is needed, then switches to it', async () => {
    vi.stubGlobal('navigator', { language: 'pt-BR', languages: ['pt-BR'] })
    vi.resetModules()
    const { i18n, loadInitialLanguage, changeLanguage } = await import('./i18n')
    await loadInitialLanguage()
    expect(i18n.t('common:actions.save')).toBe('Salvar')
    expect(i18n.hasResourceBundle('es', 'common')).toBe(false)

    await changeLanguage('es')
    expect(i18n.language).toBe('es')
    expect(i18n.t('common:actions.save')).toBe('Guardar')
  })
})
