import type { RequestContext } from '@server/context'
import type { CompanySettingValues } from '@shared/contracts/settings'
import type { UpdateTicketBody } from '@shared/contracts/tickets'
import type { Executor } from '@server/db/client'
import { AppError, validationError } from '@server/lib/app-error'
import type { ConnectionRow } from '../connections/connections.table'
import type { TicketCore } from './tickets.core'
import { ticketPolicy, type TicketViewer } from './tickets.policy'
import { ticketsRepository } from './tickets.repository'
import type { TicketRow, TicketStatus } from './tickets.table'

/** What a transition did, acted on once its transaction has committed. */
export interface Outcome {
  /** The ticket the caller is answered with. */
  answerId: number
  /** Changed tickets with their state before, so that their events reach both audiences. */
  changed: { id: number; before: TicketRow | null }[]
  texts: { ticketId: number; body: string }[]
  notes: { ticketId: number; userId: number; body: string }[]
}

/** What the body names, checked before the transaction, and the company's settings. */
export interface References {
  queue: { id: number; name: string; color: string } | null
  company: CompanySettingValues
}

/** The transitions of PUT /tickets/{id} (000 §4, reference §8.2 and §8.3). */
export type TransitionKind =
  'transfer' | 'accept' | 'reopen' | 'returnToQueue' | 'close' | 'edit' | 'unchanged'

/**
 * An attendant holds the ticket: the bot's menus and any integration, AI prompt or flow
 * conversing with the contact stop (reference §5–§7: until hand-off or until an agent accepts).
 */
const HUMAN_HOLDS = {
  isBot: false,
  useIntegration: false,
  integrationId: null,
  promptId: null,
  flowRunId: null,
} as const

/**
 * Which transition a body asks of a ticket the user sees, and whether he may: the status rules
 * as a pure function. A move no client may ask is ERR_VALIDATION on `status`; a ticket the
 * policy keeps the user from acting on is ERR_NO_PERMISSION. Accepting needs no permission:
 * whoever sees a waiting ticket may try, and the conditional claim decides.
 */
export function transitionKind(
  user: TicketViewer,
  ticket: Pick<TicketRow, 'status' | 'userId' | 'queueId' | 'whatsappId'>,
  body: Pick<UpdateTicketBody, 'status' | 'isTransfered'>,
): TransitionKind {
  const mayAct = () => {
    if (!ticketPolicy.act(user, ticket)) throw new AppError('ERR_NO_PERMISSION')
  }
  if (body.isTransfered) {
    mayAct()
    if (!['open', 'group', 'pending'].includes(ticket.status)) throw validationError('status')
    return 'transfer'
  }
  switch (body.status) {
    case 'open':
    case 'group':
      if (['pending', 'open', 'group'].includes(ticket.status)) return 'accept'
      mayAct()
      return 'reopen'
    case 'pending':
      mayAct()
      if (ticket.status === 'open' || ticket.status === 'group') return 'returnToQueue'
      if (ticket.status === 'pending') return 'edit'
      throw validationError('status')
    case 'closed': {
      mayAct()
      if (ticket.status === 'closed') return 'unchanged'
      // Resolving is for whoever acts on the ticket; ignoring an unattended one needs the switch.
      const ignoring = ticket.status === 'pending' || ticket.status === 'lgpd'
      if (ignoring && !ticketPolicy.ignore(user)) throw new AppError('ERR_NO_PERMISSION')
      return 'close'
    }
    case undefined:
      mayAct()
      return 'edit'
    // nps and lgpd are reached through the bot, never set by a client.
    case 'nps':
    case 'lgpd':
      throw validationError('status')
  }
}

/** Automatic texts go to groups only when the connection treats groups as tickets. */
const mayWriteTo = (ticket: TicketRow, connection: ConnectionRow | null) =>
  Boolean(connection) && (!ticket.isGroup || connection?.groupAsTicket === 'enabled')

const enabled = (value: string) => value === 'enabled'

/** The user a ticket is given to: the caller, or (admins only) a colleague. */
export function assignee(ctx: RequestContext, userId: number | null | undefined) {
  if (userId == null || userId === ctx.user.id) return ctx.user.id
  if (!ticketPolicy.assignOthers(ctx.user)) throw new AppError('ERR_NO_PERMISSION')
  return userId
}

/** Field updates any transition carries along (reference §8.2 step 9). */
const carried = (body: UpdateTicketBody) => ({
  ...(body.useIntegration !== undefined ? { useIntegration: body.useIntegration } : {}),
  ...(body.unreadMessages !== undefined ? { unreadMessages: body.unreadMessages } : {}),
  ...(body.amountUsedBotQueues !== undefined
    ? { amountUsedBotQueues: body.amountUsedBotQueues }
    : {}),
})

const unchanged = (ticket: TicketRow): Outcome => ({
  answerId: ticket.id,
  changed: [],
  texts: [],
  notes: [],
})

/**
 * Ends the attendance: tracking finished, status closed, logged as `logType` (reference §8.2
 * step 5; the bot's timers log autoClose).
 */
export async function closeRow(
  tx: Executor,
  ticket: TicketRow,
  actorId: number | null,
  values: Partial<TicketRow> = {},
  logType: 'closed' | 'autoClose' = 'closed',
) {
  const txRepo = ticketsRepository(tx)
  const now = new Date()
  const tracking = await txRepo.openTracking(ticket)
  await txRepo.updateTracking(tracking.id, {
    finishedAt: now,
    closedAt: now,
    whatsappId: ticket.whatsappId,
    userId: ticket.userId,
  })
  await txRepo.update(ticket.companyId, ticket.id, {
    ...values,
    status: 'closed',
    amountUsedBotQueues: 0,
    // A flow running on the ticket ends with it.
    flowRunId: null,
  })
  await txRepo.log(ticket.companyId, ticket.id, logType, {
    userId: actorId,
    queueId: ticket.queueId,
  })
}

/** An attendant starts (or resumes) the attendance: tracking started (§8.2 step 10). */
async function startTracking(tx: Executor, ticket: TicketRow, queueChanged: boolean) {
  const txRepo = ticketsRepository(tx)
  const tracking = await txRepo.openTracking(ticket)
  await txRepo.updateTracking(tracking.id, {
    startedAt: new Date(),
    ratingAt: null,
    rated: false,
    userId: ticket.userId,
    queueId: ticket.queueId,
    whatsappId: ticket.whatsappId,
    ...(queueChanged ? { queuedAt: new Date() } : {}),
  })
}

/**
 * The transitions themselves, each `(tx, ctx, ticket, body, refs) → Outcome` inside the caller's
 * transaction. Texts, notes and events are the caller's to send once it commits.
 */
export function createTicketTransitions(collaborators: {
  core: Pick<TicketCore, 'findOrCreateActive'>
}) {
  const { core } = collaborators

  async function accept(
    tx: Executor,
    ctx: RequestContext,
    ticket: TicketRow,
    body: UpdateTicketBody,
    { company }: References,
  ): Promise<Outcome> {
    const userId = assignee(ctx, body.userId)
    const queueId = body.queueId ?? ticket.queueId
    const alreadyMine =
      ticket.status !== 'pending' && ticket.userId === userId && queueId === ticket.queueId
    if (alreadyMine && Object.keys(carried(body)).length === 0) return unchanged(ticket)
    // Pending: accept. Open or group without a holder: take it. Held by someone else: the
    // conditional update matches nothing and the caller learns who holds it.
    const from: TicketStatus[] = ticket.status === 'pending' ? ['pending'] : ['open', 'group']
    const claimed = await ticketsRepository(tx).claim(ctx.companyId, ticket.id, from, userId, {
      ...carried(body),
      status: ticket.isGroup ? 'group' : 'open',
      userId,
      queueId,
      ...HUMAN_HOLDS,
    })
    if (!claimed) return unchanged(ticket)
    const wasUnassigned = ticket.status === 'pending' || ticket.userId === null
    if (wasUnassigned) {
      await startTracking(tx, claimed, queueId !== ticket.queueId)
      await ticketsRepository(tx).log(ctx.companyId, ticket.id, 'open', { userId, queueId })
    }
    const outcome: Outcome = {
      answerId: ticket.id,
      changed: [{ id: ticket.id, before: ticket }],
      texts: [],
      notes: [],
    }
    const greeting = company.greetingAcceptedMessage.trim()
    if (ticket.status === 'pending' && enabled(company.sendGreetingAccepted) && greeting) {
      const connection = ticket.whatsappId
        ? await ticketsRepository(tx).findConnection(ctx.companyId, ticket.whatsappId)
        : null
      if (mayWriteTo(ticket, connection))
        outcome.texts.push({ ticketId: ticket.id, body: company.greetingAcceptedMessage })
    }
    return outcome
  }

  async function reopen(
    tx: Executor,
    ctx: RequestContext,
    ticket: TicketRow,
    body: UpdateTicketBody,
  ): Promise<Outcome> {
    const txRepo = ticketsRepository(tx)
    if (ticket.status === 'closed' && ticket.whatsappId) {
      await txRepo.lockContactConnection(ctx.companyId, ticket.contactId, ticket.whatsappId)
      const other = await txRepo.findActive(ctx.companyId, ticket.contactId, ticket.whatsappId)
      // The contact is already in service on that connection: the client names who holds it.
      if (other) return unchanged(other)
    }
    const userId = assignee(ctx, body.userId)
    const queueId = body.queueId ?? ticket.queueId
    const reopened = await txRepo.update(ctx.companyId, ticket.id, {
      ...carried(body),
      status: ticket.isGroup ? 'group' : 'open',
      userId,
      queueId,
      ...HUMAN_HOLDS,
    })
    await startTracking(tx, reopened!, queueId !== ticket.queueId)
    await txRepo.log(ctx.companyId, ticket.id, 'reopen', { userId, queueId })
    return {
      answerId: ticket.id,
      changed: [{ id: ticket.id, before: ticket }],
      texts: [],
      notes: [],
    }
  }

  async function returnToQueue(
    tx: Executor,
    ctx: RequestContext,
    ticket: TicketRow,
    body: UpdateTicketBody,
  ): Promise<Outcome> {
    const txRepo = ticketsRepository(tx)
    const queueId = body.queueId ?? ticket.queueId
    const returned = await txRepo.update(ctx.companyId, ticket.id, {
      ...carried(body),
      status: 'pending',
      userId: null,
      queueId,
    })
    const tracking = await txRepo.openTracking(returned!)
    await txRepo.updateTracking(tracking.id, {
      startedAt: null,
      userId: null,
      queueId,
      ...(queueId !== ticket.queueId ? { queuedAt: new Date() } : {}),
    })
    await txRepo.log(ctx.companyId, ticket.id, 'pending', { userId: ticket.userId, queueId })
    return {
      answerId: ticket.id,
      changed: [{ id: ticket.id, before: ticket }],
      texts: [],
      notes: [],
    }
  }

  /** Resolve (from open, group or nps) and ignore (from pending or lgpd). */
  async function close(
    tx: Executor,
    ctx: RequestContext,
    ticket: TicketRow,
    body: UpdateTicketBody,
    { company }: References,
  ): Promise<Outcome> {
    const txRepo = ticketsRepository(tx)
    const ignoring = ticket.status === 'pending' || ticket.status === 'lgpd'
    // requiredTag guards an attendant's resolve; ignoring unattended tickets stays possible.
    if (
      !ignoring &&
      enabled(company.requiredTag) &&
      !(await txRepo.contactHasTags(ctx.companyId, ticket.contactId))
    )
      throw new AppError('ERR_TAG_REQUIRED')

    const outcome: Outcome = {
      answerId: ticket.id,
      changed: [{ id: ticket.id, before: ticket }],
      texts: [],
      notes: [],
    }
    const connection = ticket.whatsappId
      ? await txRepo.findConnection(ctx.companyId, ticket.whatsappId)
      : null
    const farewellWanted = body.sendFarewellMessage !== false
    const tracking = await txRepo.openTracking(ticket)
    const ratingMessage = connection?.ratingMessage.trim() ?? ''
    if (
      enabled(company.userRating) &&
      farewellWanted &&
      ratingMessage &&
      !ticket.isGroup &&
      ticket.status === 'open' &&
      ticket.userId !== null &&
      !tracking.rated
    ) {
      await txRepo.updateTracking(tracking.id, { userId: ticket.userId, closedAt: new Date() })
      await txRepo.update(ctx.companyId, ticket.id, {
        ...carried(body),
        status: 'nps',
        amountUsedBotQueuesNPS: 1,
      })
      await txRepo.log(ctx.companyId, ticket.id, 'nps', {
        userId: ctx.user.id,
        queueId: ticket.queueId,
      })
      outcome.texts.push({ ticketId: ticket.id, body: connection!.ratingMessage })
      return outcome
    }

    // A ticket waiting for its rating already said goodbye with the rating request.
    const farewellApplies =
      ticket.status === 'open' ||
      ticket.status === 'group' ||
      (ticket.status === 'pending' && enabled(company.sendFarewellWaitingTicket))
    const farewell = ctx.user.farewellMessage.trim()
      ? ctx.user.farewellMessage
      : (connection?.complationMessage ?? '')
    if (farewellWanted && farewellApplies && farewell.trim() && mayWriteTo(ticket, connection))
      outcome.texts.push({ ticketId: ticket.id, body: farewell })
    await closeRow(tx, ticket, ctx.user.id, carried(body))
    return outcome
  }

  async function transfer(
    tx: Executor,
    ctx: RequestContext,
    ticket: TicketRow,
    body: UpdateTicketBody,
    { company, queue }: References,
  ): Promise<Outcome> {
    if (!queue) throw validationError('queueId')
    const txRepo = ticketsRepository(tx)
    const userId = body.userId ?? null
    const status: TicketStatus = userId ? (ticket.isGroup ? 'group' : 'open') : 'pending'
    const queueChanged = queue.id !== ticket.queueId
    const userChanged = userId !== ticket.userId
    const outcome: Outcome = {
      answerId: ticket.id,
      changed: [{ id: ticket.id, before: ticket }],
      texts: [],
      notes: [],
    }

    await txRepo.log(ctx.companyId, ticket.id, 'transfered', {
      userId: ticket.userId,
      queueId: ticket.queueId,
    })
    let target: TicketRow
    const contact = await txRepo.findContact(ctx.companyId, ticket.contactId)
    const connection = ticket.whatsappId
      ? await txRepo.findConnection(ctx.companyId, ticket.whatsappId)
      : null
    if (company.closeTicketOnTransfer && queueChanged && contact && connection) {
      // The history splits: this ticket ends here and the new queue continues on a new one.
      await closeRow(tx, ticket, ctx.user.id)
      const { ticket: created } = await core.findOrCreateActive(tx, {
        companyId: ctx.companyId,
        contact,
        connection,
        origin: {
          kind: 'agent',
          userId: userId ?? ctx.user.id,
          queueId: queue.id,
          status: status === 'group' ? 'open' : status,
        },
      })
      target = (await txRepo.update(ctx.companyId, created.id, {
        ...carried(body),
        queueId: queue.id,
        userId,
        status,
      }))!
      outcome.answerId = target.id
      outcome.changed.push({ id: target.id, before: null })
    } else {
      target = (await txRepo.update(ctx.companyId, ticket.id, {
        ...carried(body),
        queueId: queue.id,
        userId,
        status,
        // A transfer ends a flow: the queue's own handling takes the ticket (reference §5).
        flowRunId: null,
        ...(userId ? HUMAN_HOLDS : {}),
      }))!
    }
    const tracking = await txRepo.openTracking(target)
    await txRepo.updateTracking(tracking.id, {
      queuedAt: new Date(),
      queueId: queue.id,
      userId,
      startedAt: userId ? new Date() : null,
    })
    if (userId)
      await txRepo.log(ctx.companyId, target.id, 'receivedTransfer', {
        userId,
        queueId: queue.id,
      })

    const note = body.msgTransfer?.trim()
    if (note) outcome.notes.push({ ticketId: target.id, userId: ctx.user.id, body: note })
    const transferText = company.transferMessage.trim()
      ? company.transferMessage.replaceAll('${queue.name}', queue.name)
      : ''
    if (
      enabled(company.sendMsgTransfTicket) &&
      transferText &&
      (queueChanged || userChanged) &&
      mayWriteTo(target, connection)
    )
      outcome.texts.push({ ticketId: target.id, body: transferText })
    return outcome
  }

  /** No status change: a queue, integration or counter update on the ticket as it is. */
  async function edit(
    tx: Executor,
    ctx: RequestContext,
    ticket: TicketRow,
    body: UpdateTicketBody,
  ): Promise<Outcome> {
    const queueChanged = body.queueId !== undefined && body.queueId !== ticket.queueId
    const values = { ...carried(body), ...(queueChanged ? { queueId: body.queueId } : {}) }
    if (Object.keys(values).length === 0) return unchanged(ticket)
    const txRepo = ticketsRepository(tx)
    const updated = await txRepo.update(ctx.companyId, ticket.id, values)
    if (queueChanged) {
      const tracking = await txRepo.openTracking(updated!)
      await txRepo.updateTracking(tracking.id, {
        queuedAt: new Date(),
        queueId: body.queueId ?? null,
      })
    }
    return {
      answerId: ticket.id,
      changed: [{ id: ticket.id, before: ticket }],
      texts: [],
      notes: [],
    }
  }

  /**
   * PUT /tickets/{id} inside one transaction that holds the ticket's row lock: the transition the
   * body asks for, once `transitionKind` allowed it.
   */
  function transition(
    tx: Executor,
    ctx: RequestContext,
    ticket: TicketRow,
    body: UpdateTicketBody,
    refs: References,
  ): Promise<Outcome> {
    switch (transitionKind(ctx.user, ticket, body)) {
      case 'transfer':
        return transfer(tx, ctx, ticket, body, refs)
      case 'accept':
        return accept(tx, ctx, ticket, body, refs)
      case 'reopen':
        return reopen(tx, ctx, ticket, body)
      case 'returnToQueue':
        return returnToQueue(tx, ctx, ticket, body)
      case 'close':
        return close(tx, ctx, ticket, body, refs)
      case 'edit':
        return edit(tx, ctx, ticket, body)
      case 'unchanged':
        return Promise.resolve(unchanged(ticket))
    }
  }

  return { transition }
}

export type TicketTransitions = ReturnType<typeof createTicketTransitions>
