import type {
  IntegrationLanguage,
  IntegrationType,
  QueueIntegrationDto,
} from '@shared/contracts/queue-integrations'
import type { QueueIntegrationRow } from './integrations.table'

/** Row → DTO: the sealed credentials never leave the server, only whether there are some. */
export function presentIntegration(row: QueueIntegrationRow): QueueIntegrationDto {
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
