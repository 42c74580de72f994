import i18next, { type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@shared/constants'
import { readStorage, STORAGE_KEYS, writeStorage } from './storage'

type LocaleModules = Record<string, { default: Record<string, unknown> }>

/**
 * Resources from `locales/<language>/<namespace>.json`: every namespace found is loaded, so a
 * feature adds its namespace by adding its files, and nothing here changes.
 */
export const buildResources = (modules: LocaleModules): Resource => {
  const resources: Resource = {}
  for (const [path, module] of Object.entries(modules)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path)
    if (!match) continue
    const [, language, namespace] = match as unknown as [string, string, string]
    resources[language] = { ...resources[language], [namespace]: module.default }
  }
  return resources
}

export const localeModules: LocaleModules = import.meta.glob('../locales/*/*.json', {
  eager: true,
})

export const resources = buildResources(localeModules)
export const namespaces = Object.keys(resources[DEFAULT_LANGUAGE] ?? {})

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)

const storedLanguage = readStorage(STORAGE_KEYS.language)
const initialLanguage: Language = isLanguage(storedLanguage) ? storedLanguage : DEFAULT_LANGUAGE

/** The app's i18next instance: pt-BR by default and as fallback (000 §1). */
export const i18n = i18next.createInstance()

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  ns: namespaces,
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

/** Switches the interface language and remembers it (local storage `language`). */
export const changeLanguage = async (language: Language): Promise<void> => {
  writeStorage(STORAGE_KEYS.language, language)
  applyDocumentLanguage(language)
  await i18n.changeLanguage(language)
}
