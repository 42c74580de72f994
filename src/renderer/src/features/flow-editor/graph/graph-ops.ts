import { edgeHandle, newFlowNodeId, outputHandles } from '@shared/contracts/flows-rules'
import type { ArrowEdge, BlockNode, CanvasGraph } from './block-node'
import { toFlowNode } from './block-node'

/** The room between blocks placed by the editor, in canvas pixels. */
export const BLOCK_GAP = 48
/** A block's size before React Flow has measured it (a block just added or imported). */
export const DEFAULT_BLOCK_SIZE = { width: 260, height: 120 } as const

export const blockWidth = (node: BlockNode): number =>
  node.measured?.width ?? node.width ?? DEFAULT_BLOCK_SIZE.width

const unselected = (node: BlockNode): BlockNode =>
  node.selected ? { ...node, selected: false } : node

const blockHeight = (node: BlockNode): number =>
  node.measured?.height ?? node.height ?? DEFAULT_BLOCK_SIZE.height

/**
 * A spot for a new block near `wanted` where it overlaps no block: the first free one going
 * right, then down, a block and a gap at a time, so blocks added one after another sit side by
 * side instead of hiding each other.
 */
export function freeSpot(
  nodes: readonly BlockNode[],
  wanted: { x: number; y: number },
): { x: number; y: number } {
  const { width, height } = DEFAULT_BLOCK_SIZE
  const free = (x: number, y: number) =>
    nodes.every(
      (node) =>
        x + width + BLOCK_GAP <= node.position.x ||
        x >= node.position.x + blockWidth(node) + BLOCK_GAP ||
        y + height + BLOCK_GAP <= node.position.y ||
        y >= node.position.y + blockHeight(node) + BLOCK_GAP,
    )
  // A block blocks at most four spots of the grid: 2√n + 2 a side leaves one free.
  const rows = Math.ceil(2 * Math.sqrt(nodes.length)) + 1
  for (let row = 0; row <= rows; row++)
    for (let column = 0; column <= rows; column++) {
      const x = wanted.x + column * (width + BLOCK_GAP)
      const y = wanted.y + row * (height + BLOCK_GAP)
      if (free(x, y)) return { x, y }
    }
  return { x: wanted.x, y: wanted.y + (rows + 1) * (height + BLOCK_GAP) }
}

/** The graph with `node` added, and selected alone so that it stands out. */
export const addBlock = (nodes: readonly BlockNode[], node: BlockNode): BlockNode[] => [
  ...nodes.map(unselected),
  { ...node, selected: true },
]

/** A block's data copied, its content cards with new ids (a card id names it in its block). */
function copyData(node: BlockNode, makeId: () => string): BlockNode['data'] {
  if (node.type !== 'singleBlock') return structuredClone(node.data)
  const ids = new Map(
    node.data.elements.map((element) => [element.number, `${element.type}${makeId()}`]),
  )
  return {
    seq: node.data.seq.map((id) => ids.get(id) ?? id),
    elements: node.data.elements.map((element) => ({
      ...structuredClone(element),
      number: ids.get(element.number) ?? element.number,
    })),
  }
}

/**
 * A copy of block `id` placed to the right of the rightmost block (002 §4.2), at the original's
 * height, with new ids and without arrows; the copy is selected alone. Null when there is no
 * such block.
 */
export function duplicateBlock(
  nodes: readonly BlockNode[],
  id: string,
  makeId: () => string = newFlowNodeId,
): { nodes: BlockNode[]; copy: BlockNode } | null {
  const original = nodes.find((node) => node.id === id)
  if (!original) return null
  const right = Math.max(...nodes.map((node) => node.position.x + blockWidth(node)))
  // The copy has the original's type and a copy of its data: the union's correlation, which
  // TypeScript cannot follow through separate fields.
  const copy = {
    id: makeId(),
    type: original.type,
    position: { x: right + BLOCK_GAP, y: original.position.y },
    data: copyData(original, makeId),
  } as BlockNode
  return { nodes: addBlock(nodes, copy), copy }
}

/** The graph without the blocks `ids` and every arrow from or to them (002 §4.2). */
export function removeBlocks(graph: CanvasGraph, ids: Iterable<string>): CanvasGraph {
  const gone = new Set(ids)
  return {
    nodes: graph.nodes.filter((node) => !gone.has(node.id)),
    edges: graph.edges.filter((edge) => !gone.has(edge.source) && !gone.has(edge.target)),
  }
}

/** An arrow to draw: from a block's output (unnamed for an only output) into a block. */
export interface ArrowRequest {
  source: string
  sourceHandle?: string | null
  target: string
}

/** Why an arrow cannot be drawn, or null when it can. */
export type ArrowRefusal = 'noSource' | 'noTarget' | 'noOutput' | 'intoStart' | 'toItself'

/** Whether `connection` may be drawn: from an output the block has, into another non-start block. */
export function arrowRefusal(
  nodes: readonly BlockNode[],
  connection: ArrowRequest,
): ArrowRefusal | null {
  const source = nodes.find((node) => node.id === connection.source)
  if (!source) return 'noSource'
  const target = nodes.find((node) => node.id === connection.target)
  if (!target) return 'noTarget'
  if (target.type === 'start') return 'intoStart'
  if (source.id === target.id) return 'toItself'
  const handle = edgeHandle(toFlowNode(source), connection.sourceHandle ?? null)
  if (handle === null || !outputHandles(toFlowNode(source)).includes(handle)) return 'noOutput'
  return null
}

/** The output an arrow leaves its block by, an unnamed only output read as `a`. */
const outputOf = (
  blocks: ReadonlyMap<string, BlockNode>,
  edge: Pick<ArrowEdge, 'source' | 'sourceHandle'>,
) => {
  const source = blocks.get(edge.source)
  return source ? edgeHandle(toFlowNode(source), edge.sourceHandle ?? null) : null
}

/**
 * The arrows with `connection` drawn. An output takes one arrow: the one it had is replaced.
 * Null when the arrow may not be drawn (see `arrowRefusal`).
 */
export function connectOutput(
  nodes: readonly BlockNode[],
  edges: readonly ArrowEdge[],
  connection: ArrowRequest,
): ArrowEdge[] | null {
  if (arrowRefusal(nodes, connection) !== null) return null
  const blocks = new Map(nodes.map((node) => [node.id, node]))
  const handle = outputOf(blocks, connection)!
  const kept = edges.filter(
    (edge) => edge.source !== connection.source || outputOf(blocks, edge) !== handle,
  )
  const base = `edge-${connection.source}-${handle}-${connection.target}`
  let id = base
  for (let n = 2; kept.some((edge) => edge.id === id); n++) id = `${base}-${n}`
  return [
    ...kept,
    {
      id,
      source: connection.source,
      sourceHandle: handle,
      target: connection.target,
      targetHandle: null,
    },
  ]
}

/** The arrows still leaving `node` by an output it has (a menu option removed takes its arrow). */
export function keepExistingOutputs(node: BlockNode, edges: readonly ArrowEdge[]): ArrowEdge[] {
  const outputs = new Set(outputHandles(toFlowNode(node)))
  return edges.filter((edge) => {
    if (edge.source !== node.id) return true
    const handle = edgeHandle(toFlowNode(node), edge.sourceHandle ?? null)
    return handle !== null && outputs.has(handle)
  })
}

/** The blocks with block `id`'s data replaced. */
export const updateBlockData = (
  nodes: readonly BlockNode[],
  id: string,
  data: BlockNode['data'],
): BlockNode[] => nodes.map((node) => (node.id === id ? ({ ...node, data } as BlockNode) : node))

/** The blocks with only `id` selected (a problem clicked, a block found). */
export const selectOnly = (nodes: readonly BlockNode[], id: string): BlockNode[] =>
  nodes.map((node) => {
    const selected = node.id === id
    return Boolean(node.selected) === selected ? node : { ...node, selected }
  })

/** The arrows with none selected; used with `selectOnly`. */
export const unselectArrows = (edges: readonly ArrowEdge[]): ArrowEdge[] =>
  edges.map((edge) => (edge.selected ? { ...edge, selected: false } : edge))
