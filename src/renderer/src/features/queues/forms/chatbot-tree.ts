import {
  CHATBOT_MAX_DEPTH,
  CHATBOT_NAME,
  type ChatbotOptionDto,
  type ChatbotOptionInput,
  type ChatbotType,
} from '@shared/contracts/queues'

/** One option as the tree editor holds it: `key` identifies it on screen, `id` on the server. */
export interface ChatbotNode {
  key: string
  id?: number
  name: string
  greetingMessage: string
  queueType: ChatbotType
  optQueueId: number | null
  optUserId: number | null
  optIntegrationId: number | null
  optFileId: number | null
  closeTicket: boolean
  options: ChatbotNode[]
}

/** What is wrong with an option, as `queues` namespace keys (the spec's words in en). */
export type ChatbotProblem =
  | {
      field: 'name'
      message: 'validation.required' | 'validation.optionTooShort' | 'validation.tooLong'
    }
  | { field: 'greetingMessage'; message: 'validation.needsMessage' }
  | { field: 'optQueueId'; message: 'validation.chooseQueue' }
  | { field: 'optUserId'; message: 'validation.chooseUser' }
  | { field: 'optIntegrationId'; message: 'validation.chooseIntegration' }
  | { field: 'optFileId'; message: 'validation.chooseFileList' }

let lastKey = 0
const nextKey = () => `option-${++lastKey}`

export const newChatbotNode = (): ChatbotNode => ({
  key: nextKey(),
  name: '',
  greetingMessage: '',
  queueType: 'text',
  optQueueId: null,
  optUserId: null,
  optIntegrationId: null,
  optFileId: null,
  closeTicket: false,
  options: [],
})

/** The server's tree as editor nodes. */
export const toChatbotNodes = (options: ChatbotOptionDto[]): ChatbotNode[] =>
  options.map((option) => ({
    key: nextKey(),
    id: option.id,
    name: option.name,
    greetingMessage: option.greetingMessage,
    queueType: option.queueType,
    optQueueId: option.optQueueId,
    optUserId: option.optUserId,
    optIntegrationId: option.optIntegrationId,
    optFileId: option.optFileId,
    closeTicket: option.closeTicket,
    options: toChatbotNodes(option.options),
  }))

/** The editor's tree as the PUT /queue body's `chatbots`. */
export const toChatbotInputs = (nodes: ChatbotNode[]): ChatbotOptionInput[] =>
  nodes.map((node) => ({
    ...(node.id !== undefined ? { id: node.id } : {}),
    name: node.name.trim(),
    greetingMessage: node.greetingMessage,
    queueType: node.queueType,
    optQueueId: node.optQueueId,
    optUserId: node.optUserId,
    optIntegrationId: node.optIntegrationId,
    optFileId: node.optFileId,
    closeTicket: node.closeTicket,
    options: toChatbotInputs(node.options),
  }))

/** Rewrites the nodes `change` touches; untouched branches keep their identity. */
const mapTree = (
  nodes: ChatbotNode[],
  change: (siblings: ChatbotNode[]) => ChatbotNode[],
): ChatbotNode[] => {
  const changed = change(nodes)
  let touched = changed !== nodes
  const next = changed.map((node) => {
    const options = mapTree(node.options, change)
    if (options === node.options) return node
    touched = true
    return { ...node, options }
  })
  return touched ? next : nodes
}

/** Changes some fields of one option. */
export const updateNode = (
  nodes: ChatbotNode[],
  key: string,
  changes: Partial<Omit<ChatbotNode, 'key' | 'id' | 'options'>>,
): ChatbotNode[] =>
  mapTree(nodes, (siblings) =>
    siblings.some((node) => node.key === key)
      ? siblings.map((node) => (node.key === key ? { ...node, ...changes } : node))
      : siblings,
  )

/** Adds an empty option as the last child of `key`. */
export const addChild = (nodes: ChatbotNode[], key: string, child = newChatbotNode()) =>
  mapTree(nodes, (siblings) =>
    siblings.some((node) => node.key === key)
      ? siblings.map((node) =>
          node.key === key ? { ...node, options: [...node.options, child] } : node,
        )
      : siblings,
  )

/** Adds an empty option right after `key`, at its level. */
export const addSibling = (nodes: ChatbotNode[], key: string, sibling = newChatbotNode()) =>
  mapTree(nodes, (siblings) => {
    const index = siblings.findIndex((node) => node.key === key)
    return index < 0
      ? siblings
      : [...siblings.slice(0, index + 1), sibling, ...siblings.slice(index + 1)]
  })

/** Removes an option and everything under it. */
export const removeNode = (nodes: ChatbotNode[], key: string) =>
  mapTree(nodes, (siblings) =>
    siblings.some((node) => node.key === key)
      ? siblings.filter((node) => node.key !== key)
      : siblings,
  )

/** Moves an option one place up (-1) or down (+1) among its siblings. */
export const moveNode = (nodes: ChatbotNode[], key: string, offset: -1 | 1) =>
  mapTree(nodes, (siblings) => {
    const index = siblings.findIndex((node) => node.key === key)
    const target = index + offset
    if (index < 0 || target < 0 || target >= siblings.length) return siblings
    const next = [...siblings]
    ;[next[index], next[target]] = [next[target]!, next[index]!]
    return next
  })

/**
 * The problems of one option (001 §5): a name of 4 to 100 characters, a text option with
 * children needs the message that leads to them, and an option that routes says where: its
 * queue (and attendant), its integration or its file list.
 */
export const nodeProblems = (node: ChatbotNode): ChatbotProblem[] => {
  const problems: ChatbotProblem[] = []
  const name = node.name.trim()
  if (!name) problems.push({ field: 'name', message: 'validation.required' })
  else if (name.length < CHATBOT_NAME.min)
    problems.push({ field: 'name', message: 'validation.optionTooShort' })
  else if (name.length > CHATBOT_NAME.max)
    problems.push({ field: 'name', message: 'validation.tooLong' })
  if (node.queueType === 'text' && node.options.length > 0 && !node.greetingMessage.trim())
    problems.push({ field: 'greetingMessage', message: 'validation.needsMessage' })
  if ((node.queueType === 'queue' || node.queueType === 'attendent') && node.optQueueId === null)
    problems.push({ field: 'optQueueId', message: 'validation.chooseQueue' })
  if (node.queueType === 'attendent' && node.optUserId === null)
    problems.push({ field: 'optUserId', message: 'validation.chooseUser' })
  if (node.queueType === 'integration' && node.optIntegrationId === null)
    problems.push({ field: 'optIntegrationId', message: 'validation.chooseIntegration' })
  if (node.queueType === 'file' && node.optFileId === null)
    problems.push({ field: 'optFileId', message: 'validation.chooseFileList' })
  return problems
}

/** Whether every option of the tree is valid. */
export const isTreeValid = (nodes: ChatbotNode[]): boolean =>
  nodes.every((node) => nodeProblems(node).length === 0 && isTreeValid(node.options))

/** Levels under and including these nodes (0 for none). */
export const treeDepth = (nodes: ChatbotNode[]): number =>
  nodes.reduce((deepest, node) => Math.max(deepest, 1 + treeDepth(node.options)), 0)

/** Whether an option at `level` (1 at the top) may get children. */
export const canHaveChildren = (level: number) => level < CHATBOT_MAX_DEPTH
