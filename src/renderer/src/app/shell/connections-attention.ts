import type { ConnectionStatus } from './api'

/** Statuses that need someone's attention (001 §4): the menu badges Connections. */
export const ATTENTION_STATUSES: ReadonlySet<string> = new Set([
  'qrcode',
  'PAIRING',
  'DISCONNECTED',
  'TIMEOUT',
  'OPENING',
])

export const needsAttention = (connections: readonly ConnectionStatus[]): boolean =>
  connections.some((connection) => ATTENTION_STATUSES.has(connection.status))
