import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { FlowProblem } from '@shared/contracts/flows'
import { errorMessage } from '@renderer/lib/notify'
import { readFlowProblems, simulateFlow } from '../api'
import { toFlowGraph, type CanvasGraph } from '../graph/block-node'
import {
  answered,
  failed,
  initialConversation,
  restart as restartConversation,
  retry as retryRequest,
  sendText,
  skipWait as skipTimer,
  type Conversation,
  type Sending,
  type TestRequest,
} from '../test-run/conversation'

export interface FlowTest {
  conversation: Conversation
  /** The simulated contact's name; blank leaves it to the server (the caller's name). */
  contactName: string
  setContactName: (name: string) => void
  /** The contact writes `text`; false when it was not taken (blank, or an answer is awaited). */
  send: (text: string) => boolean
  /** Fires the run's timer now instead of waiting. */
  skipWait: () => void
  /** Sends the failed request again, with the graph as it is now. */
  retry: () => void
  /** Clears the chat and the run. */
  restart: () => void
}

export interface FlowTestDeps {
  /** The canvas as it is now: each request runs the editor's graph, saved or not. */
  current: () => CanvasGraph
  /** Marks the blocks of a graph the server refused, as a refused save does. */
  showServer: (problems: FlowProblem[], graph: CanvasGraph) => void
}

/**
 * "Testar fluxo": the test's conversation (`test-run/conversation`) and its requests to
 * POST /flowbuilder/simulate. It outlives the panel, so closing and reopening keeps the chat.
 * Nothing is cached: each request belongs to the conversation, which drops a stale answer, and a
 * restart or leaving the editor cancels the one in flight.
 */
export function useFlowTest({ current, showServer }: FlowTestDeps): FlowTest {
  const [conversation, setConversation] = useState(initialConversation)
  const [contactName, setContactName] = useState('')
  const latest = useRef(conversation)
  latest.current = conversation
  const name = useRef(contactName)
  name.current = contactName
  const inFlight = useRef<AbortController | null>(null)

  useEffect(() => () => inFlight.current?.abort(), [])

  const execute = useCallback(
    async (request: TestRequest) => {
      inFlight.current?.abort()
      const controller = new AbortController()
      inFlight.current = controller
      const graph = current()
      const contact = name.current.trim()
      try {
        const response = await simulateFlow(
          {
            ...toFlowGraph(graph),
            state: request.state,
            event: request.event,
            ...(contact ? { contactName: contact } : {}),
          },
          controller.signal,
        )
        if (!controller.signal.aborted)
          setConversation((value) => answered(value, request.seq, response))
      } catch (error) {
        if (controller.signal.aborted) return
        const problems = readFlowProblems(error)
        if (problems && problems.length > 0) showServer(problems, current())
        setConversation((value) =>
          failed(
            value,
            request.seq,
            problems
              ? { kind: 'invalid', count: problems.length }
              : { kind: 'error', message: errorMessage(error) },
          ),
        )
      } finally {
        if (inFlight.current === controller) inFlight.current = null
      }
    },
    [current, showServer],
  )

  /** Applies a transition that sends, at once (a second key press sees it), then sends. */
  const start = useCallback(
    (sending: Sending | null) => {
      if (!sending) return false
      latest.current = sending.conversation
      setConversation(sending.conversation)
      void execute(sending.request)
      return true
    },
    [execute],
  )

  const send = useCallback((text: string) => start(sendText(latest.current, text)), [start])
  const skipWait = useCallback(() => void start(skipTimer(latest.current)), [start])
  const retry = useCallback(() => void start(retryRequest(latest.current)), [start])
  const restart = useCallback(() => {
    inFlight.current?.abort()
    inFlight.current = null
    const next = restartConversation(latest.current)
    latest.current = next
    setConversation(next)
  }, [])

  return useMemo(
    () => ({ conversation, contactName, setContactName, send, skipWait, retry, restart }),
    [conversation, contactName, send, skipWait, retry, restart],
  )
}
