import {
  CHATBOT_MAX_DEPTH,
  CHATBOT_MAX_OPTIONS,
  CHATBOT_NAME,
  type ChatbotOptionInput,
} from '@shared/contracts/queues'
import { validationError } from '@server/lib/app-error'

/** One option of a submitted tree, in pre-order, with where it sits. */
export interface FlatOption {
  input: ChatbotOptionInput
  /** 1 for the options directly under the tree's root (a queue, or the option being edited). */
  level: number
  /** Index in the flat list of its parent; null directly under the root. */
  parent: number | null
  /** Place among its siblings. */
  position: number
  /** Where the option is in the body, for the error's `field` ("chatbots.0.options.1"). */
  path: string
}

/** Pre-order list of a submitted tree: parents always come before their children. */
export function flattenTree(tree: ChatbotOptionInput[], rootPath: string): FlatOption[] {
  const flat: FlatOption[] = []
  const walk = (nodes: ChatbotOptionInput[], level: number, parent: number | null, path: string) =>
    nodes.forEach((input, position) => {
      const index = flat.length
      const here = `${path}.${position}`
      flat.push({ input, level, parent, position, path: here })
      walk(input.options ?? [], level + 1, index, `${here}.options`)
    })
  walk(tree, 1, null, rootPath)
  return flat
}

/** The fields of an option its rules look at. */
type OptionFields = Pick<
  ChatbotOptionInput,
  | 'name'
  | 'greetingMessage'
  | 'queueType'
  | 'optQueueId'
  | 'optUserId'
  | 'optIntegrationId'
  | 'optFileId'
>

/**
 * The rules of one option (001 §5, reference §7 "Build it right"): a name of at least four
 * characters once trimmed, a text option with children carries the message that introduces
 * them, and an option that routes says where.
 */
export function assertOptionRules(input: OptionFields, hasChildren: boolean, path: string) {
  if (input.name.trim().length < CHATBOT_NAME.min) throw validationError(`${path}.name`)
  const type = input.queueType ?? 'text'
  if (type === 'text' && hasChildren && !input.greetingMessage?.trim())
    throw validationError(`${path}.greetingMessage`)
  if ((type === 'queue' || type === 'attendent') && input.optQueueId == null)
    throw validationError(`${path}.optQueueId`)
  if (type === 'attendent' && input.optUserId == null) throw validationError(`${path}.optUserId`)
  if (type === 'integration' && input.optIntegrationId == null)
    throw validationError(`${path}.optIntegrationId`)
  if (type === 'file' && input.optFileId == null) throw validationError(`${path}.optFileId`)
}

/**
 * The rules of a whole tree before anything is written: at most `CHATBOT_MAX_OPTIONS` options
 * and `maxLevels` levels, each
 * existing option named at most once, and every option's own rules.
 */
export function assertTreeRules(
  flat: FlatOption[],
  maxLevels = CHATBOT_MAX_DEPTH,
  rootPath = 'chatbots',
) {
  if (flat.length > CHATBOT_MAX_OPTIONS) throw validationError(rootPath)
  const seen = new Set<number>()
  for (const { input, level, path } of flat) {
    if (level > maxLevels) throw validationError(path)
    if (input.id !== undefined) {
      if (seen.has(input.id)) throw validationError(`${path}.id`)
      seen.add(input.id)
    }
    assertOptionRules(input, (input.options?.length ?? 0) > 0, path)
  }
}
