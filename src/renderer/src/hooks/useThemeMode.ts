import { createContext, useContext } from 'react'
import type { ThemeMode } from '../lib/theme'

export interface ThemeModeValue {
  mode: ThemeMode
  toggle: () => void
}

export const ThemeModeContext = createContext<ThemeModeValue>({
  mode: 'light',
  toggle: () => undefined,
})

/** The current light/dark mode and its toggle (remembered as `preferredTheme`). */
export const useThemeMode = (): ThemeModeValue => useContext(ThemeModeContext)
