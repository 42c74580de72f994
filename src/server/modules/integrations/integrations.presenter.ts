import type {
  IntegrationLanguage,
  IntegrationType,
  QueueIntegrationDto,
} from '@shared/contracts/queue-integrations'
import type { QueueIntegrationRow } from './integrations.table'

/**
 * Row → DTO: the sealed Dialogflow credentials never leave the server, only whether there are
 * some; the signing secret does, for the admin to verify posts with.
 */
export function presentIntegration(
  row: QueueIntegrationRow,
  signingSecret: string,
  errorsLast24h: number,
): QueueIntegrationDto {
  return {
    id: row.id,
    type: row.type as IntegrationType,
    name: row.name,
    projectName: row.projectName,
    credentialsStored: row.credentialsSealed !== null,
    language: row.language as IntegrationLanguage | null,
    urlN8N: row.urlN8N,
    typebotSlug: row.typebotSlug,
    typebotExpires: row.typebotExpires,
    typebotDelayMessage: row.typebotDelayMessage,
    typebotKeywordFinish: row.typebotKeywordFinish,
    typebotKeywordRestart: row.typebotKeywordRestart,
    typebotRestartMessage: row.typebotRestartMessage,
    typebotUnknownMessage: row.typebotUnknownMessage,
    flowId: row.flowId,
    signingSecret,
    health: {
      lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
      lastErrorAt: row.lastErrorAt?.toISOString() ?? null,
      lastError: row.lastError,
      errorsLast24h,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
