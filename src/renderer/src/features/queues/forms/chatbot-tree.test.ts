import { describe, expect, it } from 'vitest'
import { CHATBOT_MAX_DEPTH } from '@shared/contracts/queues'
import {
  addChild,
  addSibling,
  canHaveChildren,
  isTreeValid,
  moveNode,
  newChatbotNode,
  nodeProblems,
  removeNode,
  toChatbotInputs,
  toChatbotNodes,
  treeDepth,
  updateNode,
  type ChatbotNode,
} from './chatbot-tree'

const node = (name: string, changes: Partial<ChatbotNode> = {}): ChatbotNode => ({
  ...newChatbotNode(),
  name,
  ...changes,
})

const names = (nodes: ChatbotNode[]): unknown =>
  nodes.map((n) => (n.options.length ? { [n.name]: names(n.options) } : n.name))

describe('tree operations', () => {
  const build = () => {
    const a = node('Alfa', {
      greetingMessage: 'Escolha:',
      options: [node('Alfa 1'), node('Alfa 2')],
    })
    const b = node('Bravo')
    return { tree: [a, b], a, b }
  }

  it('adds a child last and a sibling right after', () => {
    const { tree, a, b } = build()
    const withChild = addChild(tree, b.key, node('Bravo 1'))
    expect(names(withChild)).toEqual([{ Alfa: ['Alfa 1', 'Alfa 2'] }, { Bravo: ['Bravo 1'] }])
    const withSibling = addSibling(tree, a.options[0]!.key, node('Alfa 1½'))
    expect(names(withSibling)).toEqual([{ Alfa: ['Alfa 1', 'Alfa 1½', 'Alfa 2'] }, 'Bravo'])
  })

  it('removes an option with its subtree, and moves within its siblings only', () => {
    const { tree, a, b } = build()
    expect(names(removeNode(tree, a.key))).toEqual(['Bravo'])
    expect(names(moveNode(tree, b.key, -1))).toEqual(['Bravo', { Alfa: ['Alfa 1', 'Alfa 2'] }])
    expect(names(moveNode(tree, a.options[1]!.key, -1))).toEqual([
      { Alfa: ['Alfa 2', 'Alfa 1'] },
      'Bravo',
    ])
    // Past the ends nothing moves, and the same tree comes back.
    expect(moveNode(tree, a.key, -1)).toBe(tree)
    expect(moveNode(tree, b.key, 1)).toBe(tree)
  })

  it('changes one option and keeps untouched branches as they were', () => {
    const { tree, a, b } = build()
    const next = updateNode(tree, b.key, { name: 'Bravo!' })
    expect(next[1]!.name).toBe('Bravo!')
    expect(next[0]).toBe(a)
    expect(updateNode(tree, 'missing', { name: 'x' })).toBe(tree)
  })

  it('round-trips the server tree, new options without an id', () => {
    const server = [
      {
        id: 7,
        name: 'Financeiro',
        greetingMessage: 'Escolha:',
        queueType: 'text' as const,
        queueId: 1,
        chatbotId: null,
        optQueueId: null,
        optUserId: null,
        optIntegrationId: null,
        optFileId: null,
        closeTicket: false,
        position: 0,
        options: [],
      },
    ]
    const [stored] = toChatbotNodes(server)
    const [sent] = toChatbotInputs(addChild([stored!], stored!.key, node('  Boletos  ')))
    expect(sent).toMatchObject({ id: 7, name: 'Financeiro', greetingMessage: 'Escolha:' })
    expect(sent!.options).toEqual([expect.objectContaining({ name: 'Boletos' })])
    expect(sent!.options![0]).not.toHaveProperty('id')
  })

  it('knows the depth and stops children at level ten', () => {
    expect(treeDepth([])).toBe(0)
    expect(treeDepth(build().tree)).toBe(2)
    expect(canHaveChildren(CHATBOT_MAX_DEPTH - 1)).toBe(true)
    expect(canHaveChildren(CHATBOT_MAX_DEPTH)).toBe(false)
  })
})

describe('option rules', () => {
  it('asks for a name of at least four characters', () => {
    expect(nodeProblems(node(''))).toEqual([{ field: 'name', message: 'validation.required' }])
    expect(nodeProblems(node('  abc '))).toEqual([
      { field: 'name', message: 'validation.optionTooShort' },
    ])
    expect(nodeProblems(node('abcd'))).toEqual([])
    expect(nodeProblems(node('x'.repeat(101)))).toEqual([
      { field: 'name', message: 'validation.tooLong' },
    ])
  })

  it('needs a message to continue when a text option has children', () => {
    const parent = node('Financeiro', { options: [node('Boletos')] })
    expect(nodeProblems(parent)).toEqual([
      { field: 'greetingMessage', message: 'validation.needsMessage' },
    ])
    expect(nodeProblems({ ...parent, greetingMessage: '   ' })).toHaveLength(1)
    expect(nodeProblems({ ...parent, greetingMessage: 'Escolha:' })).toEqual([])
    // Another type moves on by itself, so it needs no message.
    expect(nodeProblems({ ...parent, queueType: 'queue', optQueueId: 1 })).toEqual([])
  })

  it('asks where a queue or attendant option sends to', () => {
    expect(nodeProblems(node('Fila', { queueType: 'queue' }))).toEqual([
      { field: 'optQueueId', message: 'validation.chooseQueue' },
    ])
    expect(nodeProblems(node('Ana Paula', { queueType: 'attendent', optQueueId: 1 }))).toEqual([
      { field: 'optUserId', message: 'validation.chooseUser' },
    ])
    expect(
      nodeProblems(node('Ana Paula', { queueType: 'attendent', optQueueId: 1, optUserId: 2 })),
    ).toEqual([])
  })

  it('asks which integration or file list an option sends', () => {
    expect(nodeProblems(node('Robô', { queueType: 'integration' }))).toEqual([
      { field: 'optIntegrationId', message: 'validation.chooseIntegration' },
    ])
    expect(nodeProblems(node('Robô', { queueType: 'integration', optIntegrationId: 4 }))).toEqual(
      [],
    )
    expect(nodeProblems(node('Catálogo', { queueType: 'file' }))).toEqual([
      { field: 'optFileId', message: 'validation.chooseFileList' },
    ])
    expect(nodeProblems(node('Catálogo', { queueType: 'file', optFileId: 2 }))).toEqual([])
  })

  it('judges the whole tree, down to the deepest option', () => {
    const deep = [node('Topo', { greetingMessage: 'Escolha:', options: [node('abc')] })]
    expect(isTreeValid(deep)).toBe(false)
    expect(isTreeValid(updateNode(deep, deep[0]!.options[0]!.key, { name: 'abcd' }))).toBe(true)
  })
})
