import type { CampaignSettings } from '@shared/contracts/campaigns'

const SECONDS_PER_HOUR = 3600

/** The most messages one campaign sends in an hour at this gap; null when there is no gap. */
const ratePerHour = (gapSeconds: number): number | null =>
  gapSeconds > 0 ? Math.floor(SECONDS_PER_HOUR / gapSeconds) : null

export interface PacingSummary {
  /** Messages per hour at most with the message interval; null: one right after the other. */
  perHour: number | null
  /** Once the longer interval applies: after how many messages, and the rate then. */
  later: { after: number; perHour: number } | null
}

/**
 * How fast a campaign sends at these intervals (reference §1 "Pacing"): the gap is the message
 * interval, and the greater interval after the first `longerIntervalAfter` messages (0 turns
 * either off). The engine adds 0–20% to every gap and never shortens it, so these are ceilings.
 */
export const pacingSummary = ({
  messageInterval,
  longerIntervalAfter,
  greaterInterval,
}: Pick<
  CampaignSettings,
  'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'
>): PacingSummary => {
  const later = longerIntervalAfter > 0 ? ratePerHour(greaterInterval) : null
  return {
    perHour: ratePerHour(messageInterval),
    later: later === null ? null : { after: longerIntervalAfter, perHour: later },
  }
}
