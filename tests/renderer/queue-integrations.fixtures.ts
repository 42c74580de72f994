import type { QueueIntegrationDto } from '@shared/contracts/queue-integrations'

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
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }) satisfies QueueIntegrationDto
