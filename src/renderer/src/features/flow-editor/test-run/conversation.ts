import type {
  FlowRunState,
  FlowSimulationStep,
  SimulateFlowBody,
  SimulateFlowResponse,
} from '@shared/contracts/flows'

/** What the simulated contact did: wrote a message, or (a skipped wait) let the timer fire. */
export type TestEvent = SimulateFlowBody['event']

/** One line of the test's chat, in order. */
export type ChatLine =
  /** The simulated contact's message; `undelivered` once its request failed and was given up. */
  | { id: number; kind: 'contact'; text: string; undelivered: boolean }
  /** Something the flow did, as the contact would see it. */
  | { id: number; kind: 'step'; step: FlowSimulationStep }
  /** The run ended: finished, or aborted for `reason`. */
  | { id: number; kind: 'ended'; outcome: 'finished' | 'aborted'; reason: string | null }

/** One POST /flowbuilder/simulate to make: the graph and contact name are added when it is sent. */
export interface TestRequest {
  /** Tells its answer from a later request's (a restart, a new message after a failure). */
  seq: number
  state: FlowRunState | null
  event: TestEvent
  /** The contact line it carries, if it carries one (a skipped wait carries none). */
  lineId: number | null
}

/** Why the last request got no answer. */
export type TestFailure =
  /** The server found problems in the graph (ERR_FLOW_INVALID); `count` of them were marked. */
  | { kind: 'invalid'; count: number }
  /** Anything else: the network, the server, a session that ended. */
  | { kind: 'error'; message: string }

export interface Conversation {
  lines: ChatLine[]
  /** The run's state as the last answer left it; null before the first answer and after a restart. */
  run: FlowRunState | null
  /** The request in flight, or the one that failed (kept for a retry). */
  request: TestRequest | null
  /** Whether `request` is in flight. */
  sending: boolean
  failure: TestFailure | null
  /** The next line id and request seq. */
  next: number
}

/** A transition that sends a request. */
export interface Sending {
  conversation: Conversation
  request: TestRequest
}

export const initialConversation = (): Conversation => ({
  lines: [],
  run: null,
  request: null,
  sending: false,
  failure: null,
  next: 1,
})

/**
 * Starts over: an empty chat and no run. Ids keep counting, so that an answer to a request made
 * before cannot pass for one made after.
 */
export const restart = (conversation: Conversation): Conversation => ({
  ...initialConversation(),
  next: conversation.next,
})

/** A run that ended (or never began): the next message starts a new one. */
export const runEnded = (run: FlowRunState | null): boolean =>
  run === null || run.status === 'finished' || run.status === 'aborted'

/** A failed request given up for a new one: its contact line says it was not delivered. */
const abandonFailed = (conversation: Conversation): ChatLine[] => {
  const lineId = conversation.failure ? conversation.request?.lineId : null
  if (lineId === null || lineId === undefined) return conversation.lines
  return conversation.lines.map((line) =>
    line.id === lineId && line.kind === 'contact' ? { ...line, undelivered: true } : line,
  )
}

/**
 * The contact writes `text`: the first message of a run starts it (`start`), later ones answer
 * it (`input`). Null while a request is in flight, or for a blank text.
 */
export function sendText(conversation: Conversation, text: string): Sending | null {
  if (conversation.sending || text.trim() === '') return null
  const lineId = conversation.next
  const starts = runEnded(conversation.run)
  const request: TestRequest = {
    seq: conversation.next + 1,
    state: starts ? null : conversation.run,
    event: starts ? { kind: 'start', text } : { kind: 'input', text },
    lineId,
  }
  return {
    request,
    conversation: {
      ...conversation,
      lines: [
        ...abandonFailed(conversation),
        { id: lineId, kind: 'contact', text, undelivered: false },
      ],
      request,
      sending: true,
      failure: null,
      next: conversation.next + 2,
    },
  }
}

/** Whether the run waits for its timer and nothing is in flight: the wait may be skipped. */
export const canSkipWait = (conversation: Conversation): boolean =>
  !conversation.sending && conversation.run?.status === 'waiting_timer'

/** Skips the run's wait: the timer fires now. Null when the run waits for no timer. */
export function skipWait(conversation: Conversation): Sending | null {
  if (!canSkipWait(conversation)) return null
  const request: TestRequest = {
    seq: conversation.next,
    state: conversation.run,
    event: { kind: 'timer' },
    lineId: null,
  }
  return {
    request,
    conversation: {
      ...conversation,
      lines: abandonFailed(conversation),
      request,
      sending: true,
      failure: null,
      next: conversation.next + 1,
    },
  }
}

/** Sends the failed request again. Null when nothing failed. */
export function retry(conversation: Conversation): Sending | null {
  if (conversation.sending || !conversation.failure || !conversation.request) return null
  const request: TestRequest = { ...conversation.request, seq: conversation.next }
  return {
    request,
    conversation: {
      ...conversation,
      request,
      sending: true,
      failure: null,
      next: conversation.next + 1,
    },
  }
}

/** The server answered request `seq`: its steps join the chat, and an end says so. */
export function answered(
  conversation: Conversation,
  seq: number,
  response: SimulateFlowResponse,
): Conversation {
  if (!conversation.sending || conversation.request?.seq !== seq) return conversation
  let next = conversation.next
  const lines: ChatLine[] = [...conversation.lines]
  for (const step of response.steps) lines.push({ id: next++, kind: 'step', step })
  const { status } = response.state
  if (status === 'finished' || status === 'aborted')
    lines.push({
      id: next++,
      kind: 'ended',
      outcome: status,
      reason: status === 'aborted' ? response.reason : null,
    })
  return {
    lines,
    run: response.state,
    request: null,
    sending: false,
    failure: null,
    next,
  }
}

/** Request `seq` failed: the chat keeps it for a retry. */
export function failed(
  conversation: Conversation,
  seq: number,
  failure: TestFailure,
): Conversation {
  if (!conversation.sending || conversation.request?.seq !== seq) return conversation
  return { ...conversation, sending: false, failure }
}

/** The timer line whose wait may still be skipped: the last one, while the run waits for it. */
export function waitingTimerLine(conversation: Conversation): number | null {
  if (conversation.run?.status !== 'waiting_timer') return null
  // The answer that left it waiting ended with that timer; messages since changed nothing.
  const line = conversation.lines.findLast(
    (candidate) => candidate.kind === 'step' && candidate.step.kind === 'timer',
  )
  return line?.id ?? null
}

/** The block the run is in (or ended in), for the canvas to show; null when there is none. */
export const runBlock = (conversation: Conversation): string | null =>
  conversation.run?.nodeId ? conversation.run.nodeId : null
