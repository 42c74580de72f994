import type { PromptDto, PromptVoice } from '@shared/contracts/prompts'
import { maskSecret } from '@shared/contracts/prompts-rules'
import type { PromptWithQueue } from './prompts.repository'

/** Row → DTO: the keys leave the server masked, their last 4 characters only. */
export function presentPrompt(
  row: PromptWithQueue,
  keys: { apiKey: string; voiceKey: string },
): PromptDto {
  return {
    id: row.id,
    name: row.name,
    prompt: row.prompt,
    apiKey: maskSecret(keys.apiKey),
    model: row.model,
    maxTokens: row.maxTokens,
    temperature: row.temperature,
    maxMessages: row.maxMessages,
    voice: row.voice as PromptVoice,
    voiceKey: maskSecret(keys.voiceKey),
    voiceRegion: row.voiceRegion,
    queueId: row.queueId,
    queue:
      row.queueId !== null && row.queueName !== null
        ? { id: row.queueId, name: row.queueName }
        : null,
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    totalTokens: row.totalTokens,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
