import type { FlowProblem, FlowProblemCode } from '@shared/contracts/flows'
import { flowGraphProblems } from '@shared/contracts/flows-rules'
import type { ArrowEdge, BlockContent, BlockNode, CanvasGraph } from './block-node'
import { toFlowGraph } from './block-node'

/** Problems only the server can find (the company's media and queues). */
const SERVER_ONLY: ReadonlySet<FlowProblemCode> = new Set(['unknownMedia', 'unknownQueue'])

/** A server refusal's problems that this client cannot check, with each block's data as it was. */
export interface ServerFindings {
  problems: FlowProblem[]
  /** The data of each block named, when the server answered: a change of it may fix the problem. */
  dataAt: ReadonlyMap<string, BlockNode['data']>
}

/** What to keep of a server refusal to show again while the graph changes. */
export function serverFindings(problems: readonly FlowProblem[], nodes: readonly BlockNode[]) {
  const kept = problems.filter((problem) => SERVER_ONLY.has(problem.problem))
  const named = new Set(kept.flatMap((problem) => (problem.nodeId ? [problem.nodeId] : [])))
  const dataAt = new Map(
    nodes.filter((node) => named.has(node.id)).map((node) => [node.id, node.data] as const),
  )
  return { problems: kept, dataAt } satisfies ServerFindings
}

/**
 * The graph's problems now: the save's own validation (`flowGraphProblems`, which the server
 * runs too), plus the server's findings on blocks left as they were (a block edited since may
 * have been fixed; the next save will tell).
 */
export function currentProblems(graph: CanvasGraph, server: ServerFindings | null): FlowProblem[] {
  const problems = flowGraphProblems(toFlowGraph(graph))
  if (!server) return problems
  const blocks = new Map(graph.nodes.map((node) => [node.id, node]))
  const standing = server.problems.filter((problem) => {
    if (!problem.nodeId) return false
    const node = blocks.get(problem.nodeId)
    return node !== undefined && node.data === server.dataAt.get(problem.nodeId)
  })
  return [...problems, ...standing]
}

/**
 * Problems by the block they mark: their own block, or for an arrow without one, the block the
 * arrow leaves. Problems of the whole graph (no start block) mark none.
 */
export function problemsByBlock(
  problems: readonly FlowProblem[],
  edges: readonly ArrowEdge[],
): Map<string, FlowProblem[]> {
  const sources = new Map(edges.map((edge) => [edge.id, edge.source]))
  const byBlock = new Map<string, FlowProblem[]>()
  for (const problem of problems) {
    const blockId = problem.nodeId ?? (problem.edgeId ? sources.get(problem.edgeId) : undefined)
    if (blockId === undefined) continue
    byBlock.set(blockId, [...(byBlock.get(blockId) ?? []), problem])
  }
  return byBlock
}

/** The block a problem points at, if any (see `problemsByBlock`). */
export const problemBlockId = (
  problem: FlowProblem,
  edges: readonly ArrowEdge[],
): string | undefined =>
  problem.nodeId ??
  (problem.edgeId ? edges.find((edge) => edge.id === problem.edgeId)?.source : undefined)

/**
 * The `flowEditor` key of a problem's text. An interval block names which limit it broke with
 * the spec's two messages (002 §5): none given, or above 120 s.
 */
export function problemMessageKey(problem: FlowProblem, node: BlockContent | undefined): string {
  if (problem.problem === 'intervalRange' && node?.type === 'interval')
    return node.data.sec > 0 ? 'problems.intervalMax' : 'problems.intervalMissing'
  return `problems.${problem.problem}`
}
