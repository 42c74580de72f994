import { describe, expect, it } from 'vitest'
import type { FlowGraph } from '@shared/contracts/flows'
import { exportFileName, exportFileText, parseFlowImport } from './import-export'

const graph: FlowGraph = {
  nodes: [
    { id: 'start1', type: 'start', position: { x: 0, y: 0 }, data: { label: 'Inicio do fluxo' } },
    { id: 'wait1', type: 'interval', position: { x: 300, y: 0 }, data: { sec: 5 } },
    { id: 'img1', type: 'img', position: { x: 600, y: 0 }, data: { url: 'flow/a.png' } },
  ],
  connections: [
    { id: 'e1', source: 'start1', sourceHandle: 'a', target: 'wait1', targetHandle: null },
  ],
}

describe('export', () => {
  it('writes the name, the blocks and the arrows, and reads back as the same graph', () => {
    const text = exportFileText('Boas-vindas', graph)
    expect(JSON.parse(text)).toEqual({ name: 'Boas-vindas', ...graph })
    expect(parseFlowImport(text)).toEqual({ ok: true, graph, name: 'Boas-vindas' })
  })

  it('names the file after the flow without characters a file system refuses', () => {
    expect(exportFileName('Vendas: 2024/25?')).toBe('Vendas 2024 25.json')
    expect(exportFileName(' / ')).toBe('flow.json')
  })
})

describe('parseFlowImport', () => {
  it('refuses a file that is not JSON', () => {
    expect(parseFlowImport('{nodes:')).toEqual({ ok: false, reason: 'notJson' })
  })

  it.each([
    ['an array', '[]'],
    ['no arrows', JSON.stringify({ nodes: graph.nodes })],
    [
      'an unknown block type',
      JSON.stringify({ ...graph, nodes: [{ ...graph.nodes[0], type: 'pdf' }] }),
    ],
    [
      'seconds written as text',
      JSON.stringify({
        ...graph,
        nodes: [{ id: 'w', type: 'interval', position: { x: 0, y: 0 }, data: { sec: '5' } }],
      }),
    ],
    [
      'an arrow without a target',
      JSON.stringify({ ...graph, connections: [{ id: 'e', source: 'a', sourceHandle: null }] }),
    ],
  ])('refuses %s', (_case, text) => {
    expect(parseFlowImport(text)).toEqual({ ok: false, reason: 'notFlow' })
  })

  it('takes a graph without a name and leaves out what the schema does not name', () => {
    const withExtras = {
      nodes: graph.nodes.map((node) => ({
        ...node,
        selected: true,
        width: 200,
        positionAbsolute: { x: 1, y: 2 },
        data: { ...node.data, extra: 'x' },
      })),
      connections: graph.connections.map((edge) => ({ ...edge, animated: true })),
    }
    const result = parseFlowImport(JSON.stringify(withExtras))
    expect(result).toEqual({ ok: true, graph, name: null })
  })
})
