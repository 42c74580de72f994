import type {
  FlowConditionOperator,
  FlowContentElement,
  FlowGraph,
  FlowNode,
  FlowNodeOf,
  FlowRunState,
} from '@shared/contracts/flows'
import { edgeHandle, menuText, SINGLE_OUTPUT } from '@shared/contracts/flows-rules'

export const ACTIVE_FLOW_RUN_STATUSES = ['running', 'waiting_input', 'waiting_timer'] as const

/** Reference §5: node executions per event at most (saves refuse loops that never wait). */
export const FLOW_STEP_LIMIT = 100
/** Reference §5: invalid menu answers before the run gives the ticket to humans. */
export const FLOW_INVALID_ANSWERS_LIMIT = 3
export const FLOW_INVALID_ANSWER_TEXT = 'Opção inválida, por favor escolha uma opção válida abaixo:'

/** What moved the run: the message that started it, the contact's next one, or its timer. */
export type FlowEvent =
  { kind: 'start'; text: string } | { kind: 'input'; text: string } | { kind: 'timer' }

/** What the runtime does for the run, in order. Texts may hold template variables. */
export type FlowEffect =
  | { kind: 'text'; body: string }
  | { kind: 'media'; name: string; media: 'image' | 'audio' | 'video'; record: boolean }
  /** Move the ticket to the queue (pending), as the ticket block says. */
  | { kind: 'queue'; queueId: number }
  /** Wake the run again after this many seconds. */
  | { kind: 'timer'; seconds: number }

export type FlowEndReason = 'invalidAnswers' | 'stepLimit' | 'missingNode'

export interface FlowAdvance {
  state: FlowRunState
  effects: FlowEffect[]
  /** Why a run that ended was aborted. */
  reason?: FlowEndReason
}

/** What the conditions read of the contact. */
export interface FlowFacts {
  contact: { name: string; number: string; email: string; extra: Record<string, string> }
  /** A number in [0, 1) for the randomizer. */
  random: () => number
}

const MEDIA_OF = { img: 'image', audio: 'audio', video: 'video' } as const

/** `{{name}}` placeholders of the run's variables; others are left for the ticket's template. */
export const withVariables = (text: string, variables: Record<string, string>): string =>
  text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(variables, name) ? variables[name]! : whole,
  )

/** The number a text holds, if it is only that (a comma as the decimal mark too). */
const numberIn = (text: string): number | null => {
  const trimmed = text.trim().replace(',', '.')
  if (trimmed === '' || !/^[-+]?\d*\.?\d+$/.test(trimmed)) return null
  return Number(trimmed)
}

/**
 * Reference §5 "condition": numerically when both sides are numbers, otherwise as texts in any
 * case; 1 equals, 2 >=, 3 <=, 4 <, 5 >.
 */
export function compare(left: string, operator: FlowConditionOperator, right: string): boolean {
  const a = numberIn(left)
  const b = numberIn(right)
  const order =
    a !== null && b !== null
      ? Math.sign(a - b)
      : Math.sign(
          left
            .trim()
            .toLocaleLowerCase('pt-BR')
            .localeCompare(right.trim().toLocaleLowerCase('pt-BR')),
        )
  switch (operator) {
    case 1:
      return order === 0
    case 2:
      return order >= 0
    case 3:
      return order <= 0
    case 4:
      return order < 0
    case 5:
      return order > 0
  }
}

/** Reference §5: the run's variables, then the contact's fields, then its extra info by name. */
function valueOf(key: string, state: FlowRunState, facts: FlowFacts): string {
  const name = key.trim()
  if (Object.hasOwn(state.variables, name)) return state.variables[name]!
  const { contact } = facts
  const field = ({ name: contact.name, number: contact.number, email: contact.email } as const)[
    name as 'name'
  ]
  if (field !== undefined) return field
  const extra = Object.entries(contact.extra).find(
    ([extraName]) => extraName.toLowerCase() === name.toLowerCase(),
  )
  return extra?.[1] ?? ''
}

/** The option a menu's answer picks: its number, or its text in any case. */
function pickedOption(node: FlowNodeOf<'menu'>, text: string) {
  const answer = text.trim().toLocaleLowerCase('pt-BR')
  return node.data.arrayOption.find(
    (option) =>
      String(option.number) === answer || option.value.trim().toLocaleLowerCase('pt-BR') === answer,
  )
}

/**
 * Moves a run on from an event (reference §5 "Build it right"): executes blocks from where the
 * run is until one waits (a menu for the contact, an interval for its timer) or the flow ends.
 * Pure: the same graph, state, event and draws always give the same result, so it is tested
 * block by block and the runtime only applies its effects.
 */
export function advanceFlow(
  graph: FlowGraph,
  from: FlowRunState,
  event: FlowEvent,
  facts: FlowFacts,
): FlowAdvance {
  const nodes = new Map(graph.nodes.map((node) => [node.id, node]))
  const effects: FlowEffect[] = []
  const state: FlowRunState = { ...from, variables: { ...from.variables } }
  const end = (status: 'finished' | 'aborted', reason?: FlowEndReason): FlowAdvance => ({
    state: { ...state, status },
    effects,
    ...(reason ? { reason } : {}),
  })
  /** The block an output of `node` leads to, or null where no arrow leaves it. */
  const after = (node: FlowNode, handle: string) => {
    const edge = graph.connections.find(
      (candidate) =>
        candidate.source === node.id && edgeHandle(node, candidate.sourceHandle) === handle,
    )
    return edge ? (nodes.get(edge.target) ?? null) : null
  }
  const say = (text: string) => {
    if (text.trim() !== '')
      effects.push({ kind: 'text', body: withVariables(text, state.variables) })
  }

  // Where the event lets the run go on from: the block to enter next, or an end.
  let next: FlowNode | null
  const current = nodes.get(state.nodeId)
  switch (event.kind) {
    case 'start': {
      state.variables.message = event.text
      const start = graph.nodes.find((node) => node.type === 'start')
      if (!start) return end('aborted', 'missingNode')
      next = start
      break
    }
    case 'input': {
      state.variables.message = event.text
      if (state.status !== 'waiting_input' || current?.type !== 'menu') return { state, effects }
      const option = pickedOption(current, event.text)
      if (!option) {
        state.invalidAttempts += 1
        if (state.invalidAttempts >= FLOW_INVALID_ANSWERS_LIMIT)
          return end('aborted', 'invalidAnswers')
        say(`${FLOW_INVALID_ANSWER_TEXT}\n\n${menuText(current)}`)
        return { state, effects }
      }
      state.invalidAttempts = 0
      state.variables[`menu_${current.id}`] = option.value
      state.variables.lastChoice = option.value
      next = after(current, `a${option.number}`)
      break
    }
    case 'timer': {
      if (state.status !== 'waiting_timer' || !current) return { state, effects }
      if (current.type === 'singleBlock') {
        state.status = 'running'
        const waited = runElements(current, state.elementIndex)
        if (waited) return { state, effects }
        next = after(current, SINGLE_OUTPUT)
      } else next = after(current, SINGLE_OUTPUT)
      break
    }
  }

  /** Runs a content block's cards from `index`; true when a card's interval made it wait. */
  function runElements(node: FlowNodeOf<'singleBlock'>, index: number): boolean {
    const byId = new Map<string, FlowContentElement>(
      node.data.elements.map((element) => [element.number, element]),
    )
    for (let at = index; at < node.data.seq.length; at++) {
      const element = byId.get(node.data.seq[at]!)
      if (!element) continue
      if (element.type === 'message') say(element.value)
      else if (element.type === 'interval') {
        effects.push({ kind: 'timer', seconds: Number(element.value) })
        Object.assign(state, { status: 'waiting_timer', nodeId: node.id, elementIndex: at + 1 })
        return true
      } else
        effects.push({
          kind: 'media',
          name: element.value,
          media: MEDIA_OF[element.type],
          record: element.record === true,
        })
    }
    return false
  }

  for (let steps = 0; ; steps++) {
    if (next === null) return end('finished')
    if (steps === FLOW_STEP_LIMIT) return end('aborted', 'stepLimit')
    const node: FlowNode = next
    Object.assign(state, { status: 'running', nodeId: node.id, elementIndex: 0 })
    switch (node.type) {
      case 'start':
        next = after(node, SINGLE_OUTPUT)
        break
      case 'message':
        say(node.data.label)
        next = after(node, SINGLE_OUTPUT)
        break
      case 'img':
      case 'audio':
      case 'video':
        effects.push({
          kind: 'media',
          name: node.data.url,
          media: MEDIA_OF[node.type],
          record: node.type === 'audio' && node.data.record,
        })
        next = after(node, SINGLE_OUTPUT)
        break
      case 'interval':
        effects.push({ kind: 'timer', seconds: node.data.sec })
        state.status = 'waiting_timer'
        return { state, effects }
      case 'menu':
        say(menuText(node))
        state.status = 'waiting_input'
        return { state, effects }
      case 'randomizer':
        next = after(node, facts.random() < node.data.percent / 100 ? 'a' : 'b')
        break
      case 'condition': {
        const { key, condition, value } = node.data
        next = after(node, compare(valueOf(key, state, facts), condition, value) ? 'a' : 'b')
        break
      }
      case 'ticket':
        effects.push({ kind: 'queue', queueId: node.data.id })
        next = after(node, SINGLE_OUTPUT)
        break
      case 'singleBlock':
        if (runElements(node, 0)) return { state, effects }
        next = after(node, SINGLE_OUTPUT)
        break
    }
  }
}
