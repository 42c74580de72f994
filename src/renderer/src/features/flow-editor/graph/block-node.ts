import type { Edge, Node } from '@xyflow/react'
import type {
  FlowEdge,
  FlowGraph,
  FlowNode,
  FlowNodeDataOf,
  FlowNodeType,
} from '@shared/contracts/flows'

/**
 * A block as the canvas holds it: the saved fields (id, type, position, data) plus what React
 * Flow adds while editing (measured size, selection, dragging), which saving leaves out.
 */
export type BlockNode<T extends FlowNodeType = FlowNodeType> = {
  [K in T]: Node<FlowNodeDataOf<K>, K>
}[T]

/** What a block is and says, without where it is: enough to name it and its outputs. */
export type BlockContent = {
  [K in FlowNodeType]: { type: K; data: FlowNodeDataOf<K> }
}[FlowNodeType]

/** An arrow as the canvas holds it. */
export type ArrowEdge = Edge

/** The canvas's blocks and arrows. */
export interface CanvasGraph {
  nodes: BlockNode[]
  edges: ArrowEdge[]
}

/** A saved block on the canvas, with nothing of the saved copy shared. */
export const toBlockNode = (node: FlowNode): BlockNode =>
  // Each member of FlowNode is a member of BlockNode with the same type; TypeScript cannot
  // follow that correlation through a spread of the union.
  ({
    id: node.id,
    type: node.type,
    position: { x: node.position.x, y: node.position.y },
    data: structuredClone(node.data),
  }) as BlockNode

export const toArrowEdge = (edge: FlowEdge): ArrowEdge => ({
  id: edge.id,
  source: edge.source,
  sourceHandle: edge.sourceHandle,
  target: edge.target,
  targetHandle: edge.targetHandle,
})

/** A saved graph as the canvas draws it. */
export const toCanvasGraph = (graph: FlowGraph): CanvasGraph => ({
  nodes: graph.nodes.map(toBlockNode),
  edges: graph.connections.map(toArrowEdge),
})

/** A block as it is saved: React Flow's extras (size, selection, dragging…) left out. */
export const toFlowNode = (node: BlockNode): FlowNode =>
  // See toBlockNode: the same correlation, the other way.
  ({
    id: node.id,
    type: node.type,
    // Whole pixels: a drag leaves fractions nobody sees.
    position: { x: Math.round(node.position.x), y: Math.round(node.position.y) },
    data: node.data,
  }) as FlowNode

export const toFlowEdge = (edge: ArrowEdge): FlowEdge => ({
  id: edge.id,
  source: edge.source,
  sourceHandle: edge.sourceHandle ?? null,
  target: edge.target,
  targetHandle: edge.targetHandle ?? null,
})

/** What POST /flowbuilder/flow takes (with the flow's id): the canvas without editor extras. */
export const toFlowGraph = ({ nodes, edges }: CanvasGraph): FlowGraph => ({
  nodes: nodes.map(toFlowNode),
  connections: edges.map(toFlowEdge),
})
