import { describe, expect, it } from 'vitest'
import type { FlowProblem } from '@shared/contracts/flows'
import type { ArrowEdge, BlockNode } from './block-node'
import {
  currentProblems,
  problemBlockId,
  problemMessageKey,
  problemsByBlock,
  serverFindings,
} from './problems'

const start = {
  id: 'start',
  type: 'start',
  position: { x: 0, y: 0 },
  data: { label: 'Inicio do fluxo' },
} as BlockNode
const image = {
  id: 'img',
  type: 'img',
  position: { x: 0, y: 0 },
  data: { url: 'x.png' },
} as BlockNode
const wait = {
  id: 'wait',
  type: 'interval',
  position: { x: 0, y: 0 },
  data: { sec: 0 },
} as BlockNode
const edges: ArrowEdge[] = [{ id: 'e1', source: 'start', sourceHandle: 'a', target: 'img' }]

describe('currentProblems', () => {
  it('finds what the save’s validation finds', () => {
    const problems = currentProblems({ nodes: [start, wait], edges: [] }, null)
    expect(problems).toEqual([{ problem: 'intervalRange', nodeId: 'wait' }])
  })

  it('keeps a server finding while its block is unchanged, and drops it once edited', () => {
    const refused: FlowProblem[] = [
      { problem: 'unknownMedia', nodeId: 'img' },
      { problem: 'intervalRange', nodeId: 'wait' },
    ]
    const nodes = [start, image]
    const findings = serverFindings(refused, nodes)
    expect(findings.problems).toEqual([{ problem: 'unknownMedia', nodeId: 'img' }])
    expect(currentProblems({ nodes, edges }, findings)).toEqual([
      { problem: 'unknownMedia', nodeId: 'img' },
    ])
    const edited = [start, { ...image, data: { url: 'new.png' } } as BlockNode]
    expect(currentProblems({ nodes: edited, edges }, findings)).toEqual([])
  })
})

describe('problemsByBlock', () => {
  it('marks the block of a problem, or the block an arrow leaves, and nothing for the graph', () => {
    const problems: FlowProblem[] = [
      { problem: 'startCount' },
      { problem: 'emptyText', nodeId: 'img' },
      { problem: 'edgeEnds', edgeId: 'e1' },
      { problem: 'emptyMedia', nodeId: 'img', elementId: 'c1' },
    ]
    const byBlock = problemsByBlock(problems, edges)
    expect([...byBlock.keys()]).toEqual(['img', 'start'])
    expect(byBlock.get('img')!.map((problem) => problem.problem)).toEqual([
      'emptyText',
      'emptyMedia',
    ])
    expect(problemBlockId({ problem: 'edgeEnds', edgeId: 'e1' }, edges)).toBe('start')
    expect(problemBlockId({ problem: 'startCount' }, edges)).toBeUndefined()
  })
})

describe('problemMessageKey', () => {
  it('tells a missing interval from one above 120 s (002 §5)', () => {
    const problem: FlowProblem = { problem: 'intervalRange', nodeId: 'wait' }
    expect(problemMessageKey(problem, wait)).toBe('problems.intervalMissing')
    expect(problemMessageKey(problem, { ...wait, data: { sec: 121 } } as BlockNode)).toBe(
      'problems.intervalMax',
    )
    expect(problemMessageKey({ problem: 'noQueue', nodeId: 't' }, undefined)).toBe(
      'problems.noQueue',
    )
  })
})
