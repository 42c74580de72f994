/** The `whatsapp` channel (Baileys 7): the driver and the per-connection session manager. */
export { createBaileysDriver, type BaileysDriver, type BaileysDriverOptions } from './driver'
export {
  createWhatsappSessionManager,
  DEFAULT_SESSION_TIMING,
  sessionLockKey,
  type HistoryIntake,
  type HistoryMessage,
  type SessionEventsHub,
  type SessionTiming,
  type WhatsappSessionDeps,
  type WhatsappSessionManager,
  type WhatsappSessionManagerOptions,
} from './session-manager'
export type { BaileysEnvelope } from './normalize'
export type { BaileysSocket, MakeSocket } from './socket'
