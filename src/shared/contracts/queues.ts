import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { Id, Timestamp } from './common'
import { ServiceHours } from './service-hours'

/** Queue name length (001 §5). */
export const QUEUE_NAME = { min: 2, max: 50 } as const
/** Queue colour length (001 §5); the value is a CSS hex colour. */
export const QUEUE_COLOR = { min: 3, max: 9 } as const
/** `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`. */
export const QUEUE_COLOR_PATTERN =
  '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$'
/** Rotation times in minutes; 0 means unset (001 §9). */
export const ROTATION_MINUTES = [0, 2, 5, 10, 15, 30, 45, 60] as const
/** Option names, at least 4 characters (001 §5). */
export const CHATBOT_NAME = { min: 4, max: 100 } as const
/** Levels of an option tree, the queue's own options being level 1 (reference §7). */
export const CHATBOT_MAX_DEPTH = 10
/** Options under one parent; the bot lists them as a numbered menu. */
export const CHATBOT_MAX_SIBLINGS = 50
/** Options in one saved tree: each is written on its own, under the tree's lock. */
export const CHATBOT_MAX_OPTIONS = 500
/** What choosing an option does (001 §9). */
export const CHATBOT_TYPES = ['text', 'attendent', 'queue', 'integration', 'file'] as const
export type ChatbotType = (typeof CHATBOT_TYPES)[number]

const message = Type.String({ maxLength: 5000 })
const reference = Type.Union([Id, Type.Null()])
const ChatbotTypeSchema = Type.Union(CHATBOT_TYPES.map((type) => Type.Literal(type)))

/**
 * Builds a tree schema `depth` levels deep. JSON Schema recursion would need a `$id` shared by
 * every route's validator; nesting the levels out instead also makes the depth cap a plain
 * schema rule. `Leaf` is the node without its children.
 */
const nestedTree = <T extends TSchema>(
  node: (children: TSchema | null) => T,
  depth: number,
): TSchema =>
  node(
    depth > 1 ? Type.Array(nestedTree(node, depth - 1), { maxItems: CHATBOT_MAX_SIBLINGS }) : null,
  )

/** A chatbot option as the server answers it, with its children under `options`. */
export interface ChatbotOptionDto {
  id: number
  name: string
  greetingMessage: string
  queueType: ChatbotType
  /** The queue of a level-1 option; null deeper down. */
  queueId: number | null
  /** The parent option; null at level 1. */
  chatbotId: number | null
  optQueueId: number | null
  optUserId: number | null
  optIntegrationId: number | null
  optFileId: number | null
  closeTicket: boolean
  position: number
  options: ChatbotOptionDto[]
}

const chatbotOptionFields = {
  id: Id,
  name: Type.String(),
  greetingMessage: Type.String(),
  queueType: ChatbotTypeSchema,
  queueId: reference,
  chatbotId: reference,
  optQueueId: reference,
  optUserId: reference,
  optIntegrationId: reference,
  optFileId: reference,
  closeTicket: Type.Boolean(),
  position: Type.Integer(),
}

export const ChatbotOptionDto = Type.Unsafe<ChatbotOptionDto>(
  nestedTree(
    (children) =>
      Type.Object({
        ...chatbotOptionFields,
        // The deepest level has no children; the depth cap keeps it so.
        options: children ?? Type.Array(Type.Object({}), { maxItems: 0 }),
      }),
    CHATBOT_MAX_DEPTH,
  ),
)

/**
 * An option sent in a tree (PUT /queue, PUT /chatbot options). With `id`, the existing option of
 * that tree is updated; without, one is created. Options of the tree left out are deleted.
 */
export interface ChatbotOptionInput {
  id?: number
  name: string
  greetingMessage?: string
  queueType?: ChatbotType
  optQueueId?: number | null
  optUserId?: number | null
  optIntegrationId?: number | null
  optFileId?: number | null
  closeTicket?: boolean
  options?: ChatbotOptionInput[]
}

const chatbotInputFields = {
  id: Type.Optional(Id),
  name: Type.String({ minLength: CHATBOT_NAME.min, maxLength: CHATBOT_NAME.max }),
  greetingMessage: Type.Optional(message),
  queueType: Type.Optional(ChatbotTypeSchema),
  optQueueId: Type.Optional(reference),
  optUserId: Type.Optional(reference),
  optIntegrationId: Type.Optional(reference),
  optFileId: Type.Optional(reference),
  closeTicket: Type.Optional(Type.Boolean()),
}

/** A tree of options at most `depth` levels deep. */
export const chatbotTreeInput = (depth: number) =>
  Type.Unsafe<ChatbotOptionInput[]>(
    Type.Array(
      nestedTree(
        (children) =>
          Type.Object({
            ...chatbotInputFields,
            // Declared at the deepest level too: undeclared keys are stripped, so a deeper
            // level must fail here rather than vanish.
            options: Type.Optional(children ?? Type.Array(Type.Object({}), { maxItems: 0 })),
          }),
        depth,
      ),
      { maxItems: CHATBOT_MAX_SIBLINGS },
    ),
  )

export const QueueDto = Type.Object({
  id: Id,
  name: Type.String(),
  color: Type.String(),
  orderQueue: Type.Union([Type.Integer(), Type.Null()]),
  greetingMessage: Type.String(),
  outOfHoursMessage: Type.String(),
  tempoRoteador: Type.Integer(),
  ativarRoteador: Type.Boolean(),
  integrationId: reference,
  fileListId: reference,
  closeTicket: Type.Boolean(),
  schedules: ServiceHours,
  companyId: Id,
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type QueueDto = Static<typeof QueueDto>

/** GET /queue: the company's queues by orderQueue, without their options. */
export const QueueList = Type.Array(QueueDto)

/** GET /queue/{id}, POST and PUT answers: the queue with its whole option tree. */
export const QueueDetailDto = Type.Intersect([
  QueueDto,
  Type.Object({ chatbots: Type.Array(ChatbotOptionDto) }),
])
export type QueueDetailDto = QueueDto & { chatbots: ChatbotOptionDto[] }

const RotationMinutes = Type.Union(ROTATION_MINUTES.map((minutes) => Type.Literal(minutes)))

const queueFields = {
  name: Type.String({ minLength: QUEUE_NAME.min, maxLength: QUEUE_NAME.max }),
  color: Type.String({
    minLength: QUEUE_COLOR.min,
    maxLength: QUEUE_COLOR.max,
    pattern: QUEUE_COLOR_PATTERN,
  }),
  orderQueue: Type.Optional(
    Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000 }), Type.Null()]),
  ),
  greetingMessage: Type.Optional(message),
  outOfHoursMessage: Type.Optional(message),
  tempoRoteador: Type.Optional(RotationMinutes),
  ativarRoteador: Type.Optional(Type.Boolean()),
  integrationId: Type.Optional(reference),
  fileListId: Type.Optional(reference),
  closeTicket: Type.Optional(Type.Boolean()),
  schedules: Type.Optional(ServiceHours),
  /** The whole option tree; left out, the tree is kept as it is. */
  chatbots: Type.Optional(chatbotTreeInput(CHATBOT_MAX_DEPTH)),
}

export const CreateQueueBody = Type.Object(queueFields)
export type CreateQueueBody = Static<typeof CreateQueueBody>

export const UpdateQueueBody = Type.Object({
  ...queueFields,
  name: Type.Optional(queueFields.name),
  color: Type.Optional(queueFields.color),
})
export type UpdateQueueBody = Static<typeof UpdateQueueBody>

/** A chatbot option on its own (GET /chatbot), without its children. */
export const ChatbotDto = Type.Object(chatbotOptionFields)
export type ChatbotDto = Static<typeof ChatbotDto>
export const ChatbotList = Type.Array(ChatbotDto)

/** GET /chatbot/{id}, POST and PUT answers: the option, its parent and its subtree. */
export const ChatbotDetailDto = Type.Intersect([
  Type.Object(chatbotOptionFields),
  Type.Object({
    mainChatbot: Type.Union([Type.Object({ id: Id, name: Type.String() }), Type.Null()]),
    options: Type.Array(ChatbotOptionDto),
  }),
])
export type ChatbotDetailDto = ChatbotDto & {
  mainChatbot: { id: number; name: string } | null
  options: ChatbotOptionDto[]
}

const chatbotBodyFields = {
  name: chatbotInputFields.name,
  greetingMessage: chatbotInputFields.greetingMessage,
  queueType: chatbotInputFields.queueType,
  optQueueId: chatbotInputFields.optQueueId,
  optUserId: chatbotInputFields.optUserId,
  optIntegrationId: chatbotInputFields.optIntegrationId,
  optFileId: chatbotInputFields.optFileId,
  closeTicket: chatbotInputFields.closeTicket,
}

/** POST /chatbot: a free-standing option, or one placed under a queue or a parent option. */
export const CreateChatbotBody = Type.Object({
  ...chatbotBodyFields,
  queueId: Type.Optional(reference),
  chatbotId: Type.Optional(reference),
})
export type CreateChatbotBody = Static<typeof CreateChatbotBody>

/** PUT /chatbot/{id}: the option's fields and, when sent, its whole subtree as `options`. */
export const UpdateChatbotBody = Type.Object({
  ...chatbotBodyFields,
  name: Type.Optional(chatbotBodyFields.name),
  options: Type.Optional(chatbotTreeInput(CHATBOT_MAX_DEPTH - 1)),
})
export type UpdateChatbotBody = Static<typeof UpdateChatbotBody>
