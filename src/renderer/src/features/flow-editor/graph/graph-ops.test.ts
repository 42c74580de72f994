import { describe, expect, it } from 'vitest'
import type { FlowNodeDataOf, FlowNodeType } from '@shared/contracts/flows'
import type { ArrowEdge, BlockNode } from './block-node'
import {
  BLOCK_GAP,
  DEFAULT_BLOCK_SIZE,
  addBlock,
  arrowRefusal,
  connectOutput,
  duplicateBlock,
  freeSpot,
  keepExistingOutputs,
  removeBlocks,
  selectOnly,
  updateBlockData,
} from './graph-ops'

const block = <T extends FlowNodeType>(
  id: string,
  type: T,
  data: FlowNodeDataOf<T>,
  extras: Partial<BlockNode> = {},
): BlockNode => ({ id, type, position: { x: 0, y: 0 }, data, ...extras }) as unknown as BlockNode

const arrow = (source: string, sourceHandle: string | null, target: string): ArrowEdge => ({
  id: `${source}-${sourceHandle}-${target}`,
  source,
  sourceHandle,
  target,
  targetHandle: null,
})

const start = block('start', 'start', { label: 'Inicio do fluxo' })
const menu = block('menu', 'menu', {
  message: 'Escolha',
  arrayOption: [
    { number: 1, value: 'Vendas' },
    { number: 2, value: 'Suporte' },
  ],
})
const condition = block('cond', 'condition', { key: 'name', condition: 1, value: 'Ana' })
const ticket = block('ticket', 'ticket', { id: 3, name: 'Suporte' })
const interval = block('wait', 'interval', { sec: 5 })

describe('addBlock', () => {
  it('adds the block selected alone', () => {
    const before = [{ ...start, selected: true }, menu]
    const after = addBlock(before, interval)
    expect(after.map((node) => [node.id, Boolean(node.selected)])).toEqual([
      ['start', false],
      ['menu', false],
      ['wait', true],
    ])
  })
})

describe('freeSpot', () => {
  it('keeps a free spot, and otherwise takes the next one to the right where nothing overlaps', () => {
    const placed = { ...start, position: { x: 0, y: 0 }, measured: { width: 200, height: 80 } }
    expect(freeSpot([placed], { x: 500, y: 500 })).toEqual({ x: 500, y: 500 })
    const beside = { x: DEFAULT_BLOCK_SIZE.width + BLOCK_GAP, y: 0 }
    expect(freeSpot([placed], { x: 0, y: 0 })).toEqual(beside)
    const both = [placed, { ...menu, position: beside }]
    expect(freeSpot(both, { x: 0, y: 0 })).toEqual({ x: 2 * beside.x, y: 0 })
  })

  it('always finds a spot clear of every block, however crowded', () => {
    const crowd = Array.from({ length: 60 }, (_, index) => ({
      ...menu,
      id: `m${index}`,
      position: { x: (index % 8) * 150, y: Math.floor(index / 8) * 90 },
    }))
    const spot = freeSpot(crowd, { x: 0, y: 0 })
    for (const node of crowd)
      expect(
        spot.x + DEFAULT_BLOCK_SIZE.width <= node.position.x ||
          spot.x >= node.position.x + DEFAULT_BLOCK_SIZE.width ||
          spot.y + DEFAULT_BLOCK_SIZE.height <= node.position.y ||
          spot.y >= node.position.y + DEFAULT_BLOCK_SIZE.height,
      ).toBe(true)
  })
})

describe('duplicateBlock (002 §4.2)', () => {
  const ids = () => {
    let n = 0
    return () => `copy${++n}`
  }

  it('places the copy to the right of the rightmost block, at the height of the original', () => {
    const nodes = [
      { ...start, position: { x: 0, y: 40 }, measured: { width: 200, height: 80 } },
      { ...menu, position: { x: 600, y: 300 }, measured: { width: 320, height: 200 } },
      { ...ticket, position: { x: 100, y: 700 } },
    ] as BlockNode[]
    const result = duplicateBlock(nodes, 'ticket', ids())!
    expect(result.copy.position).toEqual({ x: 600 + 320 + BLOCK_GAP, y: 700 })
    expect(result.copy.id).toBe('copy1')
    expect(result.copy.type).toBe('ticket')
    expect(result.copy.data).toEqual(ticket.data)
  })

  it('counts an unmeasured block at the default width', () => {
    const nodes = [{ ...interval, position: { x: 1000, y: 10 } }]
    const result = duplicateBlock(nodes, 'wait', ids())!
    expect(result.copy.position.x).toBe(1000 + DEFAULT_BLOCK_SIZE.width + BLOCK_GAP)
  })

  it('copies the data instead of sharing it, selects the copy alone, draws no arrow', () => {
    const nodes = [{ ...menu, selected: true }]
    const result = duplicateBlock(nodes, 'menu', ids())!
    expect(result.nodes.map((node) => [node.id, Boolean(node.selected)])).toEqual([
      ['menu', false],
      ['copy1', true],
    ])
    expect(result.copy.data).not.toBe(menu.data)
    ;(result.copy.data as FlowNodeDataOf<'menu'>).arrayOption[0]!.value = 'changed'
    expect((menu.data as FlowNodeDataOf<'menu'>).arrayOption[0]!.value).toBe('Vendas')
  })

  it('gives a content block’s cards new ids, keeping their order', () => {
    const content = block('content', 'singleBlock', {
      seq: ['interval1', 'message1'],
      elements: [
        { number: 'message1', type: 'message', value: 'Oi' },
        { number: 'interval1', type: 'interval', value: '3' },
      ],
    })
    const result = duplicateBlock([content], 'content', ids())!
    const data = result.copy.data as FlowNodeDataOf<'singleBlock'>
    expect(result.copy.id).toBe('copy1')
    expect(data.elements.map((element) => [element.number, element.type, element.value])).toEqual([
      ['messagecopy2', 'message', 'Oi'],
      ['intervalcopy3', 'interval', '3'],
    ])
    expect(data.seq).toEqual(['intervalcopy3', 'messagecopy2'])
  })

  it('is null for a block that is not there', () => {
    expect(duplicateBlock([start], 'missing')).toBeNull()
  })
})

describe('removeBlocks (002 §4.2)', () => {
  it('removes the blocks and every arrow from or to them, nothing else', () => {
    const edges = [
      arrow('start', 'a', 'menu'),
      arrow('menu', 'a1', 'ticket'),
      arrow('menu', 'a2', 'wait'),
      arrow('wait', 'a', 'ticket'),
    ]
    const after = removeBlocks({ nodes: [start, menu, ticket, interval], edges }, ['menu'])
    expect(after.nodes.map((node) => node.id)).toEqual(['start', 'ticket', 'wait'])
    expect(after.edges.map((edge) => edge.id)).toEqual(['wait-a-ticket'])
  })
})

describe('connectOutput', () => {
  const nodes = [start, menu, condition, ticket, interval]

  it('draws an arrow from an output into a block', () => {
    const edges = connectOutput(nodes, [], { source: 'start', sourceHandle: 'a', target: 'menu' })
    expect(edges).toEqual([
      {
        id: 'edge-start-a-menu',
        source: 'start',
        sourceHandle: 'a',
        target: 'menu',
        targetHandle: null,
      },
    ])
  })

  it('replaces the arrow an output had: an output takes one', () => {
    const before = [arrow('menu', 'a1', 'ticket'), arrow('menu', 'a2', 'wait')]
    const edges = connectOutput(nodes, before, {
      source: 'menu',
      sourceHandle: 'a1',
      target: 'cond',
    })!
    expect(edges.map((edge) => [edge.sourceHandle, edge.target])).toEqual([
      ['a2', 'wait'],
      ['a1', 'cond'],
    ])
  })

  it('reads an unnamed arrow of a single output as that output when replacing it', () => {
    const before = [arrow('start', null, 'ticket')]
    const edges = connectOutput(nodes, before, {
      source: 'start',
      sourceHandle: 'a',
      target: 'menu',
    })!
    expect(edges.map((edge) => edge.target)).toEqual(['menu'])
  })

  it('keeps both outputs of a condition apart', () => {
    const before = [arrow('cond', 'a', 'ticket')]
    const edges = connectOutput(nodes, before, {
      source: 'cond',
      sourceHandle: 'b',
      target: 'wait',
    })!
    expect(edges.map((edge) => `${edge.sourceHandle}>${edge.target}`)).toEqual([
      'a>ticket',
      'b>wait',
    ])
  })

  it('refuses an arrow into the start, into itself, or from an output the block lacks', () => {
    expect(arrowRefusal(nodes, { source: 'menu', sourceHandle: 'a1', target: 'start' })).toBe(
      'intoStart',
    )
    expect(arrowRefusal(nodes, { source: 'menu', sourceHandle: 'a1', target: 'menu' })).toBe(
      'toItself',
    )
    expect(arrowRefusal(nodes, { source: 'menu', sourceHandle: 'a3', target: 'ticket' })).toBe(
      'noOutput',
    )
    expect(arrowRefusal(nodes, { source: 'cond', sourceHandle: null, target: 'ticket' })).toBe(
      'noOutput',
    )
    expect(arrowRefusal(nodes, { source: 'gone', sourceHandle: 'a', target: 'ticket' })).toBe(
      'noSource',
    )
    expect(connectOutput(nodes, [], { source: 'menu', sourceHandle: 'a1', target: 'start' })).toBe(
      null,
    )
  })
})

describe('keepExistingOutputs', () => {
  it('drops the arrows of menu options that were removed, and keeps the others', () => {
    const edges = [
      arrow('menu', 'a1', 'ticket'),
      arrow('menu', 'a2', 'wait'),
      arrow('start', 'a', 'menu'),
    ]
    const shorter = {
      ...menu,
      data: { message: 'Escolha', arrayOption: [{ number: 1, value: 'Vendas' }] },
    } as BlockNode
    expect(keepExistingOutputs(shorter, edges).map((edge) => edge.id)).toEqual([
      'menu-a1-ticket',
      'start-a-menu',
    ])
  })
})

describe('updateBlockData and selectOnly', () => {
  it('replaces one block’s data and keeps the other blocks as they were', () => {
    const nodes = [start, interval]
    const after = updateBlockData(nodes, 'wait', { sec: 30 })
    expect(after[0]).toBe(start)
    expect(after[1]!.data).toEqual({ sec: 30 })
  })

  it('selects one block and unselects the others', () => {
    const after = selectOnly([{ ...start, selected: true }, interval], 'wait')
    expect(after.map((node) => Boolean(node.selected))).toEqual([false, true])
  })
})
