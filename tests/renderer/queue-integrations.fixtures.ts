import type { QueueIntegrationDto, TestSessionResult } from '@shared/contracts/queue-integrations'

/** An n8n integration as the server answers it; `overrides` change any field. */
export const integration = (id: number, overrides: Partial<QueueIntegrationDto> = {}) =>
  ({
    id,
    type: 'n8n',
    name: `Integração ${id}`,
    projectName: `Integração ${id}`,
    credentialsStored: false,
    language: null,
    urlN8N: 'https://n8n.loja.com/webhook',
    typebotSlug: '',
    typebotExpires: 1,
    typebotDelayMessage: 1000,
    typebotKeywordFinish: '',
    typebotKeywordRestart: '',
    typebotRestartMessage: '',
    typebotUnknownMessage: '',
    flowId: null,
    signingSecret: '',
    health: { lastSuccessAt: null, lastErrorAt: null, lastError: null, errorsLast24h: 0 },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }) satisfies QueueIntegrationDto

/** An instant `hours` before now, as the server writes it: health is read against the clock. */
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()

/** A test session's answer; `overrides` change any field. */
export const testSessionResult = (overrides: Partial<TestSessionResult> = {}) =>
  ({
    messages: ['Olá! Como posso ajudar?'],
    handOff: null,
    elapsedMs: 420,
    ...overrides,
  }) satisfies TestSessionResult
