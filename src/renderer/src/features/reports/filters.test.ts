import { describe, expect, it } from 'vitest'
import {
  EMPTY_REPORT_FILTERS,
  NO_QUEUE_ID,
  reportFilterProblems,
  toReportQuery,
  type ReportFilters,
} from './filters'

const filters = (overrides: Partial<ReportFilters>): ReportFilters => ({
  ...EMPTY_REPORT_FILTERS,
  ...overrides,
})

describe('toReportQuery (002 §7 report call)', () => {
  it('asks nothing but onlyRated=false without filters', () => {
    expect(toReportQuery(EMPTY_REPORT_FILTERS)).toEqual({ onlyRated: 'false' })
  })

  it('sends the lists as JSON texts, the contact, the days and the page', () => {
    expect(
      toReportQuery(
        filters({
          contact: { id: 7, name: 'Ana' },
          connectionIds: [2, 3],
          statuses: ['open', 'closed'],
          userIds: [5],
          queueIds: [1, 4],
          dateFrom: '2026-11-01',
          dateTo: '2026-11-30',
          onlyRated: true,
        }),
        { page: 3, pageSize: 20 },
      ),
    ).toEqual({
      contactId: 7,
      whatsappId: '[2,3]',
      status: '["open","closed"]',
      users: '[5]',
      queueIds: '[1,4]',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
      onlyRated: 'true',
      page: 3,
      pageSize: 20,
    })
  })

  it('asks for tickets without a queue as queue 0', () => {
    expect(toReportQuery(filters({ queueIds: [NO_QUEUE_ID, 2] })).queueIds).toBe('[0,2]')
  })

  it('leaves out empty lists and days that read as no day', () => {
    const query = toReportQuery(filters({ userIds: [], dateFrom: '01/11', dateTo: '' }))
    expect(query).toEqual({ onlyRated: 'false' })
  })
})

describe('reportFilterProblems', () => {
  it('accepts empty days and an ordered period', () => {
    expect(reportFilterProblems({ dateFrom: '', dateTo: '' })).toEqual({})
    expect(reportFilterProblems({ dateFrom: '2026-11-01', dateTo: '2026-11-01' })).toEqual({})
  })

  it('refuses a day typed halfway and an end before the start', () => {
    expect(reportFilterProblems({ dateFrom: '31/1', dateTo: '' })).toEqual({
      dateFrom: 'filters.invalidDate',
    })
    expect(reportFilterProblems({ dateFrom: '2026-11-02', dateTo: '2026-11-01' })).toEqual({
      dateTo: 'filters.dateOrder',
    })
  })
})
