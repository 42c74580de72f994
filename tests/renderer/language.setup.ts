import { DEFAULT_LANGUAGE, LANGUAGES } from '@shared/constants'
import { STORAGE_KEYS, writeStorage } from '@renderer/lib/storage'

/**
 * happy-dom's browser prefers en-US, and a first visit follows the browser's languages
 * (lib/i18n.ts). Renderer tests read the default pt-BR texts, so each test file starts as if the
 * user had chosen pt-BR, before any module starts i18n. Without a window this does nothing.
 */
writeStorage(STORAGE_KEYS.language, DEFAULT_LANGUAGE)

// The app fetches a language before it shows it (main.tsx, changeLanguage); tests render at once
// and switch with i18n.changeLanguage, so every language is there from the start.
const { loadLanguage } = await import('@renderer/lib/i18n')
await Promise.all(LANGUAGES.map(loadLanguage))
