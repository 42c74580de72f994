import { useThemeMode } from '@renderer/hooks/useThemeMode'

/**
 * The Okabe–Ito palette, which readers with every common colour-vision deficiency tell apart.
 * Charts are data, not chrome, so their hues are fixed here rather than taken from the (white-label)
 * theme; each bar colour keeps 3:1 against its theme's background, hence a lighter blue in dark
 * mode. Text, axes and grid lines still come from Fluent tokens (see ChartFrame.styles.ts).
 */
const OKABE_ITO = {
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  bluishGreen: '#009E73',
  blue: '#0072B2',
  vermillion: '#D55E00',
} as const

export interface ChartColors {
  primary: string
  secondary: string
  promoters: string
  neutral: string
  detractors: string
}

/** The chart colours of the current light/dark mode. */
export const useChartColors = (): ChartColors => {
  const { mode } = useThemeMode()
  return {
    primary: mode === 'dark' ? OKABE_ITO.skyBlue : OKABE_ITO.blue,
    secondary: OKABE_ITO.bluishGreen,
    promoters: OKABE_ITO.bluishGreen,
    neutral: OKABE_ITO.orange,
    detractors: OKABE_ITO.vermillion,
  }
}
