import { describe, expect, it } from 'vitest'
import type { FlowRunState, SimulateFlowResponse } from '@shared/contracts/flows'
import {
  answered,
  canSkipWait,
  failed,
  initialConversation,
  restart,
  retry,
  runBlock,
  runEnded,
  sendText,
  skipWait,
  waitingTimerLine,
  type Conversation,
  type Sending,
} from './conversation'

const state = (status: FlowRunState['status'], nodeId: string): FlowRunState => ({
  status,
  nodeId,
  elementIndex: 0,
  variables: { message: 'oi' },
  invalidAttempts: 0,
})

const MENU_ANSWER: SimulateFlowResponse = {
  state: state('waiting_input', 'menu'),
  steps: [{ kind: 'text', text: 'Escolha:\n[1] Vendas\n[2] Suporte' }],
  reason: null,
}

/** Asserts that a transition sent a request. */
const sent = (sending: Sending | null): Sending => {
  expect(sending).not.toBeNull()
  return sending!
}

/** The conversation after the first message was answered with the menu. */
const atMenu = (): Conversation => {
  const { conversation, request } = sent(sendText(initialConversation(), 'oi'))
  return answered(conversation, request.seq, MENU_ANSWER)
}

describe('test conversation: start', () => {
  it('starts a run with the first message, the contact line shown at once', () => {
    const { conversation, request } = sent(sendText(initialConversation(), 'oi\ntudo bem?'))
    expect(request).toMatchObject({ state: null, event: { kind: 'start', text: 'oi\ntudo bem?' } })
    expect(conversation.lines).toEqual([
      { id: request.lineId, kind: 'contact', text: 'oi\ntudo bem?', undelivered: false },
    ])
    expect(conversation.sending).toBe(true)
    expect(conversation.run).toBeNull()
  })

  it('sends nothing blank, and nothing while an answer is awaited', () => {
    expect(sendText(initialConversation(), '  \n ')).toBeNull()
    const { conversation } = sent(sendText(initialConversation(), 'oi'))
    expect(sendText(conversation, 'de novo')).toBeNull()
  })

  it('adds the answer’s steps in order and keeps the run’s state', () => {
    const conversation = atMenu()
    expect(conversation.sending).toBe(false)
    expect(conversation.run).toEqual(MENU_ANSWER.state)
    expect(conversation.lines.map((line) => line.kind)).toEqual(['contact', 'step'])
    expect(conversation.lines[1]).toMatchObject({ step: MENU_ANSWER.steps[0] })
    expect(runBlock(conversation)).toBe('menu')
  })
})

describe('test conversation: input', () => {
  it('answers the running flow with the state the last answer gave', () => {
    const { conversation, request } = sent(sendText(atMenu(), '1'))
    expect(request).toMatchObject({ state: MENU_ANSWER.state, event: { kind: 'input', text: '1' } })
    expect(conversation.lines.at(-1)).toMatchObject({ kind: 'contact', text: '1' })
  })

  it('drops an answer to a request that is no longer the current one', () => {
    const { conversation, request } = sent(sendText(initialConversation(), 'oi'))
    const fresh = restart(conversation)
    expect(answered(fresh, request.seq, MENU_ANSWER)).toBe(fresh)
    // A new request after the restart never takes the old one's number.
    const again = sent(sendText(fresh, 'olá'))
    expect(again.request.seq).not.toBe(request.seq)
    expect(answered(again.conversation, request.seq, MENU_ANSWER)).toBe(again.conversation)
  })
})

describe('test conversation: timer', () => {
  const waiting = (): Conversation => {
    const { conversation, request } = sent(sendText(initialConversation(), 'oi'))
    return answered(conversation, request.seq, {
      state: state('waiting_timer', 'wait'),
      steps: [
        { kind: 'text', text: 'Um momento' },
        { kind: 'timer', seconds: 30 },
      ],
      reason: null,
    })
  }

  it('offers to skip the last wait while the run is in it', () => {
    const conversation = waiting()
    expect(canSkipWait(conversation)).toBe(true)
    expect(waitingTimerLine(conversation)).toBe(conversation.lines.at(-1)!.id)
    expect(canSkipWait(atMenu())).toBe(false)
    expect(waitingTimerLine(atMenu())).toBeNull()
    expect(skipWait(atMenu())).toBeNull()
  })

  it('skips a wait with the timer event and no contact line', () => {
    const before = waiting()
    const { conversation, request } = sent(skipWait(before))
    expect(request).toMatchObject({ state: before.run, event: { kind: 'timer' }, lineId: null })
    expect(conversation.lines).toEqual(before.lines)
    expect(canSkipWait(conversation)).toBe(false)
    const after = answered(conversation, request.seq, MENU_ANSWER)
    expect(waitingTimerLine(after)).toBeNull()
    expect(after.lines.at(-1)).toMatchObject({ step: MENU_ANSWER.steps[0] })
  })
})

describe('test conversation: the end', () => {
  it('says the run finished, and the next message starts a new run', () => {
    const { conversation, request } = sent(sendText(atMenu(), '2'))
    const ended = answered(conversation, request.seq, {
      state: state('finished', 'ticket'),
      steps: [{ kind: 'queue', queueName: 'Suporte' }],
      reason: null,
    })
    expect(ended.lines.at(-1)).toMatchObject({ kind: 'ended', outcome: 'finished', reason: null })
    expect(runEnded(ended.run)).toBe(true)
    const next = sent(sendText(ended, 'oi de novo'))
    expect(next.request).toMatchObject({ state: null, event: { kind: 'start' } })
  })

  it('says why an aborted run ended', () => {
    const { conversation, request } = sent(sendText(atMenu(), 'x'))
    const ended = answered(conversation, request.seq, {
      state: state('aborted', 'menu'),
      steps: [],
      reason: 'invalidAnswers',
    })
    expect(ended.lines.at(-1)).toMatchObject({
      kind: 'ended',
      outcome: 'aborted',
      reason: 'invalidAnswers',
    })
    expect(sent(sendText(ended, 'oi')).request.event.kind).toBe('start')
  })
})

describe('test conversation: failures and restart', () => {
  it('keeps a failed request for a retry, which sends it again', () => {
    const first = sent(sendText(atMenu(), '1'))
    const broken = failed(first.conversation, first.request.seq, {
      kind: 'error',
      message: 'Sem conexão',
    })
    expect(broken).toMatchObject({ sending: false, failure: { kind: 'error' } })
    const again = sent(retry(broken))
    expect(again.request).toMatchObject({ state: first.request.state, event: first.request.event })
    expect(again.request.seq).not.toBe(first.request.seq)
    expect(again.conversation).toMatchObject({ sending: true, failure: null })
    // The contact's line is not repeated.
    expect(again.conversation.lines).toEqual(first.conversation.lines)
    // A late failure of the first attempt does not undo the retry.
    expect(failed(again.conversation, first.request.seq, { kind: 'invalid', count: 1 })).toBe(
      again.conversation,
    )
    expect(retry(again.conversation)).toBeNull()
  })

  it('gives up a failed message for a new one, from the last state answered', () => {
    const first = sent(sendText(atMenu(), '1'))
    const broken = failed(first.conversation, first.request.seq, { kind: 'invalid', count: 2 })
    const next = sent(sendText(broken, '2'))
    expect(next.request).toMatchObject({ state: MENU_ANSWER.state, event: { text: '2' } })
    expect(next.conversation.lines.filter((line) => line.kind === 'contact')).toEqual([
      expect.objectContaining({ text: 'oi', undelivered: false }),
      expect.objectContaining({ text: '1', undelivered: true }),
      expect.objectContaining({ text: '2', undelivered: false }),
    ])
    expect(next.conversation.failure).toBeNull()
  })

  it('restarts to an empty chat with no run', () => {
    const conversation = restart(atMenu())
    expect(conversation).toMatchObject({
      lines: [],
      run: null,
      request: null,
      sending: false,
      failure: null,
    })
    expect(runBlock(conversation)).toBeNull()
    expect(sent(sendText(conversation, 'oi')).request.event.kind).toBe('start')
  })
})
