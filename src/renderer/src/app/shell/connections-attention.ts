import { ATTENTION_STATUSES, type ConnectionDto } from '@shared/contracts/connections'

/** Whether any connection needs someone's attention (001 §4): the menu badges Connections. */
export const needsAttention = (
  connections: ReadonlyArray<Pick<ConnectionDto, 'status'>>,
): boolean => connections.some((connection) => ATTENTION_STATUSES.includes(connection.status))
