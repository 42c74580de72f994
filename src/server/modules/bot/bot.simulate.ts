import type { SimulatedStep } from '@shared/contracts/bot-simulation'
import { greetingAttachmentOf } from './bot.attachment'
import { decideBot } from './bot.decide'
import type { BotInput, BotTicket } from './bot.types'

/** What the simulation starts from: a new contact's new ticket, and everything else as today. */
export type SimulationStart = Omit<BotInput, 'text' | 'now' | 'message'>

export interface SimulationNames {
  queueName(id: number): string
  userName(id: number): string
  /** Renders a template for the simulated contact, as the pipeline renders it for a real one. */
  render(text: string, ticket: BotTicket, now: Date): string
}

/**
 * Replays a conversation through the bot's decision functions, applying each step to the ticket
 * in memory instead of the database: the same decisions the pipeline takes, nothing stored nor
 * sent. A conversation the bot closes starts over, as a new ticket would, at the next message.
 */
export function simulateConversation(
  start: SimulationStart,
  messages: string[],
  now: Date,
  names: SimulationNames,
): { message: string; steps: SimulatedStep[] }[] {
  const greetingFile = greetingAttachmentOf(start.connection.greetingMediaAttachment)
  let ticket: BotTicket = start.ticket
  let contact = start.contact
  return messages.map((message) => {
    if (ticket.status === 'closed') ticket = start.ticket
    const steps: SimulatedStep[] = []
    const text = (body: string, file?: 'image' | 'video') => {
      if (body.trim() || file)
        steps.push({
          kind: 'text',
          text: names.render(body, ticket, now),
          ...(file ? { file } : {}),
        })
    }
    const close = (farewell: boolean) => {
      if (farewell) text(start.connection.complationMessage)
      ticket = { ...ticket, status: 'closed' }
      steps.push({ kind: 'closed' })
    }
    const decided = decideBot({ ...start, ticket, contact, text: message, message: 'text', now })
    for (const step of decided) {
      switch (step.kind) {
        case 'send':
          text(step.text, step.withGreetingMedia ? greetingFile?.kind : undefined)
          break
        case 'update': {
          const { queueId, userId } = step.changes
          ticket = { ...ticket, ...step.changes }
          if (queueId != null) steps.push({ kind: 'queue', queueName: names.queueName(queueId) })
          if (userId != null) steps.push({ kind: 'attendant', userName: names.userName(userId) })
          break
        }
        case 'consent':
          contact = { ...contact, lgpdAcceptedAt: now }
          steps.push({ kind: 'consent' })
          break
        case 'rate':
          steps.push({ kind: 'rated', rate: step.rate })
          close(true)
          break
        case 'close':
          close(step.farewell)
          break
        case 'queuePosition':
          // A simulated contact waits alone: first in line.
          text(`${start.settings.sendQueuePositionMessage} *1*`)
          break
        case 'assignRandom':
          steps.push({ kind: 'randomAttendant' })
          break
        case 'silent':
          steps.push({ kind: 'silent', reason: step.reason })
          break
        case 'relay':
          steps.push({ kind: 'integration' })
          break
        case 'sendFiles':
          steps.push({ kind: 'files' })
          break
        case 'log':
          break
      }
    }
    return { message, steps }
  })
}
