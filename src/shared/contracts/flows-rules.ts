import {
  FLOW_INTERVAL_MAX_SECONDS,
  FLOW_NAME,
  FLOW_NODE_ID_LENGTH,
  FLOW_RANDOMIZER_STEP,
  type FlowGraph,
  type FlowNode,
  type FlowNodeOf,
  type FlowProblem,
} from './flows'

/** What is wrong with a flow's name, as a key of the form's messages (002 §5). */
export type FlowNameProblem = 'required' | 'tooShort' | 'tooLong'

export function flowNameProblem(name: string): FlowNameProblem | null {
  const trimmed = name.trim()
  if (trimmed === '') return 'required'
  if (trimmed.length < FLOW_NAME.min) return 'tooShort'
  if (trimmed.length > FLOW_NAME.max) return 'tooLong'
  return null
}

const ALPHANUMERICS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A new block's or card's id: 30 random alphanumerics (002 §9). */
export function newFlowNodeId(): string {
  let id = ''
  while (id.length < FLOW_NODE_ID_LENGTH)
    for (const byte of crypto.getRandomValues(new Uint8Array(FLOW_NODE_ID_LENGTH)))
      // 62 letters: bytes from 248 up would favour the first ones, so they are drawn again.
      if (byte < 248 && id.length < FLOW_NODE_ID_LENGTH) id += ALPHANUMERICS[byte % 62]
  return id
}

/** The handle id of a block's only output. */
export const SINGLE_OUTPUT = 'a'

/**
 * A block's outputs (reference §5): a condition's `a` (true) and `b` (false), a randomizer's `a`
 * (its percent) and `b` (the rest), a menu's `a1`..`an` (one per option), one for the others.
 */
export function outputHandles(node: FlowNode): string[] {
  switch (node.type) {
    case 'condition':
    case 'randomizer':
      return ['a', 'b']
    case 'menu':
      return node.data.arrayOption.map((option) => `a${option.number}`)
    default:
      return [SINGLE_OUTPUT]
  }
}

/** The output an arrow leaves by: an editor may leave a block's only output unnamed. */
export const edgeHandle = (node: FlowNode, sourceHandle: string | null): string | null =>
  sourceHandle ?? (outputHandles(node).length === 1 ? SINGLE_OUTPUT : null)

/** Whether a block makes the flow wait (for the contact or a timer) before it goes on. */
export function waits(node: FlowNode): boolean {
  if (node.type === 'menu' || node.type === 'interval') return true
  return (
    node.type === 'singleBlock' && node.data.elements.some((element) => element.type === 'interval')
  )
}

/** The menu as the contact reads it: its text, a blank line, then "[n] option" per line. */
export const menuText = (node: FlowNodeOf<'menu'>): string =>
  [
    node.data.message.trim(),
    '',
    ...node.data.arrayOption.map((option) => `[${option.number}] ${option.value.trim()}`),
  ].join('\n')

const intervalInRange = (seconds: number) => seconds > 0 && seconds <= FLOW_INTERVAL_MAX_SECONDS

/** The problems of one block's own data (002 §5 messages; reference §5 "Flow save validation"). */
function nodeProblems(node: FlowNode): FlowProblem[] {
  const problem = (code: FlowProblem['problem'], elementId?: string): FlowProblem => ({
    problem: code,
    nodeId: node.id,
    ...(elementId ? { elementId } : {}),
  })
  switch (node.type) {
    case 'message':
      return node.data.label.trim() === '' ? [problem('emptyText')] : []
    case 'interval':
      return intervalInRange(node.data.sec) ? [] : [problem('intervalRange')]
    case 'img':
    case 'audio':
    case 'video':
      return node.data.url.trim() === '' ? [problem('emptyMedia')] : []
    case 'ticket':
      return node.data.id > 0 ? [] : [problem('noQueue')]
    case 'condition':
      return node.data.key.trim() === '' ? [problem('conditionKey')] : []
    case 'randomizer':
      return node.data.percent % FLOW_RANDOMIZER_STEP === 0 ? [] : [problem('randomizerPercent')]
    case 'menu': {
      const problems: FlowProblem[] = []
      if (node.data.message.trim() === '') problems.push(problem('emptyText'))
      const { arrayOption } = node.data
      if (
        arrayOption.length === 0 ||
        arrayOption.some((option, index) => option.number !== index + 1 || !option.value.trim())
      )
        problems.push(problem('menuOptions'))
      return problems
    }
    case 'singleBlock': {
      const problems: FlowProblem[] = []
      const { seq, elements } = node.data
      const ids = new Set(elements.map((element) => element.number))
      if (
        elements.length === 0 ||
        ids.size !== elements.length ||
        seq.length !== elements.length ||
        new Set(seq).size !== seq.length ||
        seq.some((id) => !ids.has(id))
      )
        problems.push(problem('contentOrder'))
      for (const element of elements) {
        if (element.type === 'message' && element.value.trim() === '')
          problems.push(problem('emptyText', element.number))
        else if (element.type === 'interval' && !intervalInRange(Number(element.value)))
          problems.push(problem('elementIntervalRange', element.number))
        else if (
          (element.type === 'img' || element.type === 'audio' || element.type === 'video') &&
          element.value.trim() === ''
        )
          problems.push(problem('emptyMedia', element.number))
      }
      return problems
    }
    default:
      return []
  }
}

/**
 * Blocks on a loop in which nothing waits: the runtime would go round it forever. Waiting blocks
 * are taken out of the graph; a cycle left among the others is such a loop (Tarjan's strongly
 * connected components, iteratively, so that a long chain cannot overflow the stack).
 */
function loopsWithoutWait(graph: FlowGraph): string[] {
  const running = new Map(graph.nodes.filter((node) => !waits(node)).map((node) => [node.id, node]))
  const next = new Map<string, string[]>()
  for (const edge of graph.connections)
    if (running.has(edge.source) && running.has(edge.target))
      next.set(edge.source, [...(next.get(edge.source) ?? []), edge.target])
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const looping: string[] = []
  let counter = 0
  for (const root of running.keys()) {
    if (index.has(root)) continue
    const work: { id: string; child: number }[] = [{ id: root, child: 0 }]
    index.set(root, counter)
    low.set(root, counter++)
    stack.push(root)
    onStack.add(root)
    while (work.length > 0) {
      const frame = work[work.length - 1]!
      const targets = next.get(frame.id) ?? []
      if (frame.child < targets.length) {
        const target = targets[frame.child++]!
        if (!index.has(target)) {
          index.set(target, counter)
          low.set(target, counter++)
          stack.push(target)
          onStack.add(target)
          work.push({ id: target, child: 0 })
        } else if (onStack.has(target))
          low.set(frame.id, Math.min(low.get(frame.id)!, index.get(target)!))
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low.set(parent.id, Math.min(low.get(parent.id)!, low.get(frame.id)!))
      if (low.get(frame.id) !== index.get(frame.id)) continue
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== frame.id)
      const selfLoop = (next.get(frame.id) ?? []).includes(frame.id)
      if (component.length > 1 || selfLoop) looping.push(...component)
    }
  }
  return looping
}

/**
 * Everything wrong with a graph, for the editor to mark and for the server to refuse (002 §5,
 * reference §5 "Flow save validation"): exactly one start; unique ids; arrows between existing
 * blocks, from outputs the block has, one arrow per output, none into the start; each block's
 * data; no loop that never waits. Empty when the flow can be saved (the server also checks that
 * media and queues are the company's).
 */
export function flowGraphProblems(graph: FlowGraph): FlowProblem[] {
  const problems: FlowProblem[] = []
  const nodes = new Map<string, FlowNode>()
  for (const node of graph.nodes) {
    if (nodes.has(node.id)) problems.push({ problem: 'duplicateNodeId', nodeId: node.id })
    nodes.set(node.id, node)
    problems.push(...nodeProblems(node))
  }
  if (graph.nodes.filter((node) => node.type === 'start').length !== 1)
    problems.push({ problem: 'startCount' })

  const edgeIds = new Set<string>()
  const usedOutputs = new Set<string>()
  for (const edge of graph.connections) {
    if (edgeIds.has(edge.id)) problems.push({ problem: 'duplicateEdgeId', edgeId: edge.id })
    edgeIds.add(edge.id)
    const source = nodes.get(edge.source)
    const target = nodes.get(edge.target)
    if (!source || !target) {
      problems.push({ problem: 'edgeEnds', edgeId: edge.id })
      continue
    }
    const handle = edgeHandle(source, edge.sourceHandle)
    if (handle === null || !outputHandles(source).includes(handle) || target.type === 'start') {
      problems.push({ problem: 'edgeHandle', edgeId: edge.id, nodeId: source.id })
      continue
    }
    const output = `${source.id}:${handle}`
    if (usedOutputs.has(output))
      problems.push({ problem: 'handleTwice', edgeId: edge.id, nodeId: source.id })
    usedOutputs.add(output)
  }
  for (const nodeId of loopsWithoutWait(graph))
    problems.push({ problem: 'cycleWithoutWait', nodeId })
  return problems
}

/** The media names a graph uses: media blocks' files and content cards' files. */
export function flowMediaNames(graph: FlowGraph): string[] {
  const names = new Set<string>()
  for (const node of graph.nodes) {
    if (node.type === 'img' || node.type === 'audio' || node.type === 'video') {
      if (node.data.url) names.add(node.data.url)
    } else if (node.type === 'singleBlock')
      for (const element of node.data.elements)
        if (element.type !== 'message' && element.type !== 'interval' && element.value)
          names.add(element.value)
  }
  return [...names]
}

/** The queues a graph's ticket blocks move tickets to. */
export const flowQueueIds = (graph: FlowGraph): number[] => [
  ...new Set(
    graph.nodes.flatMap((node) =>
      node.type === 'ticket' && node.data.id > 0 ? [node.data.id] : [],
    ),
  ),
]
