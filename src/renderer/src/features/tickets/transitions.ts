import type { QueueRef, TicketDto, UpdateTicketBody, UserRef } from '@shared/contracts/tickets'

/** The PUT /tickets/{id} body of each transition the inbox performs (reference §8.3). */
export const transitionBodies = {
  accept: (userId: number, queueId: number | null): UpdateTicketBody => ({
    status: 'open',
    userId,
    queueId,
  }),
  returnToQueue: (): UpdateTicketBody => ({ status: 'pending', userId: null }),
  close: (sendFarewellMessage: boolean): UpdateTicketBody => ({
    status: 'closed',
    sendFarewellMessage,
  }),
  ignore: (): UpdateTicketBody => ({
    status: 'closed',
    sendFarewellMessage: false,
    amountUsedBotQueues: 0,
  }),
  /** A queue is sent only when the reopen modal asked for one (a closed ticket without queue). */
  reopen: (userId: number, queueId?: number): UpdateTicketBody =>
    queueId === undefined ? { status: 'open', userId } : { status: 'open', userId, queueId },
  transfer: (choice: TransferChoice): UpdateTicketBody => ({
    queueId: choice.queueId,
    userId: choice.userId,
    status: choice.userId === null ? 'pending' : 'open',
    isTransfered: true,
    msgTransfer: choice.message.trim(),
  }),
}

export interface TransferChoice {
  queueId: number
  /** The attendant who receives it, or null to leave it waiting in the queue. */
  userId: number | null
  message: string
}

/** The names and colours a transition's ids stand for, from what the client already holds. */
export interface TransitionRefs {
  user: (id: number) => UserRef | null
  queue: (id: number) => QueueRef | null
}

/**
 * The ticket as the server is expected to answer `body`, drawn before it does so that the row
 * moves at once (issue 15). The answer replaces it; a failure puts `ticket` back. An id the
 * client cannot name keeps the ticket's own reference when it is the same id, else none.
 */
export const expectedAfter = (
  ticket: TicketDto,
  body: UpdateTicketBody,
  refs: TransitionRefs,
  now: Date,
): TicketDto => {
  const userId = body.userId === undefined ? ticket.userId : body.userId
  const queueId = body.queueId === undefined ? ticket.queueId : body.queueId
  const status = body.status ?? ticket.status
  return {
    ...ticket,
    status,
    userId,
    user: userId === null ? null : userId === ticket.userId ? ticket.user : refs.user(userId),
    queueId,
    queue:
      queueId === null ? null : queueId === ticket.queueId ? ticket.queue : refs.queue(queueId),
    unreadMessages: body.unreadMessages ?? ticket.unreadMessages,
    updatedAt: now.toISOString(),
  }
}

/** Who holds a ticket the user could not take: the info modal's content (000 §4). */
export interface TicketHolder {
  user: UserRef | null
  queue: QueueRef | null
}

/**
 * Who holds the ticket an accept or reopen answered with, when it is not the user: someone took
 * it first, or the contact already had another active ticket, which the server answers instead
 * (reference §8.2 step 3). Null when the user now holds it.
 */
export const holderIfTaken = (answered: TicketDto, myId: number): TicketHolder | null =>
  answered.userId === myId ? null : { user: answered.user, queue: answered.queue }
