import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { Id } from './common'

/** 002 §5: the name, required, 2 to 50 characters ('Muito curto!', 'Muito longo!'). */
export const FLOW_NAME = { min: 2, max: 50 } as const
export const FLOW_PAGE_SIZE = 20
/** 002 §9: an interval block waits at most 120 s. */
export const FLOW_INTERVAL_MAX_SECONDS = 120
/** 002 §9: the randomizer's slider runs 0 to 100 in steps of 10. */
export const FLOW_RANDOMIZER_STEP = 10
/** 002 §9: a node id is 30 random alphanumerics; ids of imported flows may differ a little. */
export const FLOW_NODE_ID_LENGTH = 30
export const FLOW_NODES_MAX = 500
export const FLOW_EDGES_MAX = 2_000
export const FLOW_TEXT_MAX = 4_096
export const FLOW_MENU_OPTIONS_MAX = 20
export const FLOW_CONTENT_ELEMENTS_MAX = 30
/** 002 §5 and §9: what each kind of flow media may weigh. */
export const FLOW_MEDIA_MAX_BYTES = {
  image: 2 * 1024 * 1024,
  audio: 5 * 1024 * 1024,
  video: 20 * 1024 * 1024,
} as const
export type FlowMediaKind = keyof typeof FLOW_MEDIA_MAX_BYTES
/** 002 §5: images png, jpg, jpeg; audio ogg or mp3 (opus in content blocks); video mp4 only. */
export const FLOW_MEDIA_TYPES: Record<FlowMediaKind, readonly string[]> = {
  image: ['image/png', 'image/jpeg'],
  audio: ['audio/ogg', 'audio/mpeg', 'audio/opus'],
  video: ['video/mp4'],
}
/** The file pickers' `accept`, by kind. */
export const FLOW_MEDIA_ACCEPT: Record<FlowMediaKind, string> = {
  image: '.png,.jpg,.jpeg,image/png,image/jpeg',
  audio: '.ogg,.mp3,.opus,audio/ogg,audio/mpeg,audio/opus',
  video: '.mp4,video/mp4',
}

/** 002 §4.2: the condition block's operators, 1 equals, 2 >=, 3 <=, 4 <, 5 >. */
export const FLOW_CONDITION_OPERATORS = [1, 2, 3, 4, 5] as const
export type FlowConditionOperator = (typeof FLOW_CONDITION_OPERATORS)[number]

export const FLOW_NODE_TYPES = [
  'start',
  'message',
  'interval',
  'condition',
  'menu',
  'img',
  'audio',
  'video',
  'randomizer',
  'singleBlock',
  'ticket',
] as const
export type FlowNodeType = (typeof FLOW_NODE_TYPES)[number]

export const FLOW_CONTENT_ELEMENT_TYPES = ['message', 'interval', 'img', 'audio', 'video'] as const
export type FlowContentElementType = (typeof FLOW_CONTENT_ELEMENT_TYPES)[number]

const text = (maxLength: number) => Type.String({ maxLength })
/** A stored flow media file: its name relative to the company's media, as uploads answer it. */
const MediaName = Type.String({ maxLength: 300 })
export const FlowNodeId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })

export const FlowMenuOption = Type.Object({
  number: Type.Integer({ minimum: 1, maximum: FLOW_MENU_OPTIONS_MAX }),
  value: text(200),
})
export type FlowMenuOption = Static<typeof FlowMenuOption>

/**
 * One element of a content block (reference §5): `number` is the element's own id, `value` its
 * text, its seconds, or its stored media name; `original` the uploaded file's name.
 */
export const FlowContentElement = Type.Object({
  number: FlowNodeId,
  type: Type.Union(FLOW_CONTENT_ELEMENT_TYPES.map((type) => Type.Literal(type))),
  value: text(FLOW_TEXT_MAX),
  original: Type.Optional(text(300)),
  record: Type.Optional(Type.Boolean()),
})
export type FlowContentElement = Static<typeof FlowContentElement>

/** Each node type's data (002 §3.10, reference §5). */
export const FlowNodeData = {
  start: Type.Object({ label: text(200) }),
  message: Type.Object({ label: text(FLOW_TEXT_MAX) }),
  interval: Type.Object({ sec: Type.Integer({ minimum: 0, maximum: 100_000 }) }),
  condition: Type.Object({
    key: text(100),
    condition: Type.Union(FLOW_CONDITION_OPERATORS.map((operator) => Type.Literal(operator))),
    value: text(500),
  }),
  menu: Type.Object({
    message: text(FLOW_TEXT_MAX),
    arrayOption: Type.Array(FlowMenuOption, { maxItems: FLOW_MENU_OPTIONS_MAX }),
  }),
  img: Type.Object({ url: MediaName }),
  audio: Type.Object({ url: MediaName, record: Type.Boolean() }),
  video: Type.Object({ url: MediaName }),
  randomizer: Type.Object({ percent: Type.Integer({ minimum: 0, maximum: 100 }) }),
  singleBlock: Type.Object({
    seq: Type.Array(FlowNodeId, { maxItems: FLOW_CONTENT_ELEMENTS_MAX }),
    elements: Type.Array(FlowContentElement, { maxItems: FLOW_CONTENT_ELEMENTS_MAX }),
  }),
  /** The queue the ticket moves to: its id, and its name as it was when chosen. */
  ticket: Type.Object({ id: Type.Integer({ minimum: 0 }), name: text(200) }),
} satisfies Record<FlowNodeType, TSchema>
export type FlowNodeDataOf<T extends FlowNodeType> = Static<(typeof FlowNodeData)[T]>

const Position = Type.Object({
  x: Type.Number({ minimum: -1_000_000, maximum: 1_000_000 }),
  y: Type.Number({ minimum: -1_000_000, maximum: 1_000_000 }),
})

const nodeOf = <T extends FlowNodeType>(type: T) =>
  Type.Object({
    id: FlowNodeId,
    type: Type.Literal(type),
    position: Position,
    data: FlowNodeData[type],
  })

/** A block on the canvas; editor extras (width, selected…) are not kept. */
export const FlowNode = Type.Union([
  nodeOf('start'),
  nodeOf('message'),
  nodeOf('interval'),
  nodeOf('condition'),
  nodeOf('menu'),
  nodeOf('img'),
  nodeOf('audio'),
  nodeOf('video'),
  nodeOf('randomizer'),
  nodeOf('singleBlock'),
  nodeOf('ticket'),
])
export type FlowNode = Static<typeof FlowNode>
export type FlowNodeOf<T extends FlowNodeType> = Extract<FlowNode, { type: T }>

/**
 * An arrow from a node's output handle to another node (reference §5: handles by type). Null
 * comes first in the handles' unions: with type coercion on, a null would otherwise become ''.
 */
export const FlowEdge = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 200 }),
  source: FlowNodeId,
  sourceHandle: Type.Union([Type.Null(), Type.String({ maxLength: 20 })]),
  target: FlowNodeId,
  targetHandle: Type.Union([Type.Null(), Type.String({ maxLength: 20 })]),
})
export type FlowEdge = Static<typeof FlowEdge>

/** What the canvas draws and the runtime runs: its blocks and the arrows between them. */
export const FlowGraph = Type.Object({
  nodes: Type.Array(FlowNode, { maxItems: FLOW_NODES_MAX }),
  connections: Type.Array(FlowEdge, { maxItems: FLOW_EDGES_MAX }),
})
export type FlowGraph = Static<typeof FlowGraph>

/** A row of the flow list (002 §2.14): no graph. */
export const FlowDto = Type.Object({
  id: Id,
  name: Type.String(),
  active: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type FlowDto = Static<typeof FlowDto>

/**
 * GET /flowbuilder/flow/{id} (002 §7): the flow with its graph, null before the first save;
 * `media` gives a short-lived address for each media name the graph uses.
 */
export const FlowDetailDto = Type.Composite([
  FlowDto,
  Type.Object({
    flow: Type.Union([FlowGraph, Type.Null()]),
    media: Type.Record(Type.String(), Type.String()),
  }),
])
export type FlowDetailDto = Static<typeof FlowDetailDto>
export const FlowDetailResponse = Type.Object({ flow: FlowDetailDto })
export type FlowDetailResponse = Static<typeof FlowDetailResponse>

/** GET /flowbuilder (searchParam, pageNumber), by name. */
export const ListFlowsQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
})
export type ListFlowsQuery = Static<typeof ListFlowsQuery>

export const FlowPage = Type.Object({
  flows: Type.Array(FlowDto),
  count: Type.Integer({ minimum: 0 }),
  hasMore: Type.Boolean(),
})
export type FlowPage = Static<typeof FlowPage>

/** POST /flowbuilder {name}; PUT /flowbuilder {flowId, name}. */
export const CreateFlowBody = Type.Object({ name: text(500) })
export type CreateFlowBody = Static<typeof CreateFlowBody>
export const RenameFlowBody = Type.Object({ flowId: Id, name: text(500) })
export type RenameFlowBody = Static<typeof RenameFlowBody>
/** POST /flowbuilder/duplicate {flowId}: a copy named "{name} - cópia". */
export const DuplicateFlowBody = Type.Object({ flowId: Id })
export type DuplicateFlowBody = Static<typeof DuplicateFlowBody>

/** POST /flowbuilder/flow {idFlow, nodes, connections}: the whole graph, validated. */
export const SaveFlowGraphBody = Type.Composite([Type.Object({ idFlow: Id }), FlowGraph])
export type SaveFlowGraphBody = Static<typeof SaveFlowGraphBody>

/**
 * POST /flowbuilder/img, /flowbuilder/audio (002 §7) and /flowbuilder/video: one file in the
 * multipart field `medias`; the answer names it as the graph stores it.
 */
export const FlowMediaUpload = Type.Object({
  name: Type.String(),
  /** A short-lived address to show or play it in the editor. */
  url: Type.String(),
  mime: Type.String(),
})
export type FlowMediaUpload = Static<typeof FlowMediaUpload>
/** POST /flowbuilder/content: each file's stored name, in upload order (002 §7). */
export const FlowContentUpload = Type.Array(FlowMediaUpload)
export type FlowContentUpload = Static<typeof FlowContentUpload>
/** Reference §5: a run's states; the last two are final. */
export const FLOW_RUN_STATUSES = [
  'running',
  'waiting_input',
  'waiting_timer',
  'finished',
  'aborted',
] as const
export type FlowRunStatus = (typeof FLOW_RUN_STATUSES)[number]

/** Where a run is: the block it is in, and for a content block the next card to run. */
export const FlowRunState = Type.Object({
  status: Type.Union(FLOW_RUN_STATUSES.map((status) => Type.Literal(status))),
  nodeId: Type.String({ maxLength: 64 }),
  elementIndex: Type.Integer({ minimum: 0, maximum: 1_000 }),
  variables: Type.Record(
    Type.String({ maxLength: 100 }),
    Type.String({ maxLength: FLOW_TEXT_MAX }),
  ),
  invalidAttempts: Type.Integer({ minimum: 0, maximum: 100 }),
})
export type FlowRunState = Static<typeof FlowRunState>

/**
 * POST /flowbuilder/simulate ("Test this flow", issue 18): one event of a simulated contact run
 * through the editor's graph, saved or not, from the state the previous answer gave (null to
 * start). Nothing is stored nor sent.
 */
export const SimulateFlowBody = Type.Composite([
  FlowGraph,
  Type.Object({
    state: Type.Union([FlowRunState, Type.Null()]),
    event: Type.Union([
      Type.Object({ kind: Type.Literal('start'), text: text(FLOW_TEXT_MAX) }),
      Type.Object({ kind: Type.Literal('input'), text: text(FLOW_TEXT_MAX) }),
      Type.Object({ kind: Type.Literal('timer') }),
    ]),
    /** The simulated contact's name; the caller's own when absent. */
    contactName: Type.Optional(Type.String({ maxLength: 100 })),
  }),
])
export type SimulateFlowBody = Static<typeof SimulateFlowBody>

/** What the flow did for the simulated contact, in order, as the contact would see it. */
export const FlowSimulationStep = Type.Union([
  Type.Object({ kind: Type.Literal('text'), text: Type.String() }),
  Type.Object({
    kind: Type.Literal('media'),
    media: Type.Union([Type.Literal('image'), Type.Literal('audio'), Type.Literal('video')]),
    /** A short-lived address of the file, null when it is not one of the company's. */
    url: Type.Union([Type.String(), Type.Null()]),
  }),
  Type.Object({ kind: Type.Literal('queue'), queueName: Type.String() }),
  Type.Object({ kind: Type.Literal('timer'), seconds: Type.Integer() }),
])
export type FlowSimulationStep = Static<typeof FlowSimulationStep>

export const SimulateFlowResponse = Type.Object({
  state: FlowRunState,
  steps: Type.Array(FlowSimulationStep),
  /** Why a run that ended was aborted (invalidAnswers, stepLimit, missingNode). */
  reason: Type.Union([Type.String(), Type.Null()]),
})
export type SimulateFlowResponse = Static<typeof SimulateFlowResponse>

/**
 * One thing wrong with a graph (`flowGraphProblems`): which node, element or arrow, and what.
 * The save answers 400 ERR_FLOW_INVALID with the list.
 */
export const FLOW_PROBLEMS = [
  /** Not exactly one start block. */
  'startCount',
  'duplicateNodeId',
  'duplicateEdgeId',
  /** An arrow from or to a block that is not there. */
  'edgeEnds',
  /** An arrow from an output the block does not have, or into the start block. */
  'edgeHandle',
  /** Two arrows from one output: which one the flow takes would be a guess. */
  'handleTwice',
  /** A message, a menu's text or a content text card is empty ('Campos de mensagem vazio!'). */
  'emptyText',
  /** An interval block of 0 s or over 120 s. */
  'intervalRange',
  /** An interval card of a content block of 0 s or over 120 s. */
  'elementIntervalRange',
  /** A media block or card without its file ('Delete os cards vazios'). */
  'emptyMedia',
  /** A ticket block without a queue ('Adicione uma fila'). */
  'noQueue',
  /** A menu without options, with an empty one, or not numbered 1..n. */
  'menuOptions',
  'conditionKey',
  'randomizerPercent',
  /** A content block's order names cards it does not have, or misses some. */
  'contentOrder',
  /** A loop that never waits for the contact or a timer would run forever. */
  'cycleWithoutWait',
  /** Server only: a media name that is not one of the company's flow files. */
  'unknownMedia',
  /** Server only: a queue that is not one of the company's. */
  'unknownQueue',
] as const
export type FlowProblemCode = (typeof FLOW_PROBLEMS)[number]

export const FlowProblem = Type.Object({
  problem: Type.Union(FLOW_PROBLEMS.map((problem) => Type.Literal(problem))),
  nodeId: Type.Optional(Type.String()),
  edgeId: Type.Optional(Type.String()),
  elementId: Type.Optional(Type.String()),
})
export type FlowProblem = Static<typeof FlowProblem>
