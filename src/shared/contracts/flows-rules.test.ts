import { describe, expect, test } from 'vitest'
import { flowCampaignProblems, phraseKey } from './flow-campaigns-rules'
import type { FlowEdge, FlowGraph, FlowNode } from './flows'
import {
  flowGraphProblems,
  flowMediaNames,
  flowNameProblem,
  menuText,
  newFlowNodeId,
  outputHandles,
} from './flows-rules'

const at = { x: 0, y: 0 }
const start: FlowNode = { id: 's', type: 'start', position: at, data: { label: '' } }
const say = (id: string, label = 'Oi'): FlowNode => ({
  id,
  type: 'message',
  position: at,
  data: { label },
})
const menu: FlowNode = {
  id: 'm',
  type: 'menu',
  position: at,
  data: {
    message: 'Escolha',
    arrayOption: [
      { number: 1, value: 'Vendas' },
      { number: 2, value: 'Suporte' },
    ],
  },
}
const arrow = (source: string, target: string, sourceHandle: string | null = 'a'): FlowEdge => ({
  id: `${source}>${sourceHandle}>${target}`,
  source,
  sourceHandle,
  target,
  targetHandle: null,
})
const problemsOf = (nodes: FlowNode[], connections: FlowEdge[] = []) =>
  flowGraphProblems({ nodes, connections }).map((problem) => problem.problem)

describe('flow rules', () => {
  test('node ids are 30 random alphanumerics', () => {
    const ids = Array.from({ length: 200 }, newFlowNodeId)
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{30}$/)
    expect(new Set(ids).size).toBe(200)
  })

  test('names: required, 2 to 50 characters once trimmed', () => {
    expect(['', ' a', 'ab', 'x'.repeat(50), 'x'.repeat(51)].map(flowNameProblem)).toEqual([
      'required',
      'tooShort',
      null,
      null,
      'tooLong',
    ])
  })

  test('outputs by block type', () => {
    expect(outputHandles(menu)).toEqual(['a1', 'a2'])
    expect(
      outputHandles({
        id: 'c',
        type: 'condition',
        position: at,
        data: { key: 'k', condition: 1, value: '' },
      }),
    ).toEqual(['a', 'b'])
    expect(outputHandles(say('x'))).toEqual(['a'])
  })

  test('a good graph has no problems; an unnamed only output counts as its output', () => {
    const graph: FlowGraph = {
      nodes: [start, menu, say('v'), say('p')],
      connections: [arrow('s', 'm', null), arrow('m', 'v', 'a1'), arrow('m', 'p', 'a2')],
    }
    expect(flowGraphProblems(graph)).toEqual([])
  })

  test('structure: one start, existing ends, real outputs, one arrow per output', () => {
    expect(problemsOf([say('x')])).toEqual(['startCount'])
    expect(problemsOf([start, { ...start, id: 's2' }])).toEqual(['startCount'])
    expect(problemsOf([start, say('x'), say('x')])).toEqual(['duplicateNodeId'])
    expect(problemsOf([start], [arrow('s', 'nowhere')])).toEqual(['edgeEnds'])
    expect(problemsOf([start, menu, say('x')], [arrow('m', 'x', 'a3')])).toEqual(['edgeHandle'])
    expect(problemsOf([start, menu], [arrow('m', 's', 'a1')])).toEqual(['edgeHandle'])
    expect(problemsOf([start, say('x'), say('y')], [arrow('s', 'x'), arrow('s', 'y')])).toEqual([
      'handleTwice',
    ])
    const twice = arrow('s', 'x')
    expect(problemsOf([start, say('x')], [twice, twice])).toEqual([
      'duplicateEdgeId',
      'handleTwice',
    ])
  })

  test("each block's data, with the spec's limits", () => {
    const only = (node: FlowNode) => problemsOf([start, node])
    expect(only(say('x', '  '))).toEqual(['emptyText'])
    for (const sec of [0, 121])
      expect(only({ id: 'i', type: 'interval', position: at, data: { sec } })).toEqual([
        'intervalRange',
      ])
    expect(only({ id: 'i', type: 'interval', position: at, data: { sec: 120 } })).toEqual([])
    expect(only({ id: 'g', type: 'img', position: at, data: { url: '' } })).toEqual(['emptyMedia'])
    expect(only({ id: 't', type: 'ticket', position: at, data: { id: 0, name: '' } })).toEqual([
      'noQueue',
    ])
    expect(only({ id: 'r', type: 'randomizer', position: at, data: { percent: 35 } })).toEqual([
      'randomizerPercent',
    ])
    expect(
      only({
        id: 'c',
        type: 'condition',
        position: at,
        data: { key: ' ', condition: 2, value: '3' },
      }),
    ).toEqual(['conditionKey'])
    const skipped = { ...menu, data: { ...menu.data, arrayOption: [{ number: 2, value: 'B' }] } }
    expect(only(skipped)).toEqual(['menuOptions'])
    expect(only({ ...menu, data: { ...menu.data, arrayOption: [] } })).toEqual(['menuOptions'])
  })

  test('content blocks: the order names every card once; each card has its content', () => {
    const content = (elements: FlowNode & { type: 'singleBlock' }): string[] =>
      problemsOf([start, elements])
    const block = (
      seq: string[],
      elements: Array<{ number: string; type: 'message' | 'interval' | 'img'; value: string }>,
    ): FlowNode & { type: 'singleBlock' } => ({
      id: 'c',
      type: 'singleBlock',
      position: at,
      data: { seq, elements },
    })
    expect(content(block(['e1'], [{ number: 'e1', type: 'message', value: 'Oi' }]))).toEqual([])
    expect(content(block(['e2'], [{ number: 'e1', type: 'message', value: 'Oi' }]))).toEqual([
      'contentOrder',
    ])
    expect(content(block([], []))).toEqual(['contentOrder'])
    expect(
      content(
        block(
          ['e1', 'e2', 'e3'],
          [
            { number: 'e1', type: 'message', value: ' ' },
            { number: 'e2', type: 'interval', value: '0' },
            { number: 'e3', type: 'img', value: '' },
          ],
        ),
      ),
    ).toEqual(['emptyText', 'elementIntervalRange', 'emptyMedia'])
  })

  test('a loop must wait for the contact or a timer', () => {
    expect(problemsOf([start, say('x')], [arrow('s', 'x'), arrow('x', 'x')])).toEqual([
      'cycleWithoutWait',
    ])
    const loop = [arrow('s', 'x'), arrow('x', 'y'), arrow('y', 'x')]
    expect(problemsOf([start, say('x'), say('y')], loop)).toEqual([
      'cycleWithoutWait',
      'cycleWithoutWait',
    ])
    const wait: FlowNode = { id: 'y', type: 'interval', position: at, data: { sec: 5 } }
    expect(problemsOf([start, say('x'), wait], loop)).toEqual([])
    expect(
      problemsOf(
        [start, menu, say('x')],
        [arrow('s', 'm'), arrow('m', 'x', 'a1'), arrow('x', 'm')],
      ),
    ).toEqual([])
    // A long chain is walked without recursion.
    const chain = Array.from({ length: 400 }, (_, index) => say(`n${index}`))
    const links = chain.slice(1).map((node, index) => arrow(`n${index}`, node.id))
    expect(problemsOf([start, ...chain], [arrow('s', 'n0'), ...links])).toEqual([])
  })

  test('the media a graph uses and the menu as the contact reads it', () => {
    const graph: FlowGraph = {
      nodes: [
        start,
        { id: 'g', type: 'img', position: at, data: { url: 'flow/a.png' } },
        {
          id: 'c',
          type: 'singleBlock',
          position: at,
          data: {
            seq: ['e1', 'e2'],
            elements: [
              { number: 'e1', type: 'audio', value: 'flow/b.ogg', record: true },
              { number: 'e2', type: 'message', value: 'flow/not-a-file' },
            ],
          },
        },
      ],
      connections: [],
    }
    expect(flowMediaNames(graph)).toEqual(['flow/a.png', 'flow/b.ogg'])
    expect(menuText(menu)).toBe('Escolha\n\n[1] Vendas\n[2] Suporte')
  })

  test('phrase campaigns: every field required; phrases compared without case or accents', () => {
    expect(
      flowCampaignProblems({ name: 'a', flowId: null, whatsappId: null, phrase: ' ' }),
    ).toEqual({ name: 'tooShort', flowId: 'required', whatsappId: 'required', phrase: 'required' })
    expect(phraseKey('  Quero   a PROMOÇÃO ')).toBe('quero a promocao')
  })
})
