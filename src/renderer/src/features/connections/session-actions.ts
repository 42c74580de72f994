import type { ConnectionDto } from '@shared/contracts/connections'

/** 001 §9: the disabled 'Preparing' button stays this long after an import timestamp. */
export const PREPARING_MS = 35_000

export type SessionButton =
  'showQr' | 'retry' | 'newQr' | 'disconnect' | 'closeImported' | 'preparing' | 'connecting'

/** When the import's numeric timestamp was written, or null for the other import statuses. */
export const importStartedAt = (statusImportMessages: string | null): number | null =>
  statusImportMessages && /^\d{10,16}$/.test(statusImportMessages)
    ? Number(statusImportMessages)
    : null

/**
 * The session buttons of a connection at `now` (001 §4). Only WhatsApp connections pair by QR
 * code and have a session; the other channels show none.
 */
export const sessionButtons = (
  connection: Pick<ConnectionDto, 'channel' | 'status' | 'statusImportMessages'>,
  now: number,
): SessionButton[] => {
  if (connection.channel !== 'whatsapp') return []
  switch (connection.status) {
    case 'qrcode':
      return ['showQr']
    case 'DISCONNECTED':
      return ['retry', 'newQr']
    case 'OPENING':
      return ['connecting']
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT': {
      const buttons: SessionButton[] = ['disconnect']
      if (connection.statusImportMessages === 'renderButtonCloseTickets')
        buttons.push('closeImported')
      const startedAt = importStartedAt(connection.statusImportMessages)
      if (startedAt !== null && now - startedAt < PREPARING_MS) buttons.push('preparing')
      return buttons
    }
  }
}

/** Milliseconds until the 'Preparing' button goes, or null when it is not shown. */
export const preparingLeftMs = (
  statusImportMessages: string | null,
  now: number,
): number | null => {
  const startedAt = importStartedAt(statusImportMessages)
  if (startedAt === null) return null
  const left = startedAt + PREPARING_MS - now
  return left > 0 ? left : null
}
