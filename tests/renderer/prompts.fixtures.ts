import type { PromptDto } from '@shared/contracts/prompts'

/**
 * A prompt as the server answers it: answering in text, handing over to the queue Suporte, its
 * OpenAI key stored (masked); `overrides` change any field.
 */
export const prompt = (id: number, overrides: Partial<PromptDto> = {}) =>
  ({
    id,
    name: `Prompt ${id}`,
    prompt: 'Você é o assistente virtual da loja. Responda com cordialidade.',
    apiKey: '••••abcd',
    model: '',
    maxTokens: 100,
    temperature: 1,
    maxMessages: 10,
    voice: 'texto',
    voiceKey: '',
    voiceRegion: '',
    queueId: 1,
    queue: { id: 1, name: 'Suporte' },
    promptTokens: 0,
    completionTokens: 0,
    totalTokens: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }) satisfies PromptDto
