import { TZDate } from '@date-fns/tz'
import type { CampaignSettings } from '@shared/contracts/campaigns'

/** The settings that decide when a campaign may send (reference §1 "Pacing"). */
export type PaceSettings = Pick<
  CampaignSettings,
  | 'messageInterval'
  | 'longerIntervalAfter'
  | 'greaterInterval'
  | 'sabado'
  | 'domingo'
  | 'startHour'
  | 'endHour'
>

/** The jitter on top of a gap: up to 20% more, never less (the UI calls it a random interval). */
export const JITTER = 0.2

/**
 * The configured gap, in seconds, before the next message of a campaign that has already sent
 * `sent`: the longer one once `longerIntervalAfter` messages went out (0 turns that off).
 */
export function gapSeconds(settings: PaceSettings, sent: number): number {
  const longer =
    settings.longerIntervalAfter > 0 &&
    settings.greaterInterval > 0 &&
    sent >= settings.longerIntervalAfter
  return longer ? settings.greaterInterval : settings.messageInterval
}

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return hours * 60 + minutes
}

const allowedDay = (settings: PaceSettings, weekday: number) =>
  (weekday !== 6 || settings.sabado) && (weekday !== 0 || settings.domingo)

/**
 * The first instant at or after `at` inside the sending window: from `startHour` (inclusive) to
 * `endHour` (exclusive) on an allowed day, in the company's time zone. Outside it, the next
 * allowed day's `startHour`: a slot is moved, never dropped.
 */
export function withinWindow(at: Date, settings: PaceSettings, timeZone: string): Date {
  const start = minutesOf(settings.startHour)
  const end = minutesOf(settings.endHour)
  const local = new TZDate(at.getTime(), timeZone)
  for (let offset = 0; offset < 8; offset += 1) {
    const day = new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() + offset,
      0,
      0,
      0,
      timeZone,
    )
    if (!allowedDay(settings, day.getDay())) continue
    const opens = new TZDate(
      day.getFullYear(),
      day.getMonth(),
      day.getDate(),
      Math.floor(start / 60),
      start % 60,
      0,
      timeZone,
    )
    const closes = new TZDate(
      day.getFullYear(),
      day.getMonth(),
      day.getDate(),
      Math.floor(end / 60),
      end % 60,
      0,
      timeZone,
    )
    if (at.getTime() < opens.getTime()) return new Date(opens.getTime())
    if (at.getTime() < closes.getTime()) return at
  }
  // Weekdays are always allowed, so a week always holds an open window.
  throw new Error('no sending window within a week')
}

/**
 * When the next message of a campaign may go out on its connection: a gap (with its jitter)
 * after the connection's last campaign send, not before `now`, inside the window.
 */
export function nextSlot(input: {
  now: Date
  /** When the connection's last campaign message was sent; null for none. */
  lastSentAt: Date | null
  /** Messages this campaign already sent. */
  sent: number
  settings: PaceSettings
  timeZone: string
  /** A number in [0, 1): the jitter's draw. */
  random: number
  /** The provider's own floor between two messages (its throughput), in milliseconds. */
  minGapMs?: number
}): Date {
  const gapMs = Math.max(
    Math.floor(gapSeconds(input.settings, input.sent) * 1000 * (1 + JITTER * input.random)),
    input.minGapMs ?? 0,
  )
  // Rounded up: the provider's 12.5 ms never become 12.
  const earliest = input.lastSentAt ? Math.ceil(input.lastSentAt.getTime() + gapMs) : 0
  return withinWindow(
    new Date(Math.max(input.now.getTime(), earliest)),
    input.settings,
    input.timeZone,
  )
}
