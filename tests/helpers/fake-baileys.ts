import { EventEmitter } from 'node:events'
import {
  proto,
  type AnyMessageContent,
  type BaileysEventEmitter,
  type BaileysEventMap,
  type Contact,
  type MiscMessageGenerationOptions,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
} from 'baileys'
import type { InboundIntake } from '@server/channels/types'
import type { BaileysSocket } from '@server/channels/whatsapp/socket'

/**
 * Test doubles for the whatsapp channel: a socket that emits Baileys' own event shapes, and an
 * intake that records what the session manager hands on.
 */

class TypedEmitter implements BaileysEventEmitter {
  private readonly inner = new EventEmitter()

  on<T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void) {
    this.inner.on(event, listener)
  }

  off<T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void) {
    this.inner.off(event, listener)
  }

  removeAllListeners<T extends keyof BaileysEventMap>(event: T) {
    this.inner.removeAllListeners(event)
  }

  emit<T extends keyof BaileysEventMap>(event: T, arg: BaileysEventMap[T]): boolean {
    return this.inner.emit(event, arg)
  }
}

/** A Boom-shaped error as Baileys puts in `lastDisconnect.error`. */
export const disconnectError = (statusCode: number) =>
  Object.assign(new Error(`closed (${statusCode})`), {
    isBoom: true,
    output: { statusCode },
  })

let sequence = 0

export interface SentRecord {
  jid: string
  content: AnyMessageContent
  options: MiscMessageGenerationOptions | undefined
}

export class FakeSocket implements BaileysSocket {
  readonly ev = new TypedEmitter()
  user: Contact | undefined
  readonly sent: SentRecord[] = []
  readonly reads: WAMessageKey[][] = []
  loggedOut = false
  ended = false
  /** The next sendMessage throws this. */
  failNextSend: Error | undefined
  lids = new Map<string, string>()
  readonly signalRepository = {
    lidMapping: {
      getPNForLID: (lid: string) => Promise.resolve(this.lids.get(lid) ?? null),
    },
  }
  updateMediaMessage: ((message: WAMessage) => Promise<WAMessage>) | undefined
  /** Contact operations; tests set the answers they need. */
  profilePictureUrl: BaileysSocket['profilePictureUrl']
  updateBlockStatus: BaileysSocket['updateBlockStatus']
  onWhatsApp: BaileysSocket['onWhatsApp']

  constructor(readonly config: Partial<UserFacingSocketConfig> = {}) {}

  sendMessage = (
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ) => {
    const failure = this.failNextSend
    if (failure) {
      this.failNextSend = undefined
      return Promise.reject(failure)
    }
    this.sent.push({ jid, content, options })
    sequence += 1
    const message: WAMessage = {
      key: { remoteJid: jid, fromMe: true, id: `3EB0FAKE${sequence}` },
      message: proto.Message.fromObject(
        'text' in content && typeof content.text === 'string'
          ? { extendedTextMessage: { text: content.text } }
          : {},
      ),
      messageTimestamp: Math.floor(Date.now() / 1000),
      status: proto.WebMessageInfo.Status.PENDING,
    }
    return Promise.resolve(message)
  }

  readMessages = (keys: WAMessageKey[]) => {
    this.reads.push(keys)
    return Promise.resolve()
  }

  logout = () => {
    this.loggedOut = true
    this.close(401)
    return Promise.resolve()
  }

  end = (error: Error | undefined) => {
    this.ended = true
    this.ev.emit('connection.update', {
      connection: 'close',
      lastDisconnect: { error, date: new Date() },
    })
    return Promise.resolve()
  }

  /** Calls refused through the socket: [call id, caller]. */
  rejected: Array<[string, string]> = []
  rejectCall = (callId: string, callFrom: string) => {
    this.rejected.push([callId, callFrom])
    return Promise.resolve()
  }

  qr(code: string) {
    this.ev.emit('connection.update', { qr: code })
  }

  /** The phone scanned the QR: Baileys stores `me` in the creds and says so. */
  pair(me: Contact) {
    Object.assign(this.config.auth?.creds ?? {}, { me })
    this.ev.emit('creds.update', { me })
  }

  open(me: Contact) {
    this.user = me
    this.ev.emit('connection.update', { connection: 'open' })
  }

  close(statusCode: number) {
    this.ev.emit('connection.update', {
      connection: 'close',
      lastDisconnect: { error: disconnectError(statusCode), date: new Date() },
    })
  }
}

/** makeSocket for the session manager: every socket it built, newest last. */
export function fakeSocketFactory() {
  const sockets: FakeSocket[] = []
  return {
    sockets,
    latest: () => sockets[sockets.length - 1],
    makeSocket: (config: UserFacingSocketConfig) => {
      const socket = new FakeSocket(config)
      sockets.push(socket)
      return socket
    },
  }
}

export function recordingIntake(): InboundIntake & {
  received: { companyId: number; connectionId: number; payloads: unknown[] }[]
  failures: number
} {
  const intake = {
    received: [] as { companyId: number; connectionId: number; payloads: unknown[] }[],
    failures: 0,
    receive(connection: { companyId: number; id: number }, _source: string, payloads: unknown[]) {
      if (intake.failures > 0) {
        intake.failures -= 1
        return Promise.reject(new Error('intake down'))
      }
      // What a jsonb column gives back.
      intake.received.push({
        companyId: connection.companyId,
        connectionId: connection.id,
        payloads: JSON.parse(JSON.stringify(payloads)) as unknown[],
      })
      return Promise.resolve()
    },
  }
  return intake
}
