import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@shared/constants'
import { readStorage, STORAGE_KEYS, writeStorage } from './storage'

export type LocaleModule = { default: Record<string, unknown> }

/**
 * Language and namespace of a `locales/<language>/<namespace>.json` path: a feature adds its
 * namespace by adding its files, and nothing here changes.
 */
export const localeFileOf = (path: string): { language: string; namespace: string } | null => {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path)
  return match ? { language: match[1]!, namespace: match[2]! } : null
}

/**
 * Each language is its own chunk, fetched when it is first needed: the login page downloads the
 * texts of one language, not of four.
 */
const localeLoaders = import.meta.glob<LocaleModule>('../locales/*/*.json')

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)

/**
 * The interface language closest to the browser's preferences, in their order: an exact tag, else
 * the same base language (es-MX → es, pt-PT → pt-BR), else pt-BR.
 */
export const matchLanguage = (preferred: readonly string[]): Language => {
  for (const tag of preferred) {
    const lower = tag.toLowerCase()
    const exact = LANGUAGES.find((language) => language.toLowerCase() === lower)
    if (exact) return exact
    const base = lower.split('-')[0]
    const sameBase = LANGUAGES.find((language) => language.toLowerCase().split('-')[0] === base)
    if (sameBase) return sameBase
  }
  return DEFAULT_LANGUAGE
}

/** A choice the user made wins; on a first visit the browser's languages decide. */
export const resolveInitialLanguage = (
  stored: string | null,
  preferred: readonly string[],
): Language => (isLanguage(stored) ? stored : matchLanguage(preferred))

const browserLanguages = (): readonly string[] => {
  if (typeof navigator === 'undefined') return []
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean)
}

const initialLanguage = resolveInitialLanguage(
  readStorage(STORAGE_KEYS.language),
  browserLanguages(),
)

/** The app's i18next instance: pt-BR where nothing else fits, and as fallback (000 §1). */
export const i18n = i18next.createInstance()

void i18n.use(initReactI18next).init({
  resources: {},
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  defaultNS: 'common',
  // React escapes what it renders; escaping here too would show entities.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
})

const applyDocumentLanguage = (language: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language
}
applyDocumentLanguage(initialLanguage)

const loadedLanguages = new Map<Language, Promise<void>>()

/** Adds every namespace of `language` to i18n, fetched once however often it is asked for. */
export const loadLanguage = (language: Language): Promise<void> => {
  let loading = loadedLanguages.get(language)
  if (!loading) {
    loading = Promise.all(
      Object.entries(localeLoaders)
        .filter(([path]) => localeFileOf(path)?.language === language)
        .map(async ([path, load]) => {
          const { namespace } = localeFileOf(path)!
          i18n.addResourceBundle(language, namespace, (await load()).default)
        }),
    ).then(() => undefined)
    // A failed fetch (offline) may be retried by the next call.
    loading.catch(() => loadedLanguages.delete(language))
    loadedLanguages.set(language, loading)
  }
  return loading
}

/** The texts of the starting language: awaited before the first render (main.tsx). */
export const loadInitialLanguage = (): Promise<void> => loadLanguage(initialLanguage)

/** Switches the interface language and remembers it (local storage `language`). */
export const changeLanguage = async (language: Language): Promise<void> => {
  await loadLanguage(language)
  writeStorage(STORAGE_KEYS.language, language)
  applyDocumentLanguage(language)
  await i18n.changeLanguage(language)
}
