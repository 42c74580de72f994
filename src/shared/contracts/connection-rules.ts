import { format, parseISO, subDays, subYears } from 'date-fns'

/**
 * The connection form's cross-field rules (001 §5 and §9), written once: the server enforces
 * them on every save, the renderer's form runs them for its translated wording.
 */

/** The fields the rules read, as the connection will be once saved. */
export interface ConnectionRuleValues {
  queueIds: readonly number[]
  greetingMessage: string
  timeSendQueue: number
  sendIdQueue: number | null
  ratingMessage: string
  expiresTicketNPS: number
  collectiveVacationMessage: string
  /** YYYY-MM-DD. */
  collectiveVacationStart: string | null
  /** YYYY-MM-DD. */
  collectiveVacationEnd: string | null
  importOldMessages: Date | null
  importRecentMessages: Date | null
}

/** Dates held to today's windows (import window, vacation floor). */
export type DatedConnectionField =
  'importOldMessages' | 'importRecentMessages' | 'collectiveVacationStart'

const DATED_FIELDS: ReadonlySet<DatedConnectionField> = new Set([
  'importOldMessages',
  'importRecentMessages',
  'collectiveVacationStart',
])

export interface ConnectionRuleClock {
  now: Date
  /** Today (YYYY-MM-DD) where the vacation is counted: the company's time zone, or the browser's. */
  today: string
  /** How far past `now` an import date may lie, when another machine's clock chose it. */
  skewMs?: number
}

export type ConnectionRuleReason =
  /** More than one queue: the greeting is the menu (a server error in the spec). */
  | 'greetingRequired'
  | 'sendQueueRequired'
  | 'sendMinutesRequired'
  | 'npsRequired'
  | 'ratingMessageRequired'
  | 'vacationRequired'
  | 'vacationTooOld'
  | 'vacationEndBeforeStart'
  | 'importTooOld'
  | 'importInFuture'
  | 'importBeforeOld'

export interface ConnectionRuleProblem {
  field: keyof ConnectionRuleValues
  reason: ConnectionRuleReason
}

/** 001 §9: imports reach at most 2 years back. */
const IMPORT_WINDOW_YEARS = 2
/** 001 §9: a vacation starts at most 10 days back. */
const VACATION_DAYS_BACK = 10

/** The earliest vacation start allowed `today` (YYYY-MM-DD). */
export const earliestVacationStart = (today: string): string =>
  format(subDays(parseISO(today), VACATION_DAYS_BACK), 'yyyy-MM-dd')

/** The earliest import date allowed at `now`. */
export const earliestImportDate = (now: Date): Date => subYears(now, IMPORT_WINDOW_YEARS)

/**
 * Every rule the values break, in the order the server reports them (it answers the first).
 * `dated` names the dates this save sends: only those are held to today's windows, since a
 * stored date was judged when it was sent and time has moved on since. The form sends them all.
 */
export function connectionRuleProblems(
  values: ConnectionRuleValues,
  clock: ConnectionRuleClock,
  dated: ReadonlySet<DatedConnectionField> = DATED_FIELDS,
): ConnectionRuleProblem[] {
  const problems: ConnectionRuleProblem[] = []
  const broken = (field: keyof ConnectionRuleValues, reason: ConnectionRuleReason) =>
    problems.push({ field, reason })

  if (values.queueIds.length > 1 && !values.greetingMessage.trim())
    broken('greetingMessage', 'greetingRequired')

  // The redirect to a queue needs both its minutes and its queue.
  if (values.timeSendQueue > 0 && values.sendIdQueue === null)
    broken('sendIdQueue', 'sendQueueRequired')
  if (values.sendIdQueue !== null && values.timeSendQueue <= 0)
    broken('timeSendQueue', 'sendMinutesRequired')

  // Ratings need both the question and the time the answer is awaited.
  const rates = values.ratingMessage.trim() !== ''
  if (rates && values.expiresTicketNPS <= 0) broken('expiresTicketNPS', 'npsRequired')
  if (!rates && values.expiresTicketNPS > 0) broken('ratingMessage', 'ratingMessageRequired')

  if (values.collectiveVacationMessage.trim()) {
    const start = values.collectiveVacationStart
    const end = values.collectiveVacationEnd
    if (!start) broken('collectiveVacationStart', 'vacationRequired')
    else if (dated.has('collectiveVacationStart') && start < earliestVacationStart(clock.today))
      broken('collectiveVacationStart', 'vacationTooOld')
    if (!end) broken('collectiveVacationEnd', 'vacationRequired')
    else if (start && end < start) broken('collectiveVacationEnd', 'vacationEndBeforeStart')
  }

  const latest = clock.now.getTime() + (clock.skewMs ?? 0)
  const earliest = earliestImportDate(clock.now).getTime()
  for (const field of ['importOldMessages', 'importRecentMessages'] as const) {
    const value = values[field]
    if (!value || !dated.has(field)) continue
    if (value.getTime() > latest) broken(field, 'importInFuture')
    else if (value.getTime() < earliest) broken(field, 'importTooOld')
  }
  const { importOldMessages: old, importRecentMessages: recent } = values
  if (old && recent && recent < old) broken('importRecentMessages', 'importBeforeOld')

  return problems
}
