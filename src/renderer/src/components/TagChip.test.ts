import { describe, expect, it } from 'vitest'
import { luminance, readableTextOn } from './TagChip'

const ratio = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

describe('readableTextOn', () => {
  it('reaches WCAG AA (4.5:1) on every colour a company may pick', () => {
    const steps = ['00', '33', '66', '99', 'cc', 'ff']
    for (const r of steps)
      for (const g of steps)
        for (const b of steps) {
          const color = `#${r}${g}${b}`
          expect(ratio(readableTextOn(color), color), color).toBeGreaterThanOrEqual(4.5)
        }
  })

  it('writes dark on the mid and light colours that white text fails on', () => {
    expect(readableTextOn('#FFD700')).toBe('#000000')
    expect(readableTextOn('#0B6A0B')).toBe('#ffffff')
  })
})
