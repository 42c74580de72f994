import { describe, expect, it } from 'vitest'
import type { FlowGraph } from '@shared/contracts/flows'
import type { ArrowEdge, BlockNode } from './block-node'
import { toCanvasGraph, toFlowGraph } from './block-node'

describe('toFlowGraph: what a save sends', () => {
  it('keeps id, type, position and data of a block and leaves React Flow’s extras out', () => {
    const nodes = [
      {
        id: 'start',
        type: 'start',
        position: { x: 10.4, y: -20.6 },
        data: { label: 'Inicio do fluxo' },
        measured: { width: 200, height: 80 },
        width: 200,
        selected: true,
        dragging: false,
        className: 'x',
      },
    ] as BlockNode[]
    const edges: ArrowEdge[] = [
      {
        id: 'e1',
        source: 'start',
        sourceHandle: 'a',
        target: 'next',
        selected: true,
        animated: true,
        markerEnd: 'arrow',
      },
    ]
    expect(toFlowGraph({ nodes, edges })).toEqual({
      nodes: [
        {
          id: 'start',
          type: 'start',
          position: { x: 10, y: -21 },
          data: { label: 'Inicio do fluxo' },
        },
      ],
      connections: [
        { id: 'e1', source: 'start', sourceHandle: 'a', target: 'next', targetHandle: null },
      ],
    })
  })

  it('gives back a saved graph unchanged after a round trip through the canvas', () => {
    const graph: FlowGraph = {
      nodes: [
        { id: 's', type: 'start', position: { x: 0, y: 0 }, data: { label: 'Inicio do fluxo' } },
        {
          id: 'm',
          type: 'menu',
          position: { x: 300, y: 0 },
          data: { message: 'Olá', arrayOption: [{ number: 1, value: 'Sim' }] },
        },
      ],
      connections: [{ id: 'e', source: 's', sourceHandle: null, target: 'm', targetHandle: null }],
    }
    const canvas = toCanvasGraph(graph)
    expect(canvas.nodes[1]!.data).not.toBe(graph.nodes[1]!.data)
    expect(toFlowGraph(canvas)).toEqual(graph)
  })
})
