import { Type, type Static } from '@sinclair/typebox'
import { Id } from './common'

/** 002 §3.12: what an integration talks to. */
export const INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot', 'flowbuilder'] as const
export type IntegrationType = (typeof INTEGRATION_TYPES)[number]
export const IntegrationTypeSchema = Type.Union(INTEGRATION_TYPES.map((type) => Type.Literal(type)))

/** Dialogflow's conversation languages (002 §3.12). */
export const INTEGRATION_LANGUAGES = ['pt-BR', 'en', 'es'] as const
export type IntegrationLanguage = (typeof INTEGRATION_LANGUAGES)[number]
export const IntegrationLanguageSchema = Type.Union(
  INTEGRATION_LANGUAGES.map((language) => Type.Literal(language)),
)

/** 002 §5: the name, required, 2 to 50 characters; unique within the company. */
export const INTEGRATION_NAME = { min: 2, max: 50 } as const
export const INTEGRATION_DEFAULTS = { typebotDelayMessage: 1000, typebotExpires: 1 } as const
export const INTEGRATION_PAGE_SIZE = 20
/** A Dialogflow service account's JSON is a few kilobytes; this bounds what is stored sealed. */
export const INTEGRATION_CREDENTIALS_MAX = 20_000

/** How an integration has been doing with real conversations (issue 17 "Beyond the peers"). */
export const IntegrationHealth = Type.Object({
  lastSuccessAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lastErrorAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** What the last failure said (a status, a timeout), never a credential. */
  lastError: Type.Union([Type.String(), Type.Null()]),
  errorsLast24h: Type.Integer({ minimum: 0 }),
})
export type IntegrationHealth = Static<typeof IntegrationHealth>

/**
 * A queue integration (002 §3.12, reference §6). The Dialogflow credentials (`jsonContent`) are
 * stored sealed and never returned: `credentialsStored` says whether there are some. `urlN8N`
 * is the n8n or webhook URL, and Typebot's base URL.
 */
export const QueueIntegrationDto = Type.Object({
  id: Id,
  type: IntegrationTypeSchema,
  name: Type.String(),
  projectName: Type.String(),
  credentialsStored: Type.Boolean(),
  language: Type.Union([IntegrationLanguageSchema, Type.Null()]),
  urlN8N: Type.String(),
  typebotSlug: Type.String(),
  /** Minutes without an answer after which a Typebot session ends; 0: never. */
  typebotExpires: Type.Integer({ minimum: 0 }),
  /** Milliseconds between two of Typebot's messages. */
  typebotDelayMessage: Type.Integer({ minimum: 0 }),
  typebotKeywordFinish: Type.String(),
  typebotKeywordRestart: Type.String(),
  typebotRestartMessage: Type.String(),
  typebotUnknownMessage: Type.String(),
  /** A flowbuilder integration: the flow it runs when a queue that uses it takes a contact. */
  flowId: Type.Union([Id, Type.Null()]),
  /** n8n and webhook: the secret that signs each post (HMAC-SHA256); '' for other types. */
  signingSecret: Type.String(),
  health: IntegrationHealth,
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type QueueIntegrationDto = Static<typeof QueueIntegrationDto>

/** GET /queueIntegration/ (002 §7: searchParam, pageNumber), newest first. */
export const ListQueueIntegrationsQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
})
export type ListQueueIntegrationsQuery = Static<typeof ListQueueIntegrationsQuery>

export const QueueIntegrationList = Type.Object({
  queueIntegrations: Type.Array(QueueIntegrationDto),
  count: Type.Integer({ minimum: 0 }),
  hasMore: Type.Boolean(),
})
export type QueueIntegrationList = Static<typeof QueueIntegrationList>

const text = (maxLength: number) => Type.String({ maxLength })

/** The fields a client sends; which ones a type requires is `integrationProblems`. */
const integrationFields = {
  type: IntegrationTypeSchema,
  name: Type.String({ maxLength: 200 }),
  projectName: Type.Optional(text(200)),
  /** Dialogflow's service-account JSON; on an update, absent or empty keeps the stored one. */
  jsonContent: Type.Optional(text(INTEGRATION_CREDENTIALS_MAX)),
  language: Type.Optional(Type.Union([IntegrationLanguageSchema, Type.Null()])),
  urlN8N: Type.Optional(text(2048)),
  typebotSlug: Type.Optional(text(200)),
  typebotExpires: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  typebotDelayMessage: Type.Optional(Type.Integer({ minimum: 0, maximum: 60_000 })),
  typebotKeywordFinish: Type.Optional(text(100)),
  typebotKeywordRestart: Type.Optional(text(100)),
  typebotRestartMessage: Type.Optional(text(4096)),
  typebotUnknownMessage: Type.Optional(text(4096)),
  flowId: Type.Optional(Type.Union([Type.Null(), Id])),
}

/** POST /queueIntegration. */
export const CreateQueueIntegrationBody = Type.Object(integrationFields)
export type CreateQueueIntegrationBody = Static<typeof CreateQueueIntegrationBody>

/** PUT /queueIntegration/{id}: the whole form again (the spec's modal sends every field). */
export const UpdateQueueIntegrationBody = Type.Object(integrationFields)
export type UpdateQueueIntegrationBody = Static<typeof UpdateQueueIntegrationBody>

/**
 * POST /queueIntegration/testSession: with `id`, one message to a stored integration as a
 * contact would send it; without, the spec's Dialogflow check of unsaved credentials
 * (`projectName`, `jsonContent`, `language`). Nothing is stored and no contact is written to.
 */
export const TestSessionBody = Type.Object({
  id: Type.Optional(Id),
  projectName: Type.Optional(text(200)),
  jsonContent: Type.Optional(text(INTEGRATION_CREDENTIALS_MAX)),
  language: Type.Optional(IntegrationLanguageSchema),
  /** What the test contact writes; "oi" when absent. */
  message: Type.Optional(Type.String({ maxLength: 1000 })),
})
export type TestSessionBody = Static<typeof TestSessionBody>

/**
 * The bot's first answer, each text (a file's address for media), and how it would end the
 * conversation. A bot that fails answers 502 ERR_TEST_SESSION_DIALOG with its `detail`.
 */
export const TestSessionResult = Type.Object({
  messages: Type.Array(Type.String()),
  handOff: Type.Union([Type.Literal('humans'), Type.Literal('close'), Type.Null()]),
  elapsedMs: Type.Integer({ minimum: 0 }),
})
export type TestSessionResult = Static<typeof TestSessionResult>
