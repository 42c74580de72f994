import type { RequestContext } from '@server/context'
import {
  PROMPT_DEFAULTS,
  PROMPT_PAGE_SIZE,
  type DeletePromptResponse,
  type ListPromptsQuery,
  type PromptDto,
  type PromptList,
  type SavePromptBody,
} from '@shared/contracts/prompts'
import { maskSecret, promptProblems, speaks } from '@shared/contracts/prompts-rules'
import { rooms, type CompanyEventPayloads } from '@shared/realtime/events'
import type { CoreDeps } from '@server/deps'
import { AppError, validationError } from '@server/lib/app-error'
import { isForeignKeyViolation } from '@server/lib/foreign-key-violation'
import { createSecretBox } from '@server/lib/secret-box'
import type { QueuesService } from '../queues/queues.service'
import type { AttachedBot } from '../bot/bot.conversations.service'
import { presentPrompt } from './prompts.presenter'
import { promptBot, type PromptRuntimeDeps } from './prompts.runtime'
import {
  promptsRepository,
  type PromptUsage,
  type PromptValues,
  type PromptWithQueue,
} from './prompts.repository'
import type { PromptRow } from './prompts.table'

interface Collaborators {
  queues: Pick<QueuesService, 'existing'>
}

/** The spec's answer to deleting a prompt a connection uses (reference §7), kept as it is. */
const IN_USE_MESSAGE =
  'Não foi possível excluir! Verifique se este prompt está sendo usado nas conexões Whatsapp!'

/** A prompt's keys in clear, for the runtime only. */
export interface PromptSecrets {
  apiKey: string
  voiceKey: string
}

/**
 * AI prompts (002 §2.13, §3.8, reference §7): the company's admins manage them on plans with
 * useOpenAi (the routes' gate). The provider's key and the voice key are sealed at rest and
 * answered masked; an update without a new key keeps the stored one. A prompt a connection or
 * an ongoing conversation uses is not deleted.
 */
export function createPromptsService(deps: CoreDeps, { queues }: Collaborators) {
  const repo = promptsRepository(deps.db)
  const box = createSecretBox(`${deps.config.encryptionKey}:prompts`)

  function secretsOf(row: PromptRow): PromptSecrets {
    return {
      apiKey: box.open(row.apiKeySealed),
      voiceKey: row.voiceKeySealed ? box.open(row.voiceKeySealed) : '',
    }
  }
  const present = (row: PromptWithQueue) => presentPrompt(row, secretsOf(row))

  function emit(companyId: number, payload: CompanyEventPayloads['prompt']) {
    deps.realtime.emit(companyId, [rooms.admins], 'prompt', payload)
  }

  async function found(companyId: number, id: number): Promise<PromptWithQueue> {
    const row = await repo.findById(companyId, id)
    if (!row) throw new AppError('ERR_NO_PROMPT_FOUND')
    return row
  }

  /** A key sent again as it was answered (masked), or not at all, keeps the stored one. */
  const newSecret = (sent: string | undefined, stored: string) => {
    const value = sent?.trim() ?? ''
    return value === '' || (stored !== '' && value === maskSecret(stored)) ? null : value
  }

  async function valuesOf(
    companyId: number,
    body: SavePromptBody,
    current: PromptRow | null,
  ): Promise<PromptValues> {
    const stored = current ? secretsOf(current) : { apiKey: '', voiceKey: '' }
    const apiKey = newSecret(body.apiKey, stored.apiKey)
    const voiceKey = newSecret(body.voiceKey, stored.voiceKey)
    const voice = body.voice ?? PROMPT_DEFAULTS.voice
    const problems = promptProblems(
      { ...body, apiKey: apiKey ?? '', voiceKey: voiceKey ?? '', voice },
      { apiKey: stored.apiKey !== '', voiceKey: stored.voiceKey !== '' },
    )
    const [field] = Object.keys(problems)
    if (field) throw validationError(field)
    const queueId = body.queueId as number
    if ((await queues.existing(companyId, [queueId])).length === 0) throw validationError('queueId')
    const keepsVoice = speaks(voice)
    return {
      name: body.name.trim(),
      prompt: body.prompt,
      apiKeySealed: apiKey !== null ? box.seal(apiKey) : (current?.apiKeySealed as string),
      model: body.model?.trim() ?? '',
      maxTokens: body.maxTokens ?? PROMPT_DEFAULTS.maxTokens,
      temperature: body.temperature ?? PROMPT_DEFAULTS.temperature,
      maxMessages: body.maxMessages ?? PROMPT_DEFAULTS.maxMessages,
      voice,
      // A text-only prompt keeps no voice key it no longer uses.
      voiceKeySealed: !keepsVoice
        ? null
        : voiceKey !== null
          ? box.seal(voiceKey)
          : (current?.voiceKeySealed ?? null),
      voiceRegion: keepsVoice ? (body.voiceRegion?.trim() ?? '') : '',
      queueId,
    }
  }

  /** The prompt and its keys in clear, for the AI runtime; null when it is gone. */
  async function withSecrets(
    companyId: number,
    id: number,
  ): Promise<(PromptRow & PromptSecrets) | null> {
    const row = await repo.findById(companyId, id)
    return row ? { ...row, ...secretsOf(row) } : null
  }

  const inUse = (usage: PromptUsage) => usage.connections.length > 0 || usage.activeTickets > 0

  return {
    /** GET /prompt: a page of 20 by name, searched by name. */
    async list(ctx: RequestContext, query: ListPromptsQuery): Promise<PromptList> {
      const { rows, count } = await repo.page(ctx.companyId, {
        search: query.searchParam?.trim() || undefined,
        limit: PROMPT_PAGE_SIZE,
        offset: ((query.pageNumber ?? 1) - 1) * PROMPT_PAGE_SIZE,
      })
      return {
        prompts: rows.slice(0, PROMPT_PAGE_SIZE).map(present),
        count,
        hasMore: rows.length > PROMPT_PAGE_SIZE,
      }
    },

    async get(ctx: RequestContext, id: number): Promise<PromptDto> {
      return present(await found(ctx.companyId, id))
    },

    async create(ctx: RequestContext, body: SavePromptBody): Promise<PromptDto> {
      const id = await repo.insert(ctx.companyId, await valuesOf(ctx.companyId, body, null))
      const prompt = present(await found(ctx.companyId, id))
      emit(ctx.companyId, { action: 'update', prompt })
      return prompt
    },

    async update(ctx: RequestContext, id: number, body: SavePromptBody): Promise<PromptDto> {
      const current = await found(ctx.companyId, id)
      const values = await valuesOf(ctx.companyId, body, current)
      if (!(await repo.update(ctx.companyId, id, values))) throw new AppError('ERR_NO_PROMPT_FOUND')
      const prompt = present(await found(ctx.companyId, id))
      emit(ctx.companyId, { action: 'update', prompt })
      return prompt
    },

    /** DELETE /prompt/{id}: a 200 either way; one in use says so and stays (reference §7). */
    async remove(ctx: RequestContext, id: number): Promise<DeletePromptResponse> {
      await found(ctx.companyId, id)
      const refused = (usedBy: PromptUsage): DeletePromptResponse => ({
        message: IN_USE_MESSAGE,
        inUse: true,
        usedBy,
      })
      const usage = await repo.usage(ctx.companyId, id)
      if (inUse(usage)) return refused(usage)
      try {
        if (!(await repo.remove(ctx.companyId, id))) throw new AppError('ERR_NO_PROMPT_FOUND')
      } catch (error) {
        // A connection that took it meanwhile: its foreign key refuses the delete.
        if (isForeignKeyViolation(error)) return refused(await repo.usage(ctx.companyId, id))
        throw error
      }
      emit(ctx.companyId, { action: 'delete', intelligenceId: id })
      return { message: 'Prompt deleted', inUse: false }
    },

    /** Checks that `id` is one of the company's prompts, for a connection's `field`. */
    async assertUsable(companyId: number, id: number, field: string): Promise<void> {
      if (!(await repo.existing(companyId, [id])).has(id)) throw validationError(field)
    },

    /** The prompt as the bot converses through it (reference §7), or null when it is gone. */
    async attached(
      companyId: number,
      id: number,
      runtime: Omit<PromptRuntimeDeps, 'addUsage'>,
    ): Promise<AttachedBot | null> {
      const row = await withSecrets(companyId, id)
      if (!row) return null
      return {
        bot: promptBot(row, {
          ...runtime,
          addUsage: (company, promptId, tokens) =>
            repo.addUsage(company, promptId, new Date().toISOString().slice(0, 10), tokens),
        }),
        name: row.name,
        source: { promptId: row.id },
        timeoutMs: 30_000,
        failuresBeforeHandOff: 2,
        handOffQueueId: row.queueId,
      }
    },

    forRuntime: withSecrets,
  }
}

export type PromptsService = ReturnType<typeof createPromptsService>
