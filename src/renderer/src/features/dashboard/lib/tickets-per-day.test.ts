import { describe, expect, it } from 'vitest'
import { ticketsPerDaySeries } from './tickets-per-day'

describe('ticketsPerDaySeries (GET /dashboard/ticketsDay as bars)', () => {
  it('draws one day hour by hour, every hour present, labelled HH:00', () => {
    const series = ticketsPerDaySeries(
      {
        count: 5,
        data: [
          { total: 3, horario: '14' },
          { total: 2, horario: '09' },
        ],
      },
      { from: '2026-05-10', to: '2026-05-10' },
      'pt-BR',
    )
    expect(series.kind).toBe('hour')
    expect(series.points).toHaveLength(24)
    expect(series.points[0]).toEqual({ key: '00', label: '00:00', total: 0 })
    expect(series.points.filter((point) => point.total > 0)).toEqual([
      { key: '09', label: '09:00', total: 2 },
      { key: '14', label: '14:00', total: 3 },
    ])
  })

  it('draws a longer period day by day in time order, empty days included', () => {
    const series = ticketsPerDaySeries(
      {
        count: 6,
        data: [
          { total: 4, data: '02/06/2026' },
          { total: 2, data: '31/05/2026' },
        ],
      },
      { from: '2026-05-31', to: '2026-06-02' },
      'pt-BR',
    )
    expect(series).toEqual({
      kind: 'day',
      points: [
        { key: '2026-05-31', label: '31/05/2026', total: 2 },
        { key: '2026-06-01', label: '01/06/2026', total: 0 },
        { key: '2026-06-02', label: '02/06/2026', total: 4 },
      ],
    })
  })

  it('writes the days in the interface language', () => {
    const series = ticketsPerDaySeries(
      { count: 1, data: [{ total: 1, data: '02/06/2026' }] },
      { from: '2026-06-01', to: '2026-06-02' },
      'en',
    )
    expect(series.points.map((point) => point.label)).toEqual(['06/01/2026', '06/02/2026'])
  })

  it('is hourly for one day even when the day had no tickets', () => {
    const series = ticketsPerDaySeries(
      { count: 0, data: [] },
      { from: '2026-05-10', to: '2026-05-10' },
      'pt-BR',
    )
    expect(series.kind).toBe('hour')
    expect(series.points.every((point) => point.total === 0)).toBe(true)
  })
})
