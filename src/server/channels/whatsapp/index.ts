/** The `whatsapp` channel (Baileys 7): the driver and the per-connection session manager. */
export { createBaileysDriver, type BaileysDriver, type BaileysDriverOptions } from './driver'
export {
  createWhatsappSessionManager,
  DEFAULT_SESSION_TIMING,
  type SessionEvents,
  type SessionTiming,
  type WhatsappSessionDeps,
  type WhatsappSessionManager,
  type WhatsappSessionManagerOptions,
} from './session-manager'
export type { HistoryIntake, HistoryMessage } from './session-intake'
export { sessionLockKey } from './session-ownership'
export type { BaileysEnvelope } from './normalize'
export type { BaileysSocket, MakeSocket } from './socket'
