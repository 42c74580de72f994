import { describe, expect, test } from 'vitest'
import {
  connectionRuleProblems,
  earliestImportDate,
  earliestVacationStart,
  type ConnectionRuleValues,
} from './connection-rules'

const now = new Date('2026-11-22T15:00:00Z')
const clock = { now, today: '2026-11-22' }
const day = 24 * 3600_000

/** A connection that breaks no rule. */
const valid = (): ConnectionRuleValues => ({
  queueIds: [],
  greetingMessage: '',
  timeSendQueue: 0,
  sendIdQueue: null,
  ratingMessage: '',
  expiresTicketNPS: 0,
  collectiveVacationMessage: '',
  collectiveVacationStart: null,
  collectiveVacationEnd: null,
  importOldMessages: null,
  importRecentMessages: null,
})

const problemsOf = (changes: Partial<ConnectionRuleValues>) =>
  connectionRuleProblems({ ...valid(), ...changes }, clock).map(
    ({ field, reason }) => `${field}: ${reason}`,
  )

describe('connectionRuleProblems (001 §5)', () => {
  test.each<[string, Partial<ConnectionRuleValues>, string[]]>([
    ['defaults', {}, []],
    ['two queues without a greeting', { queueIds: [1, 2] }, ['greetingMessage: greetingRequired']],
    [
      'two queues, a blank greeting',
      { queueIds: [1, 2], greetingMessage: '  ' },
      ['greetingMessage: greetingRequired'],
    ],
    ['two queues with a greeting', { queueIds: [1, 2], greetingMessage: 'Escolha:' }, []],
    ['one queue without a greeting', { queueIds: [1] }, []],
    ['redirect minutes without a queue', { timeSendQueue: 5 }, ['sendIdQueue: sendQueueRequired']],
    [
      'a redirect queue without minutes',
      { sendIdQueue: 7 },
      ['timeSendQueue: sendMinutesRequired'],
    ],
    ['a whole redirect', { sendIdQueue: 7, timeSendQueue: 5 }, []],
    [
      'a rating question without expiry',
      { ratingMessage: 'Nota?' },
      ['expiresTicketNPS: npsRequired'],
    ],
    [
      'a rating expiry without question',
      { expiresTicketNPS: 10 },
      ['ratingMessage: ratingMessageRequired'],
    ],
    [
      'a blank rating question',
      { ratingMessage: ' ', expiresTicketNPS: 10 },
      ['ratingMessage: ratingMessageRequired'],
    ],
    ['a whole rating', { ratingMessage: 'Nota?', expiresTicketNPS: 10 }, []],
    [
      'a vacation message without dates',
      { collectiveVacationMessage: 'Férias' },
      ['collectiveVacationStart: vacationRequired', 'collectiveVacationEnd: vacationRequired'],
    ],
    [
      'a vacation that started 11 days ago',
      {
        collectiveVacationMessage: 'Férias',
        collectiveVacationStart: '2026-11-11',
        collectiveVacationEnd: '2026-12-01',
      },
      ['collectiveVacationStart: vacationTooOld'],
    ],
    [
      'a vacation that started 10 days ago',
      {
        collectiveVacationMessage: 'Férias',
        collectiveVacationStart: '2026-11-12',
        collectiveVacationEnd: '2026-12-01',
      },
      [],
    ],
    [
      'a vacation ending before it starts',
      {
        collectiveVacationMessage: 'Férias',
        collectiveVacationStart: '2026-12-20',
        collectiveVacationEnd: '2026-12-01',
      },
      ['collectiveVacationEnd: vacationEndBeforeStart'],
    ],
    [
      'vacation dates without a message',
      { collectiveVacationStart: '2020-01-10', collectiveVacationEnd: '2020-01-01' },
      [],
    ],
    [
      'an import from the future',
      { importOldMessages: new Date(now.getTime() + 60_000) },
      ['importOldMessages: importInFuture'],
    ],
    [
      'an import three years back',
      { importOldMessages: new Date(now.getTime() - 3 * 365 * day) },
      ['importOldMessages: importTooOld'],
    ],
    [
      'recent messages before the old ones',
      {
        importOldMessages: new Date(now.getTime() - 10 * day),
        importRecentMessages: new Date(now.getTime() - 20 * day),
      },
      ['importRecentMessages: importBeforeOld'],
    ],
    [
      'an import window in order',
      {
        importOldMessages: new Date(now.getTime() - 20 * day),
        importRecentMessages: new Date(now.getTime() - 10 * day),
      },
      [],
    ],
  ])('%s', (_case, changes, expected) => {
    expect(problemsOf(changes)).toEqual(expected)
  })

  test('only the dates sent are held to today’s windows', () => {
    const stored = {
      ...valid(),
      collectiveVacationMessage: 'Férias',
      collectiveVacationStart: '2026-01-01',
      collectiveVacationEnd: '2026-12-31',
      importOldMessages: new Date(now.getTime() - 3 * 365 * day),
    }
    expect(connectionRuleProblems(stored, clock, new Set())).toEqual([])
    expect(connectionRuleProblems(stored, clock, new Set(['collectiveVacationStart']))).toEqual([
      { field: 'collectiveVacationStart', reason: 'vacationTooOld' },
    ])
  })

  test('a skew lets another clock’s “now” pass', () => {
    const soon = { ...valid(), importOldMessages: new Date(now.getTime() + 60_000) }
    expect(connectionRuleProblems(soon, { ...clock, skewMs: 5 * 60_000 })).toEqual([])
  })

  test('the windows: 10 calendar days for a vacation, 2 years for an import', () => {
    expect(earliestVacationStart('2026-03-05')).toBe('2026-02-23')
    expect(earliestVacationStart('2028-03-01')).toBe('2028-02-20')
    expect(earliestImportDate(now).getFullYear()).toBe(2024)
  })
})
