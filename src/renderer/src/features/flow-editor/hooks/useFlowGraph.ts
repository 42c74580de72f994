import {
  applyEdgeChanges,
  applyNodeChanges,
  type Connection,
  type EdgeChange,
  type NodeChange,
} from '@xyflow/react'
import { useCallback, useMemo, useRef, useState } from 'react'
import type { FlowGraph } from '@shared/contracts/flows'
import { createBlock } from '../graph/block-defaults'
import {
  toCanvasGraph,
  type ArrowEdge,
  type BlockNode,
  type CanvasGraph,
} from '../graph/block-node'
import {
  addBlock,
  arrowRefusal,
  connectOutput,
  duplicateBlock,
  keepExistingOutputs,
  removeBlocks,
  selectOnly,
  unselectArrows,
  updateBlockData,
} from '../graph/graph-ops'

/** A flow never saved starts with its start block (002 §2.15). */
const initialGraph = (graph: FlowGraph | null): CanvasGraph =>
  graph ? toCanvasGraph(graph) : { nodes: [createBlock('start', { x: 0, y: 0 })], edges: [] }

/** Changes that alter what a save would send (not selection, measuring, or a drag's start). */
const changesBlocks = (changes: readonly NodeChange<BlockNode>[]) =>
  changes.some(
    (change) =>
      change.type === 'remove' ||
      change.type === 'add' ||
      change.type === 'replace' ||
      (change.type === 'position' && change.position !== undefined),
  )
const changesArrows = (changes: readonly EdgeChange<ArrowEdge>[]) =>
  changes.some((change) => change.type !== 'select')

export interface FlowGraphState {
  nodes: BlockNode[]
  edges: ArrowEdge[]
  /** Counts the changes made since the editor opened: a save remembers the one it sent. */
  revision: number
  /** Whether the canvas differs from the last save (or the load). */
  dirty: boolean
  /** The canvas as it is now, read from callbacks without re-creating them. */
  current: () => CanvasGraph
  onNodesChange: (changes: NodeChange<BlockNode>[]) => void
  onEdgesChange: (changes: EdgeChange<ArrowEdge>[]) => void
  onConnect: (connection: Connection) => void
  add: (node: BlockNode) => void
  duplicate: (id: string) => void
  remove: (id: string) => void
  setData: (id: string, data: BlockNode['data']) => void
  select: (id: string) => void
  replace: (graph: FlowGraph) => void
  /** The save of `revision` succeeded. */
  markSaved: (revision: number) => void
}

/**
 * The canvas's blocks and arrows, changed only through React Flow's change handlers and the
 * pure operations of `graph-ops`; every callback is stable, so memoised blocks and the canvas's
 * props do not change with each render.
 */
export function useFlowGraph(saved: FlowGraph | null): FlowGraphState {
  const [graph, setGraph] = useState(() => initialGraph(saved))
  const [revision, setRevision] = useState(0)
  const [savedRevision, setSavedRevision] = useState(0)
  const latest = useRef(graph)
  latest.current = graph

  const change = useCallback((next: (graph: CanvasGraph) => CanvasGraph, edits: boolean) => {
    setGraph(next)
    if (edits) setRevision((value) => value + 1)
  }, [])

  const onNodesChange = useCallback(
    (changes: NodeChange<BlockNode>[]) =>
      change(
        (current) => ({ ...current, nodes: applyNodeChanges(changes, current.nodes) }),
        changesBlocks(changes),
      ),
    [change],
  )
  const onEdgesChange = useCallback(
    (changes: EdgeChange<ArrowEdge>[]) =>
      change(
        (current) => ({ ...current, edges: applyEdgeChanges(changes, current.edges) }),
        changesArrows(changes),
      ),
    [change],
  )
  const onConnect = useCallback(
    (connection: Connection) => {
      if (arrowRefusal(latest.current.nodes, connection) !== null) return
      change((current) => {
        const edges = connectOutput(current.nodes, current.edges, connection)
        return edges ? { ...current, edges } : current
      }, true)
    },
    [change],
  )
  const add = useCallback(
    (node: BlockNode) =>
      change(
        (current) => ({
          nodes: addBlock(current.nodes, node),
          edges: unselectArrows(current.edges),
        }),
        true,
      ),
    [change],
  )
  const duplicate = useCallback(
    (id: string) => {
      if (!latest.current.nodes.some((node) => node.id === id)) return
      change((current) => {
        const result = duplicateBlock(current.nodes, id)
        return result ? { ...current, nodes: result.nodes } : current
      }, true)
    },
    [change],
  )
  const remove = useCallback(
    (id: string) => change((current) => removeBlocks(current, [id]), true),
    [change],
  )
  const setData = useCallback(
    (id: string, data: BlockNode['data']) =>
      change((current) => {
        const nodes = updateBlockData(current.nodes, id, data)
        const node = nodes.find((candidate) => candidate.id === id)
        return { nodes, edges: node ? keepExistingOutputs(node, current.edges) : current.edges }
      }, true),
    [change],
  )
  const select = useCallback(
    (id: string) =>
      change(
        (current) => ({
          nodes: selectOnly(current.nodes, id),
          edges: unselectArrows(current.edges),
        }),
        false,
      ),
    [change],
  )
  const replace = useCallback(
    (next: FlowGraph) => change(() => toCanvasGraph(next), true),
    [change],
  )
  const markSaved = useCallback((saved: number) => setSavedRevision(saved), [])
  const current = useCallback(() => latest.current, [])

  return useMemo(
    () => ({
      nodes: graph.nodes,
      edges: graph.edges,
      revision,
      dirty: revision !== savedRevision,
      current,
      onNodesChange,
      onEdgesChange,
      onConnect,
      add,
      duplicate,
      remove,
      setData,
      select,
      replace,
      markSaved,
    }),
    [
      graph,
      revision,
      savedRevision,
      current,
      onNodesChange,
      onEdgesChange,
      onConnect,
      add,
      duplicate,
      remove,
      setData,
      select,
      replace,
      markSaved,
    ],
  )
}
