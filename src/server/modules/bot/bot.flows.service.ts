import type { FlowGraph, FlowRunState } from '@shared/contracts/flows'
import type { CoreDeps } from '@server/deps'
import type { Executor } from '@server/db/client'
import type { ContactRow } from '../contacts/contacts.table'
import type {
  AutomaticAttachment,
  AutomaticText,
  AutomaticWrites,
} from '../messages/outbound.types'
import { ticketsRepository } from '../tickets/tickets.repository'
import type { TicketRow } from '../tickets/tickets.table'
import {
  advanceFlow,
  type FlowAdvance,
  type FlowEvent,
  type FlowFacts,
} from '../flows/flows.engine'
import { flowRunsRepository } from './bot.flows.repository'
import type { FlowRunOrigin, FlowRunRow } from './bot.flows.table'
import type { RenderFacts } from './bot.render'
import { ticketRenderer } from './bot.render'

/** Reference §5: a run waiting this long for an answer ends; the ticket stays for humans. */
export const FLOW_IDLE_MINUTES = 60
const IDLE_SWEEP_SIZE = 100

/** The job that wakes a run after its interval; keyed by the run and its wait. */
export const flowTimerKey = (runId: number, wakeup: number) => `flow-run:${runId}:${wakeup}`

/** What a run reads of its ticket besides the row, loaded by whoever moves it. */
export interface FlowTicketContext {
  contact: Pick<ContactRow, 'id' | 'name' | 'number' | 'email'>
  render: Omit<RenderFacts, 'contactName'>
}

/** What moving a run did: the texts to store for the ticket, and the ticket after. */
export interface FlowOutcome {
  texts: AutomaticText[]
  ticket: TicketRow
}

const FRESH: FlowRunState = {
  status: 'running',
  nodeId: '',
  elementIndex: 0,
  variables: {},
  invalidAttempts: 0,
}

const stateOf = (run: FlowRunRow): FlowRunState => ({
  status: run.status,
  nodeId: run.currentNodeId,
  elementIndex: run.elementIndex,
  variables: run.variables,
  invalidAttempts: run.invalidAttempts,
})

/** What conditions read of the contact; its extra info only when the graph has a condition. */
async function contactFacts(
  tx: Executor,
  ticket: TicketRow,
  contact: FlowTicketContext['contact'],
  graph: FlowGraph,
): Promise<FlowFacts['contact']> {
  const conditions = graph.nodes.some((node) => node.type === 'condition')
  return {
    name: contact.name,
    number: contact.number,
    email: contact.email,
    extra: conditions ? await flowRunsRepository(tx).extraInfoOf(ticket.companyId, contact.id) : {},
  }
}

/**
 * Flows at run time (reference §5 "Build it right"): a run starts from a phrase or a default
 * flow, and moves on from the contact's messages and its timers, always inside the transaction
 * that holds its ticket, so a restart resumes it exactly where it was and two events never move
 * it at once. The engine decides; this applies its effects: texts and media stored as the
 * ticket's automatic messages (tagged with the run), the ticket moved to a queue, a timer job
 * queued for an interval. An attendant who takes the ticket clears its `flowRunId`, which ends
 * the run the next time anything would move it.
 */
export function createFlowRuntime(
  deps: CoreDeps,
  collaborators: { messages: AutomaticWrites; random?: () => number },
) {
  const random = collaborators.random ?? Math.random

  /** Applies an advance: effects, the run's row, the ticket's run. */
  async function apply(
    tx: Executor,
    run: FlowRunRow,
    ticket: TicketRow,
    context: FlowTicketContext,
    advanced: FlowAdvance,
    input: boolean,
  ): Promise<FlowOutcome> {
    const repo = flowRunsRepository(tx)
    const ticketsTx = ticketsRepository(tx)
    let current = ticket
    const render = ticketRenderer(
      tx,
      () => current,
      { ...context.render, contactName: context.contact.name },
      new Date(),
    )
    const source = { flowRunId: run.id }
    const texts: AutomaticText[] = []
    const media = await repo.mediaOf(
      ticket.companyId,
      advanced.effects.flatMap((effect) => (effect.kind === 'media' ? [effect.name] : [])),
    )
    let wakeups = run.wakeups
    for (const effect of advanced.effects) {
      switch (effect.kind) {
        case 'text':
          texts.push({ body: await render(effect.body), source })
          break
        case 'media': {
          const file = media.get(effect.name)
          if (!file) {
            deps.log.warn({ runId: run.id, media: effect.name }, 'a flow media file is gone')
            break
          }
          const attachment: AutomaticAttachment = {
            path: effect.name,
            name: file.originalName,
            mime: file.mime,
            kind: effect.media,
          }
          texts.push({ body: '', attachment, source })
          break
        }
        case 'queue': {
          const queue = await repo.queue(ticket.companyId, effect.queueId)
          if (!queue) break
          current =
            (await ticketsTx.update(ticket.companyId, ticket.id, {
              queueId: queue.id,
              status: 'pending',
            })) ?? current
          const tracking = await ticketsTx.openTracking(current)
          await ticketsTx.updateTracking(tracking.id, { queuedAt: new Date(), queueId: queue.id })
          await ticketsTx.log(ticket.companyId, ticket.id, 'queue', { queueId: queue.id })
          if (queue.greetingMessage.trim())
            texts.push({ body: await render(queue.greetingMessage), source })
          break
        }
        case 'timer':
          wakeups += 1
          await deps.jobs.send(
            'bot.flow-timer',
            { companyId: ticket.companyId, runId: run.id, wakeup: wakeups },
            {
              in: tx,
              singletonKey: flowTimerKey(run.id, wakeups),
              startAfter: new Date(Date.now() + effect.seconds * 1000),
            },
          )
          break
      }
    }
    const { state } = advanced
    await repo.saveRun(run, state, {
      wakeups,
      input,
      ...(advanced.reason ? { endReason: advanced.reason } : {}),
    })
    if (state.status === 'finished' || state.status === 'aborted') {
      const ended =
        advanced.reason === 'invalidAnswers'
          ? // The contact could not be helped by the menu: humans answer, the bot's menus stay off.
            { flowRunId: null, isBot: false }
          : { flowRunId: null }
      current = (await ticketsTx.update(ticket.companyId, ticket.id, ended)) ?? current
    }
    return { texts, ticket: current }
  }

  /** The run the ticket names, if it is still active; one the ticket no longer names is ended. */
  async function runOf(tx: Executor, ticket: TicketRow): Promise<FlowRunRow | null> {
    if (ticket.flowRunId === null) return null
    const run = await flowRunsRepository(tx).findRun(ticket.companyId, ticket.flowRunId)
    if (run && (run.status === 'finished' || run.status === 'aborted')) return null
    return run
  }

  async function move(
    tx: Executor,
    run: FlowRunRow,
    ticket: TicketRow,
    context: FlowTicketContext,
    event: FlowEvent,
  ): Promise<FlowOutcome> {
    const graph = await flowRunsRepository(tx).graphOf(run)
    if (!graph) {
      // The flow was deleted meanwhile (its runs with it): the ticket is no longer in a flow.
      const after = await ticketsRepository(tx).update(ticket.companyId, ticket.id, {
        flowRunId: null,
      })
      return { texts: [], ticket: after ?? ticket }
    }
    const advanced = advanceFlow(graph, stateOf(run), event, {
      contact: await contactFacts(tx, ticket, context.contact, graph),
      random,
    })
    return apply(tx, run, ticket, context, advanced, event.kind === 'input')
  }

  return {
    /**
     * Starts the flow on the ticket with the message that triggered it, in the caller's
     * transaction (which holds the ticket). Answers null when the flow cannot start (inactive,
     * never saved, not the company's).
     */
    async start(
      tx: Executor,
      ticket: TicketRow,
      context: FlowTicketContext,
      flowId: number,
      origin: FlowRunOrigin,
      text: string,
    ): Promise<FlowOutcome | null> {
      const repo = flowRunsRepository(tx)
      const flow = await repo.startable(ticket.companyId, flowId)
      if (!flow) return null
      await repo.abortActive(ticket.companyId, ticket.id, 'replaced')
      const run = await repo.insertRun({
        companyId: ticket.companyId,
        ticketId: ticket.id,
        flowId,
        flowVersion: flow.version,
        origin,
        state: FRESH,
      })
      const named =
        (await ticketsRepository(tx).update(ticket.companyId, ticket.id, { flowRunId: run.id })) ??
        ticket
      const advanced = advanceFlow(
        flow.graph,
        FRESH,
        { kind: 'start', text },
        {
          contact: await contactFacts(tx, ticket, context.contact, flow.graph),
          random,
        },
      )
      return apply(tx, run, named, context, advanced, false)
    },

    /**
     * The contact's message to the ticket's run: a menu's answer moves it; while it runs or
     * waits for a timer the message is only kept. Null when the ticket is in no active run.
     */
    async input(
      tx: Executor,
      ticket: TicketRow,
      context: FlowTicketContext,
      text: string,
    ): Promise<FlowOutcome | null> {
      const run = await runOf(tx, ticket)
      if (!run) {
        const after = await ticketsRepository(tx).update(ticket.companyId, ticket.id, {
          flowRunId: null,
        })
        return { texts: [], ticket: after ?? ticket }
      }
      return move(tx, run, ticket, context, { kind: 'input', text })
    },

    /**
     * The `bot.flow-timer` job's work, in the caller's transaction holding the ticket: the run
     * goes on after its interval, unless it moved on (an old timer), or its ticket is no longer
     * its (an attendant took it, it was closed or transferred), which ends it.
     */
    async wake(
      tx: Executor,
      ticket: TicketRow,
      context: FlowTicketContext,
      runId: number,
      wakeup: number,
    ): Promise<FlowOutcome | null> {
      const repo = flowRunsRepository(tx)
      const run = await repo.findRun(ticket.companyId, runId)
      if (!run || run.status !== 'waiting_timer' || run.wakeups !== wakeup) return null
      if (ticket.flowRunId !== run.id) {
        await repo.saveRun(run, { ...stateOf(run), status: 'aborted' }, { endReason: 'humanTook' })
        return null
      }
      return move(tx, run, ticket, context, { kind: 'timer' })
    },

    /** Runs idle past FLOW_IDLE_MINUTES, for the sweep to end one by one. */
    idle: () =>
      flowRunsRepository(deps.db).idleSince(
        new Date(Date.now() - FLOW_IDLE_MINUTES * 60_000),
        IDLE_SWEEP_SIZE,
      ),

    /** Ends a run that waited too long, in the caller's transaction holding the ticket. */
    async expire(tx: Executor, ticket: TicketRow, runId: number): Promise<boolean> {
      const repo = flowRunsRepository(tx)
      const run = await repo.findRun(ticket.companyId, runId)
      if (!run || run.status !== 'waiting_input') return false
      await repo.saveRun(run, { ...stateOf(run), status: 'aborted' }, { endReason: 'inactivity' })
      if (ticket.flowRunId === run.id)
        await ticketsRepository(tx).update(ticket.companyId, ticket.id, { flowRunId: null })
      return true
    },
  }
}

export type FlowRuntime = ReturnType<typeof createFlowRuntime>
