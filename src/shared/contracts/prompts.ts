import { Type, type Static } from '@sinclair/typebox'
import { Id } from './common'

/** 002 §3.8: "texto" answers in text; the others are Azure's Brazilian Portuguese neural voices. */
export const PROMPT_VOICES = [
  'texto',
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
] as const
export type PromptVoice = (typeof PROMPT_VOICES)[number]
export const PromptVoiceSchema = Type.Union(PROMPT_VOICES.map((voice) => Type.Literal(voice)))

/** Reference §7 "Build it right": the ranges a prompt's parameters may take. */
export const PROMPT_LIMITS = {
  name: { max: 100 },
  prompt: { max: 20_000 },
  maxTokens: { min: 1, max: 4096 },
  temperature: { min: 0, max: 2 },
  maxMessages: { min: 1, max: 50 },
} as const
export const PROMPT_DEFAULTS = {
  voice: 'texto',
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
} as const
export const PROMPT_PAGE_SIZE = 20

/**
 * An AI prompt (002 §3.8, reference §7). The provider's key and the voice key are sealed at
 * rest; answers carry them masked (the last 4 characters), or '' when none is stored. `queueId`
 * is where the conversation goes when the AI asks for a human.
 */
export const PromptDto = Type.Object({
  id: Id,
  name: Type.String(),
  prompt: Type.String(),
  apiKey: Type.String(),
  /** The chat model; '' uses the operator's default. */
  model: Type.String(),
  maxTokens: Type.Integer(),
  temperature: Type.Number(),
  maxMessages: Type.Integer(),
  voice: PromptVoiceSchema,
  voiceKey: Type.String(),
  voiceRegion: Type.String(),
  queueId: Type.Union([Id, Type.Null()]),
  queue: Type.Union([Type.Object({ id: Id, name: Type.String() }), Type.Null()]),
  promptTokens: Type.Integer({ minimum: 0 }),
  completionTokens: Type.Integer({ minimum: 0 }),
  totalTokens: Type.Integer({ minimum: 0 }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type PromptDto = Static<typeof PromptDto>

/** GET /prompt (searchParam, pageNumber), by name. */
export const ListPromptsQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
})
export type ListPromptsQuery = Static<typeof ListPromptsQuery>

export const PromptList = Type.Object({
  prompts: Type.Array(PromptDto),
  count: Type.Integer({ minimum: 0 }),
  hasMore: Type.Boolean(),
})
export type PromptList = Static<typeof PromptList>

/**
 * POST /prompt and PUT /prompt/{id}. On an update an absent or empty key, or the masked one
 * sent back, keeps the stored key.
 */
export const SavePromptBody = Type.Object({
  name: Type.String({ maxLength: 500 }),
  prompt: Type.String({ maxLength: PROMPT_LIMITS.prompt.max }),
  apiKey: Type.Optional(Type.String({ maxLength: 500 })),
  model: Type.Optional(Type.String({ maxLength: 100 })),
  queueId: Type.Union([Id, Type.Null()]),
  maxTokens: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  temperature: Type.Optional(Type.Number({ minimum: -100, maximum: 100 })),
  maxMessages: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  voice: Type.Optional(Type.String({ maxLength: 100 })),
  voiceKey: Type.Optional(Type.String({ maxLength: 500 })),
  voiceRegion: Type.Optional(Type.String({ maxLength: 100 })),
})
export type SavePromptBody = Static<typeof SavePromptBody>

/**
 * DELETE /prompt/{id}: reference §7 keeps the spec's answer, a 200 whose message says the prompt
 * is in use (shown as information); `inUse` and `usedBy` let the client say it in its language.
 */
export const DeletePromptResponse = Type.Object({
  message: Type.String(),
  inUse: Type.Boolean(),
  usedBy: Type.Optional(
    Type.Object({
      connections: Type.Array(Type.String()),
      activeTickets: Type.Integer({ minimum: 0 }),
    }),
  ),
})
export type DeletePromptResponse = Static<typeof DeletePromptResponse>
