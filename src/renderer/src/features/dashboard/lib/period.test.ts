import { describe, expect, it } from 'vitest'
import { defaultPeriod, periodProblems } from './period'

describe('dashboard period', () => {
  it('defaults to the last 30 days, today included, in the company time zone', () => {
    // 02:00Z on 1 March is still 28 February in São Paulo.
    expect(defaultPeriod('America/Sao_Paulo', new Date('2026-03-01T02:00:00Z'))).toEqual({
      from: '2026-01-30',
      to: '2026-02-28',
    })
  })

  it('accepts one day and a period in order', () => {
    expect(periodProblems({ from: '2026-05-10', to: '2026-05-10' })).toEqual({})
    expect(periodProblems({ from: '2026-05-01', to: '2026-05-31' })).toEqual({})
  })

  it('names what is missing, unreadable, reversed or too long', () => {
    expect(periodProblems({ from: '', to: '31/02/2026' })).toEqual({
      from: 'required',
      to: 'invalid',
    })
    expect(periodProblems({ from: '2026-05-10', to: '2026-05-09' })).toEqual({
      to: 'endBeforeStart',
    })
    expect(periodProblems({ from: '2025-01-01', to: '2026-01-02' })).toEqual({ to: 'tooLong' })
    expect(periodProblems({ from: '2025-01-01', to: '2026-01-01' })).toEqual({})
  })
})
