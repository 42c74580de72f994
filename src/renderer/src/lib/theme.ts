import {
  createDarkTheme,
  createLightTheme,
  type BrandVariants,
  type Theme,
} from '@fluentui/react-components'
import { BRAND_FALLBACK } from '@shared/constants'

export type ThemeMode = 'light' | 'dark'

const SHADES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const
/** Fluent uses shade 80 as the brand background of the light theme: the configured colour. */
const BASE_SHADE = 80

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i

type Rgb = [number, number, number]

const parseHex = (hex: string): Rgb | null => {
  if (!HEX.test(hex)) return null
  let digits = hex.slice(1)
  if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('')
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as Rgb
}

const toHex = (rgb: Rgb): string =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`

const mix = (from: Rgb, to: Rgb, amount: number): Rgb =>
  from.map((c, i) => c + (to[i]! - c) * amount) as Rgb

/**
 * The white-label colour of one mode (001 §9): the configured value when it is a colour;
 * #212529 when the setting exists but is empty; #065183 when it could not be read at all.
 * We keep the spec's distinction so a platform that saved an empty colour looks the same as on
 * the spec's client, and an unreachable or malformed setting still gets the product's blue.
 */
export const resolveBrandColor = (value: string | null | undefined): string => {
  if (value === '') return BRAND_FALLBACK.emptyColor
  if (value && parseHex(value)) return value.length === 9 ? value.slice(0, 7) : value
  return BRAND_FALLBACK.color
}

/**
 * A Fluent brand ramp around one colour: shade 80 is the colour itself, darker shades mix it
 * towards black, lighter ones towards white. Linear mixing keeps every shade of the same hue,
 * which is what a single configured brand colour can offer.
 */
export const brandRamp = (color: string): BrandVariants => {
  const base = parseHex(color) ?? parseHex(BRAND_FALLBACK.color)!
  const entries = SHADES.map((shade) => {
    if (shade === BASE_SHADE) return [shade, toHex(base)] as const
    const rgb =
      shade < BASE_SHADE
        ? mix(base, [0, 0, 0], ((BASE_SHADE - shade) / 70) * 0.85)
        : mix(base, [255, 255, 255], ((shade - BASE_SHADE) / 80) * 0.9)
    return [shade, toHex(rgb)] as const
  })
  return Object.fromEntries(entries) as unknown as BrandVariants
}

export interface BrandColors {
  light: string | null | undefined
  dark: string | null | undefined
}

/** Light and dark Fluent themes from the white-label colours. */
export const buildThemes = (colors: BrandColors): Record<ThemeMode, Theme> => {
  const lightRamp = brandRamp(resolveBrandColor(colors.light))
  const darkRamp = brandRamp(resolveBrandColor(colors.dark))
  const dark = createDarkTheme(darkRamp)
  return {
    light: createLightTheme(lightRamp),
    // Fluent's guidance for custom ramps: lighter brand text on dark backgrounds stays legible.
    dark: {
      ...dark,
      colorBrandForeground1: darkRamp[110],
      colorBrandForeground2: darkRamp[120],
    },
  }
}
