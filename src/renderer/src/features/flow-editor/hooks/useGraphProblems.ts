import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { FlowProblem } from '@shared/contracts/flows'
import type { CanvasGraph } from '../graph/block-node'
import {
  currentProblems,
  problemsByBlock,
  serverFindings,
  type ServerFindings,
} from '../graph/problems'
import { ProblemMarks } from '../components/nodes/problem-marks'

/** How long the canvas rests before its problems are looked for again (drags change it often). */
const RECHECK_DELAY_MS = 250

export interface GraphProblems {
  /** What each block shows, for `ProblemMarksContext`. */
  marks: ProblemMarks
  /** The problems listed, or null before a save found any. */
  problems: FlowProblem[] | null
  /** Looks for problems now (a save): the list, empty when the graph may be saved. */
  check: (graph: CanvasGraph) => FlowProblem[]
  /** Shows the problems of a save the server refused (ERR_FLOW_INVALID). */
  showServer: (problems: FlowProblem[], graph: CanvasGraph) => void
  /** Forgets every problem (a successful save). */
  clear: () => void
}

/**
 * The problems the blocks show. None until a save finds some; from then on they follow the
 * canvas, a moment after it changes, so that a fixed block loses its mark without another save.
 */
export function useGraphProblems(graph: CanvasGraph): GraphProblems {
  const marks = useMemo(() => new ProblemMarks(), [])
  const [problems, setProblems] = useState<FlowProblem[] | null>(null)
  const server = useRef<ServerFindings | null>(null)

  const show = useCallback(
    (list: FlowProblem[], edges: CanvasGraph['edges']) => {
      setProblems(list)
      marks.set(problemsByBlock(list, edges))
    },
    [marks],
  )

  const check = useCallback(
    (current: CanvasGraph) => {
      const list = currentProblems(current, server.current)
      show(list, current.edges)
      return list
    },
    [show],
  )

  const showServer = useCallback(
    (list: FlowProblem[], current: CanvasGraph) => {
      server.current = serverFindings(list, current.nodes)
      show(list, current.edges)
    },
    [show],
  )

  const clear = useCallback(() => {
    server.current = null
    setProblems(null)
    marks.set(new Map())
  }, [marks])

  const watching = problems !== null
  const { nodes, edges } = graph
  useEffect(() => {
    if (!watching) return
    const timer = window.setTimeout(() => check({ nodes, edges }), RECHECK_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [watching, nodes, edges, check])

  return { marks, problems, check, showServer, clear }
}
