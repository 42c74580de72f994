import { describe, expect, test } from 'vitest'
import type { FlowEdge, FlowGraph, FlowNode, FlowRunState } from '@shared/contracts/flows'
import { advanceFlow, compare, FLOW_INVALID_ANSWER_TEXT, type FlowFacts } from './flows.engine'

const at = { x: 0, y: 0 }
const start: FlowNode = { id: 'start', type: 'start', position: at, data: { label: '' } }
const say = (id: string, label: string): FlowNode => ({
  id,
  type: 'message',
  position: at,
  data: { label },
})
const menu: FlowNode = {
  id: 'menu',
  type: 'menu',
  position: at,
  data: {
    message: 'Como posso ajudar?',
    arrayOption: [
      { number: 1, value: 'Comprar' },
      { number: 2, value: 'Suporte' },
    ],
  },
}
const arrow = (source: string, target: string, sourceHandle = 'a'): FlowEdge => ({
  id: `${source}-${sourceHandle}`,
  source,
  sourceHandle,
  target,
  targetHandle: null,
})
const facts = (random = 0.5, extra: Record<string, string> = {}): FlowFacts => ({
  contact: { name: 'Ana', number: '5511999990000', email: 'ana@example.com', extra },
  random: () => random,
})
const fresh: FlowRunState = {
  status: 'running',
  nodeId: '',
  elementIndex: 0,
  variables: {},
  invalidAttempts: 0,
}
const texts = (effects: { kind: string; body?: string }[]) =>
  effects.filter((effect) => effect.kind === 'text').map((effect) => effect.body)

const menuFlow: FlowGraph = {
  nodes: [
    start,
    say('hello', 'Olá!'),
    menu,
    say('buy', 'Escolheu {{lastChoice}}'),
    say('help', 'Suporte'),
  ],
  connections: [
    arrow('start', 'hello'),
    arrow('hello', 'menu'),
    arrow('menu', 'buy', 'a1'),
    arrow('menu', 'help', 'a2'),
  ],
}
const MENU_TEXT = 'Como posso ajudar?\n\n[1] Comprar\n[2] Suporte'

describe('flow engine', () => {
  test('a start runs until the menu, which waits for the contact', () => {
    const run = advanceFlow(menuFlow, fresh, { kind: 'start', text: 'oi' }, facts())
    expect(texts(run.effects)).toEqual(['Olá!', MENU_TEXT])
    expect(run.state).toMatchObject({ status: 'waiting_input', nodeId: 'menu' })
  })

  test('an answer by number or by the option’s words follows its output, and is remembered', () => {
    const waiting = advanceFlow(menuFlow, fresh, { kind: 'start', text: 'oi' }, facts()).state
    const byNumber = advanceFlow(menuFlow, waiting, { kind: 'input', text: ' 1 ' }, facts())
    expect(texts(byNumber.effects)).toEqual(['Escolheu Comprar'])
    expect(byNumber.state.status).toBe('finished')
    expect(byNumber.state.variables).toMatchObject({ menu_menu: 'Comprar', lastChoice: 'Comprar' })
    const byWords = advanceFlow(menuFlow, waiting, { kind: 'input', text: 'SUPORTE' }, facts())
    expect(texts(byWords.effects)).toEqual(['Suporte'])
  })

  test('an invalid answer asks again; the third gives the ticket to humans', () => {
    let state = advanceFlow(menuFlow, fresh, { kind: 'start', text: 'oi' }, facts()).state
    for (const attempt of [1, 2]) {
      const again = advanceFlow(menuFlow, state, { kind: 'input', text: 'talvez' }, facts())
      expect(texts(again.effects)).toEqual([`${FLOW_INVALID_ANSWER_TEXT}\n\n${MENU_TEXT}`])
      expect(again.state).toMatchObject({ status: 'waiting_input', invalidAttempts: attempt })
      state = again.state
    }
    const third = advanceFlow(menuFlow, state, { kind: 'input', text: 'nada' }, facts())
    expect([third.state.status, third.reason, third.effects]).toEqual([
      'aborted',
      'invalidAnswers',
      [],
    ])
  })

  test('an interval waits for its timer; messages meanwhile do not move the run', () => {
    const graph: FlowGraph = {
      nodes: [
        start,
        { id: 'wait', type: 'interval', position: at, data: { sec: 30 } },
        say('late', 'Depois'),
      ],
      connections: [arrow('start', 'wait'), arrow('wait', 'late')],
    }
    const waiting = advanceFlow(graph, fresh, { kind: 'start', text: '' }, facts())
    expect(waiting.effects).toEqual([{ kind: 'timer', seconds: 30 }])
    expect(waiting.state.status).toBe('waiting_timer')
    const typed = advanceFlow(graph, waiting.state, { kind: 'input', text: 'oi?' }, facts())
    expect([typed.effects, typed.state.status]).toEqual([[], 'waiting_timer'])
    const woke = advanceFlow(graph, waiting.state, { kind: 'timer' }, facts())
    expect([texts(woke.effects), woke.state.status]).toEqual([['Depois'], 'finished'])
    // A second firing of the same timer finds the run gone on and does nothing.
    expect(advanceFlow(graph, woke.state, { kind: 'timer' }, facts()).effects).toEqual([])
  })

  test('a content block runs its cards in order and resumes after an interval card', () => {
    const content: FlowNode = {
      id: 'content',
      type: 'singleBlock',
      position: at,
      data: {
        seq: ['t1', 'w1', 'p1', 't2'],
        elements: [
          { number: 't2', type: 'message', value: 'Por último' },
          { number: 'p1', type: 'audio', value: 'flow/a.ogg', record: true },
          { number: 'w1', type: 'interval', value: '5' },
          { number: 't1', type: 'message', value: 'Primeiro, {{name}}' },
        ],
      },
    }
    const graph: FlowGraph = { nodes: [start, content], connections: [arrow('start', 'content')] }
    const first = advanceFlow(graph, fresh, { kind: 'start', text: '' }, facts())
    expect(first.effects).toEqual([
      { kind: 'text', body: 'Primeiro, {{name}}' },
      { kind: 'timer', seconds: 5 },
    ])
    expect(first.state).toMatchObject({
      status: 'waiting_timer',
      nodeId: 'content',
      elementIndex: 2,
    })
    const rest = advanceFlow(graph, first.state, { kind: 'timer' }, facts())
    expect(rest.effects).toEqual([
      { kind: 'media', name: 'flow/a.ogg', media: 'audio', record: true },
      { kind: 'text', body: 'Por último' },
    ])
    expect(rest.state.status).toBe('finished')
  })

  test('a randomizer splits by its percent; a ticket block moves the ticket and goes on', () => {
    const graph: FlowGraph = {
      nodes: [
        start,
        { id: 'dice', type: 'randomizer', position: at, data: { percent: 30 } },
        { id: 'sales', type: 'ticket', position: at, data: { id: 7, name: 'Vendas' } },
        say('after', 'Já te passo para vendas'),
        say('other', 'Outro caminho'),
      ],
      connections: [
        arrow('start', 'dice'),
        arrow('dice', 'sales', 'a'),
        arrow('dice', 'other', 'b'),
        arrow('sales', 'after'),
      ],
    }
    const low = advanceFlow(graph, fresh, { kind: 'start', text: '' }, facts(0.29))
    expect(low.effects).toEqual([
      { kind: 'queue', queueId: 7 },
      { kind: 'text', body: 'Já te passo para vendas' },
    ])
    const high = advanceFlow(graph, fresh, { kind: 'start', text: '' }, facts(0.3))
    expect(texts(high.effects)).toEqual(['Outro caminho'])
  })

  test('a condition reads variables, the contact and its extra info, then the message', () => {
    const check = (key: string, condition: 1 | 2 | 3 | 4 | 5, value: string, extra = {}) => {
      const graph: FlowGraph = {
        nodes: [
          start,
          { id: 'if', type: 'condition', position: at, data: { key, condition, value } },
          say('yes', 'sim'),
          say('no', 'não'),
        ],
        connections: [arrow('start', 'if'), arrow('if', 'yes', 'a'), arrow('if', 'no', 'b')],
      }
      return texts(
        advanceFlow(graph, fresh, { kind: 'start', text: 'Quero 3' }, facts(0, extra)).effects,
      )
    }
    expect(check('name', 1, 'ANA')).toEqual(['sim'])
    expect(check('Plano', 1, 'ouro', { plano: 'Ouro' })).toEqual(['sim'])
    expect(check('idade', 2, '18', { idade: '21' })).toEqual(['sim'])
    expect(check('idade', 4, '18', { idade: '9' })).toEqual(['sim'])
    expect(check('idade', 5, '18', { idade: '9' })).toEqual(['não'])
    expect(check('message', 1, 'quero 3')).toEqual(['sim'])
    expect(check('unknown', 1, '')).toEqual(['sim'])
  })

  test('comparisons are numeric when both sides are numbers, else by text', () => {
    expect(compare('10', 5, '9')).toBe(true)
    expect(compare('10', 5, 'nove')).toBe(false)
    expect(compare('2,5', 1, '2.5')).toBe(true)
    expect(compare('b', 3, 'B')).toBe(true)
  })

  test('no arrow ends the flow; a loop that never waits stops at the step limit', () => {
    expect(
      advanceFlow({ nodes: [start], connections: [] }, fresh, { kind: 'start', text: '' }, facts())
        .state.status,
    ).toBe('finished')
    const loop: FlowGraph = {
      nodes: [start, say('x', 'x')],
      connections: [arrow('start', 'x'), arrow('x', 'x')],
    }
    const run = advanceFlow(loop, fresh, { kind: 'start', text: '' }, facts())
    expect([run.state.status, run.reason, run.effects.length]).toEqual(['aborted', 'stepLimit', 99])
    expect(
      advanceFlow(
        { nodes: [say('x', 'x')], connections: [] },
        fresh,
        { kind: 'start', text: '' },
        facts(),
      ).reason,
    ).toBe('missingNode')
  })
})
