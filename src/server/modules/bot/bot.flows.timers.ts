import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import type { AutomaticChange, AutomaticWrites } from '../messages/outbound.types'
import { ticketsRepository } from '../tickets/tickets.repository'
import type { TicketRow } from '../tickets/tickets.table'
import { flowRunsRepository } from './bot.flows.repository'
import type { FlowRuntime, FlowTicketContext } from './bot.flows.service'
import { botRepository } from './bot.repository'

/**
 * The jobs that move flows without a message: a run's interval over (`bot.flow-timer`), and
 * the sweep that ends runs whose menu waited too long (`bot.flow-idle-sweep`). Each works in a
 * transaction that holds the ticket, as the bot does when a message arrives.
 */
export function createFlowTimers(
  deps: CoreDeps,
  { runtime, messages }: { runtime: FlowRuntime; messages: AutomaticWrites },
) {
  /** What the run reads of its ticket, read in the ticket's transaction. */
  async function contextOf(tx: Executor, ticket: TicketRow): Promise<FlowTicketContext | null> {
    const repo = botRepository(tx)
    const found = (await repo.contactsAndTrackings(ticket.companyId, [ticket.id])).get(ticket.id)
    const company = await repo.company(ticket.companyId)
    const connection =
      ticket.whatsappId === null
        ? null
        : await ticketsRepository(tx).findConnection(ticket.companyId, ticket.whatsappId)
    if (!found || !company || !connection) return null
    return {
      contact: found.contact,
      render: {
        connectionName: connection.name,
        company,
        queueName: async (queueId) =>
          (await flowRunsRepository(tx).queue(ticket.companyId, queueId))?.name ?? '',
      },
    }
  }

  /** Runs `work` on the locked ticket and announces what it changed. */
  async function onTicket(
    companyId: number,
    ticketId: number,
    work: (tx: Executor, ticket: TicketRow) => Promise<AutomaticChange | null>,
  ) {
    const change = await deps.db.transaction(async (tx) => {
      const ticket = await ticketsRepository(tx).lockById(companyId, ticketId)
      return ticket ? work(tx, ticket) : null
    })
    if (change) await messages.announceAutomatic(companyId, [change])
  }

  return {
    /** `bot.flow-timer`: the run goes on after its interval. */
    async fire({ companyId, runId, wakeup }: { companyId: number; runId: number; wakeup: number }) {
      const run = await flowRunsRepository(deps.db).findRun(companyId, runId)
      if (!run) return
      await onTicket(companyId, run.ticketId, async (tx, ticket) => {
        const context = await contextOf(tx, ticket)
        if (!context) return null
        const outcome = await runtime.wake(tx, ticket, context, runId, wakeup)
        if (!outcome) return null
        const written = await messages.writeAutomaticTexts(tx, outcome.ticket, outcome.texts)
        return { before: ticket, after: outcome.ticket, written }
      })
    },

    /** `bot.flow-idle-sweep`: runs waiting too long for an answer end; humans take over. */
    async sweepIdle() {
      for (const { companyId, runId, ticketId } of await runtime.idle())
        await onTicket(companyId, ticketId, async (tx, ticket) => {
          if (!(await runtime.expire(tx, ticket, runId))) return null
          const after = (await ticketsRepository(tx).findById(companyId, ticketId)) ?? ticket
          return {
            before: ticket,
            after,
            written: await messages.writeAutomaticTexts(tx, after, []),
          }
        })
    },
  }
}

export type FlowTimers = ReturnType<typeof createFlowTimers>
