import { decideConsent } from './bot.consent'
import { decideFlow } from './bot.flows.decide'
import { isOpen } from '@server/lib/service-hours'
import { vacationActive } from './bot.hours'
import { decideIntegration } from './bot.integration'
import { decideMenu } from './bot.menu'
import { decideRating } from './bot.rating'
import { decideAudio, decideCall } from './bot.refusals'
import { throttle } from './bot.throttle'
import { decideTree } from './bot.tree'
import {
  handledBy,
  passOn,
  type BotDecision,
  type BotInput,
  type BotStep,
  type BotTicketChanges,
} from './bot.types'

/** The input as a later stage sees it once an earlier stage's changes are applied. */
function withChanges(input: BotInput, changes: BotTicketChanges): BotInput {
  return { ...input, ticket: { ...input.ticket, ...changes } }
}

/** Whether the bot may act on this ticket at all (reference §11.3; Build it right, step 6). */
function botsTicket(input: BotInput): boolean {
  const { ticket, connection } = input
  if (ticket.imported || ticket.status === 'closed') return false
  if (ticket.isGroup && !connection.groupAsTicket) return false
  // An attendant's conversation: only a rating request, which is the bot's again, is answered.
  return ticket.status !== 'open' && ticket.status !== 'group'
}

/** Collective vacation: told once per ticket per vacation, and nothing else runs meanwhile. */
function decideVacation(input: BotInput): BotDecision {
  const { connection, ticket } = input
  const vacation = vacationActive(
    {
      start: connection.collectiveVacationStart,
      end: connection.collectiveVacationEnd,
      message: connection.collectiveVacationMessage,
    },
    input.now,
    input.timeZone,
  )
  if (vacation === null) return passOn()
  if (ticket.vacationNoticeFor === vacation) return handledBy()
  return handledBy(
    { kind: 'send', text: connection.collectiveVacationMessage },
    { kind: 'update', changes: { vacationNoticeFor: vacation } },
  )
}

/**
 * Company or connection hours (scheduleType company or connection): out of hours the contact is
 * told so, within the throttle, and no menu runs. Back within hours, the out-of-hours round
 * ends: its counter does not count against the menu.
 */
function decideHours(input: BotInput): BotDecision {
  const { settings, connection, ticket } = input
  const hours =
    settings.scheduleType === 'company'
      ? input.companyHours
      : settings.scheduleType === 'connection'
        ? connection.schedules
        : null
  if (hours === null) return passOn()
  if (isOpen(hours, input.now, input.timeZone, { missingDay: 'open' })) {
    if (!ticket.isOutOfHour) return passOn()
    return {
      steps: [
        {
          kind: 'update',
          changes: { isOutOfHour: false, amountUsedBotQueues: 0, chatbotAt: null },
        },
      ],
      handled: false,
    }
  }
  const allowed = throttle(input)
  if (allowed.silence) return handledBy({ kind: 'silent', reason: allowed.silence })
  return handledBy(
    { kind: 'send', text: connection.outOfHoursMessage },
    { kind: 'update', changes: { ...allowed.counted, isOutOfHour: true } },
  )
}

/** Outside the 24-hour window of a Meta channel nothing is sent: the step is logged instead. */
function keepWithinWindow(input: BotInput, steps: BotStep[]): BotStep[] {
  if (input.windowOpen) return steps
  const kept = steps.filter((step) => step.kind !== 'send' && step.kind !== 'queuePosition')
  return kept.length === steps.length
    ? steps
    : [...kept, { kind: 'silent', reason: 'windowClosed' }]
}

/**
 * Everything the bot does about one inbound message, in the order of reference §11.3 and its
 * "Build it right" (rating, consent, the integration or prompt the ticket converses with, the
 * flow it is in or a flow its message starts, vacation, hours, menu, tree), then the audio refusal,
 * which answers whoever holds the ticket. A call is no answer to the bot: only its refusal runs.
 */
export function decideBot(input: BotInput): BotStep[] {
  if (input.message === 'call') return keepWithinWindow(input, decideCall(input))
  const steps = botsTicket(input) ? decideStages(input) : []
  return keepWithinWindow(input, [...steps, ...decideAudio(input)])
}

/** Each stage either handles the message or passes it on, with changes the next stages see. */
function decideStages(input: BotInput): BotStep[] {
  const stages = [
    decideRating,
    decideConsent,
    decideIntegration,
    decideFlow,
    decideVacation,
    decideHours,
    decideMenu,
    decideTree,
  ]
  const steps: BotStep[] = []
  let current = input
  for (const stage of stages) {
    const decision = stage(current)
    steps.push(...decision.steps)
    if (decision.handled) break
    for (const step of decision.steps)
      if (step.kind === 'update') current = withChanges(current, step.changes)
  }
  return steps
}
