import { describe, expect, it } from 'vitest'
import { brandRamp, buildThemes, resolveBrandColor } from './theme'

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16))
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

describe('resolveBrandColor', () => {
  it.each([
    ['#ff0000', '#ff0000'],
    ['#abc', '#abc'],
    ['#11223344', '#112233'],
    ['', '#212529'],
    [null, '#065183'],
    [undefined, '#065183'],
    ['red', '#065183'],
    ['#12345', '#065183'],
  ])('%s → %s', (value, expected) => {
    expect(resolveBrandColor(value)).toBe(expected)
  })
})

describe('brandRamp', () => {
  const ramp = brandRamp('#065183')
  const shades = Object.keys(ramp).map(Number)

  it('has the sixteen Fluent shades with the colour at 80', () => {
    expect(shades).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160])
    expect(ramp[80]).toBe('#065183')
    for (const shade of shades) expect(ramp[shade as 80]).toMatch(/^#[0-9a-f]{6}$/)
  })

  it('gets lighter shade after shade', () => {
    const values = shades.map((shade) => luminance(ramp[shade as 80]))
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]!)
  })

  it('expands short colours', () => {
    expect(brandRamp('#f00')[80]).toBe('#ff0000')
  })
})

describe('buildThemes', () => {
  it('builds each mode from its own colour', () => {
    const themes = buildThemes({ light: '#ff0000', dark: '#00ff00' })
    expect(themes.light.colorBrandBackground).toBe('#ff0000')
    expect(themes.dark.colorBrandForeground1).toBe(brandRamp('#00ff00')[110])
    expect(themes.dark.colorNeutralBackground1).not.toBe(themes.light.colorNeutralBackground1)
  })
})
