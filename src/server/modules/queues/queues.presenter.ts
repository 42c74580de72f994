import type { ChatbotDto, ChatbotOptionDto, QueueDto } from '@shared/contracts/queues'
import type { TreeRow } from './chatbots.repository'
import type { QueueRow } from './queues.table'

export const presentQueue = (row: QueueRow): QueueDto => ({
  id: row.id,
  name: row.name,
  color: row.color,
  orderQueue: row.orderQueue,
  greetingMessage: row.greetingMessage,
  outOfHoursMessage: row.outOfHoursMessage,
  tempoRoteador: row.tempoRoteador,
  ativarRoteador: row.ativarRoteador,
  integrationId: row.integrationId,
  fileListId: row.fileListId,
  closeTicket: row.closeTicket,
  schedules: row.schedules,
  companyId: row.companyId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

export const presentChatbot = (row: TreeRow): ChatbotDto => ({
  id: row.id,
  name: row.name,
  greetingMessage: row.greetingMessage,
  queueType: row.queueType,
  queueId: row.queueId,
  chatbotId: row.chatbotId,
  optQueueId: row.optQueueId,
  optUserId: row.optUserId,
  optIntegrationId: row.optIntegrationId,
  optFileId: row.optFileId,
  closeTicket: row.closeTicket,
  position: row.position,
})

/** Rows of one or more trees, nested: the answer keys are queue ids and option ids. */
export interface Forest {
  /** Level-1 options of a queue, in order. */
  ofQueue(queueId: number): ChatbotOptionDto[]
  /** Children of an option, in order. */
  ofOption(chatbotId: number): ChatbotOptionDto[]
}

/** Nests the flat rows of a tree walk (already sorted by position, then id). */
export function buildForest(rows: TreeRow[]): Forest {
  const byParent = new Map<number, TreeRow[]>()
  const byQueue = new Map<number, TreeRow[]>()
  for (const row of rows) {
    if (row.chatbotId !== null)
      byParent.set(row.chatbotId, [...(byParent.get(row.chatbotId) ?? []), row])
    else if (row.queueId !== null)
      byQueue.set(row.queueId, [...(byQueue.get(row.queueId) ?? []), row])
  }
  const nest = (row: TreeRow): ChatbotOptionDto => ({
    ...presentChatbot(row),
    options: (byParent.get(row.id) ?? []).map(nest),
  })
  return {
    ofQueue: (queueId) => (byQueue.get(queueId) ?? []).map(nest),
    ofOption: (chatbotId) => (byParent.get(chatbotId) ?? []).map(nest),
  }
}
