import type { ConnectionDto } from '@shared/contracts/connections'
import type { ConnectionQueueLink, ConnectionsRepository } from './connections.repository'
import type { ConnectionRow } from './connections.table'

/**
 * Row → DTO. Sealed credentials become `has…` flags; `qrcode` and `token` appear only for those
 * who manage connections (whoever scans a leaked QR binds his phone to the company).
 */
export function presentConnection(
  row: ConnectionRow,
  queues: ConnectionQueueLink[],
  manager: boolean,
): ConnectionDto {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    channel: row.channel,
    status: row.status,
    number: row.number,
    isDefault: row.isDefault,
    ...(manager ? { qrcode: row.qrcode, token: row.token } : {}),
    retries: row.retries,
    provider: row.provider,
    greetingMessage: row.greetingMessage,
    complationMessage: row.complationMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    ratingMessage: row.ratingMessage,
    allowGroup: row.allowGroup,
    groupAsTicket: row.groupAsTicket,
    maxUseBotQueues: row.maxUseBotQueues,
    timeUseBotQueues: row.timeUseBotQueues,
    timeSendQueue: row.timeSendQueue,
    sendIdQueue: row.sendIdQueue,
    expiresTicket: row.expiresTicket,
    whenExpiresTicket: row.whenExpiresTicket,
    expiresTicketNPS: row.expiresTicketNPS,
    maxUseBotQueuesNPS: row.maxUseBotQueuesNPS,
    expiresInactiveMessage: row.expiresInactiveMessage,
    timeInactiveMessage: row.timeInactiveMessage,
    inactiveMessage: row.inactiveMessage,
    timeCreateNewTicket: row.timeCreateNewTicket,
    greetingMediaAttachment: row.greetingMediaAttachment,
    importOldMessages: row.importOldMessages?.toISOString() ?? null,
    importRecentMessages: row.importRecentMessages?.toISOString() ?? null,
    importOldMessagesGroups: row.importOldMessagesGroups,
    closedTicketsPostImported: row.closedTicketsPostImported,
    queueIdImportMessages: row.queueIdImportMessages,
    statusImportMessages: row.statusImportMessages,
    integrationId: row.integrationId,
    promptId: row.promptId,
    flowIdWelcome: row.flowIdWelcome,
    flowIdNotPhrase: row.flowIdNotPhrase,
    collectiveVacationStart: row.collectiveVacationStart,
    collectiveVacationEnd: row.collectiveVacationEnd,
    collectiveVacationMessage: row.collectiveVacationMessage,
    schedules: Array.isArray(row.schedules) ? (row.schedules as unknown[]) : [],
    queues: queues.map(({ id, name, color, greetingMessage }) => ({
      id,
      name,
      color,
      greetingMessage,
    })),
    queueIds: queues.map((queue) => queue.id),
    wabaPhoneNumberId: row.wabaPhoneNumberId,
    wabaBusinessAccountId: row.wabaBusinessAccountId,
    hasWabaAccessToken: row.wabaAccessTokenSealed !== null,
    hasWabaAppSecret: row.wabaAppSecretSealed !== null,
    hasWabaVerifyToken: row.wabaVerifyTokenSealed !== null,
    facebookUserId: row.facebookUserId,
    facebookPageUserId: row.facebookPageUserId,
    hasFacebookPageToken: row.facebookPageTokenSealed !== null,
    updatedAt: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * Rows → DTOs with their queues, read in one query. `companyId` null is the operator's view
 * across companies, of rows already chosen.
 */
export async function presentWithQueues(
  repo: Pick<ConnectionsRepository, 'queuesOf'>,
  companyId: number | null,
  rows: ConnectionRow[],
  manager: boolean,
): Promise<ConnectionDto[]> {
  const byConnection = new Map<number, ConnectionQueueLink[]>()
  for (const link of await repo.queuesOf(
    companyId,
    rows.map((row) => row.id),
  )) {
    byConnection.set(link.connectionId, [...(byConnection.get(link.connectionId) ?? []), link])
  }
  return rows.map((row) => presentConnection(row, byConnection.get(row.id) ?? [], manager))
}
