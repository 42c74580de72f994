import {
  downloadMediaMessage,
  extractMessageContent,
  getContentType,
  type AnyMessageContent,
  type WAMessage,
  type WAMessageKey,
} from 'baileys'
import type { FastifyBaseLogger } from 'fastify'
import {
  ChannelError,
  type ChannelDriver,
  type ChatRef,
  type DownloadedMedia,
  type DriverConnection,
  type MediaRef,
  type OutgoingMessage,
  type ProviderContact,
  type SentMessage,
} from '../types'
import { normalizeBaileysPayload } from './normalize'
import {
  answerOwnerCall,
  callOwner,
  type OwnerCallArgs,
  type OwnerCallHandlers,
  type OwnerCallName,
  type OwnerCallResults,
  type OwnerLine,
} from './owner-calls'
import { isRecord, revive, toPlain } from './serialize'
import type { BaileysSocket } from './socket'

export interface BaileysDriverOptions {
  /** Open sockets by connection id: the session manager. */
  sockets: {
    socketFor(connectionId: number): BaileysSocket | undefined
    directoryOf?(
      connectionId: number,
    ): { contacts(): ProviderContact[]; chats(): ProviderContact[] } | undefined
    /** Sessions owned by other instances: the calls needing their socket run there. */
    ownerCalls?: OwnerLine
  }
  log: FastifyBaseLogger
  /** Media host for downloads by directPath; Baileys' own when unset. */
  mediaHost?: string
}

/**
 * The Baileys driver's full shape: every optional operation of ChannelDriver is there but the
 * profile lookup, which WhatsApp does not need (each message carries the sender's name).
 */
export type BaileysDriver = Required<Omit<ChannelDriver, 'profile'>>

/** Where to answer a chat: its JID, or one built from the number or group id. */
export const jidOf = (chat: ChatRef): string =>
  chat.jid ?? `${chat.id}@${chat.isGroup ? 'g.us' : 's.whatsapp.net'}`

const statusOf = (error: unknown): number | undefined => {
  const boom = (error as { output?: { statusCode?: unknown } } | null)?.output?.statusCode
  if (typeof boom === 'number') return boom
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : undefined
}

/**
 * Whether trying again may help: WhatsApp's refusals (4xx) and missing files will not; timeouts,
 * closed connections, rate limits and server errors may.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ChannelError) return error.retryable
  if ((error as { code?: unknown } | null)?.code === 'ENOENT') return false
  const status = statusOf(error)
  if (status === undefined) return true
  if (status === 408 || status === 428 || status === 429) return true
  return status < 400 || status >= 500
}

const failure = (code: string, error: unknown) =>
  new ChannelError(code, isRetryable(error), error instanceof Error ? error.message : code)

/** A stored Baileys message (JSON from our tables) as Baileys wants it, or undefined. */
function storedMessage(raw: unknown): WAMessage | undefined {
  const revived = revive(raw)
  if (!isRecord(revived) || !isRecord(revived.key)) return undefined
  return revived as unknown as WAMessage
}

const escapeVcard = (value: string) =>
  value.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r?\n/g, ' ')

/** A vCard 3.0 contact card WhatsApp shows with "Message" and "Add contact" buttons. */
export function buildVcard(name: string, number: string): string {
  const digits = number.replace(/\D/g, '')
  const label = escapeVcard(name)
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:;${label};;;`,
    `FN:${label}`,
    `TEL;type=CELL;type=VOICE;waid=${digits}:+${digits}`,
    'END:VCARD',
  ].join('\n')
}

/** The Baileys content for one outgoing message (reference §9 "Sending"). */
export function outgoingContent(message: OutgoingMessage): AnyMessageContent {
  const forwarded = message.isForwarded
    ? { contextInfo: { isForwarded: true, forwardingScore: 1 } }
    : {}
  const caption = message.body ? { caption: message.body } : {}
  if (message.vcard) {
    const { name, number } = message.vcard
    return {
      contacts: {
        displayName: name,
        contacts: [{ displayName: name, vcard: buildVcard(name, number) }],
      },
    }
  }
  if (message.media) {
    const { path, mime, fileName, kind } = message.media
    const source = { url: path }
    switch (kind) {
      case 'image':
        return { image: source, mimetype: mime, ...caption, ...forwarded }
      case 'video':
        return { video: source, mimetype: mime, ...caption, ...forwarded }
      case 'audio':
        // Voice notes: agents record them, and WhatsApp plays them inline.
        return { audio: source, mimetype: mime, ptt: true }
      case 'application':
        return { document: source, mimetype: mime, fileName, ...caption, ...forwarded }
    }
  }
  return { text: message.body, ...forwarded }
}

/**
 * The `whatsapp` channel on Baileys 7: normalises stored socket events and acts through the
 * connection's open socket. That socket lives in the session manager of the instance owning the
 * session: here, or another instance, which then runs the operation (`owner-calls.ts`). Sending
 * is the exception: the owner's ordered sender does it.
 */
export function createBaileysDriver(options: BaileysDriverOptions): BaileysDriver {
  const socketOf = (connectionId: number): BaileysSocket => {
    const socket = options.sockets.socketFor(connectionId)
    if (!socket) throw new ChannelError('ERR_WAPP_NOT_INITIALIZED', true)
    return socket
  }

  const keyOf = (
    chat: ChatRef,
    target: { providerId: string; fromMe?: boolean; raw: unknown },
  ): WAMessageKey => {
    const stored = storedMessage(target.raw)
    if (stored?.key.id === target.providerId) return stored.key
    return { remoteJid: jidOf(chat), fromMe: target.fromMe ?? true, id: target.providerId }
  }

  async function sendContent(
    socket: BaileysSocket,
    code: string,
    jid: string,
    content: AnyMessageContent,
    quoted?: WAMessage,
  ): Promise<WAMessage> {
    let sent: WAMessage | undefined
    try {
      sent = await socket.sendMessage(jid, content, quoted ? { quoted } : undefined)
    } catch (err) {
      throw failure(code, err)
    }
    if (!sent?.key.id) throw new ChannelError(code, true, 'WhatsApp returned no message')
    return sent
  }

  /** The socket operations, by connection, as the instance holding the socket runs them. */
  const onSocket: OwnerCallHandlers = {
    async markRead(connectionId, chat, providerIds) {
      const socket = socketOf(connectionId)
      if (providerIds.length === 0) return
      const remoteJid = jidOf(chat)
      try {
        await socket.readMessages(providerIds.map((id) => ({ remoteJid, id, fromMe: false })))
      } catch (err) {
        throw failure('ERR_SENDING_WAPP_MSG', err)
      }
    },

    async react(connectionId, chat, target, emoji) {
      const socket = socketOf(connectionId)
      const key = keyOf(chat, target)
      await sendContent(socket, 'ERR_SENDING_WAPP_REACTION', jidOf(chat), {
        react: { text: emoji, key },
      })
    },

    async edit(connectionId, chat, target, body) {
      const socket = socketOf(connectionId)
      const key = keyOf(chat, { ...target, fromMe: true })
      await sendContent(socket, 'ERR_EDITING_WAPP_MSG', jidOf(chat), { text: body, edit: key })
    },

    async revoke(connectionId, chat, target) {
      const socket = socketOf(connectionId)
      const key = keyOf(chat, target)
      await sendContent(socket, 'ERR_DELETE_WAPP_MSG', jidOf(chat), { delete: key })
    },

    async profilePicture(connectionId, chat) {
      const socket = socketOf(connectionId)
      if (!socket.profilePictureUrl) return null
      try {
        return (await socket.profilePictureUrl(jidOf(chat), 'image')) ?? null
      } catch (err) {
        // WhatsApp answers 401/404 for people who hide their picture or have none.
        const status = statusOf(err)
        if (status === 401 || status === 404) return null
        throw failure('ERR_PROVIDER_UNAVAILABLE', err)
      }
    },

    async setBlocked(connectionId, chat, blocked) {
      const socket = socketOf(connectionId)
      if (!socket.updateBlockStatus) throw new ChannelError('ERR_CHANNEL_UNSUPPORTED', false)
      try {
        await socket.updateBlockStatus(jidOf(chat), blocked ? 'block' : 'unblock')
      } catch (err) {
        throw failure('ERR_PROVIDER_UNAVAILABLE', err)
      }
    },

    async checkNumber(connectionId, number) {
      const socket = socketOf(connectionId)
      if (!socket.onWhatsApp) throw new ChannelError('ERR_WAPP_CHECK_CONTACT', true)
      let answer: { jid: string; exists: boolean }[] | undefined
      try {
        answer = await socket.onWhatsApp(`${number}@s.whatsapp.net`)
      } catch (err) {
        throw failure('ERR_WAPP_CHECK_CONTACT', err)
      }
      const [first] = answer ?? []
      if (!first?.exists) return { exists: false, number }
      return { exists: true, number: first.jid.split('@')[0]?.split(':')[0] ?? number }
    },

    // A closed session rejects like every other operation instead of throwing synchronously.
    addressBook: (connectionId) =>
      Promise.resolve().then(() => {
        socketOf(connectionId)
        return options.sockets.directoryOf?.(connectionId)?.contacts() ?? []
      }),

    knownChats: (connectionId) =>
      Promise.resolve().then(() => {
        socketOf(connectionId)
        return options.sockets.directoryOf?.(connectionId)?.chats() ?? []
      }),

    async refreshMedia(connectionId, stored) {
      const socket = socketOf(connectionId)
      const message = storedMessage(stored)
      if (!socket.updateMediaMessage || !message)
        throw new ChannelError('ERR_WAPP_DOWNLOAD_MEDIA', false, 'media cannot be re-requested')
      try {
        return toPlain(await socket.updateMediaMessage(message))
      } catch (err) {
        throw failure('ERR_WAPP_DOWNLOAD_MEDIA', err)
      }
    },
  }

  const ownerLine = options.sockets.ownerCalls
  ownerLine?.serve((connectionId, request) => answerOwnerCall(onSocket, connectionId, request))

  /**
   * Runs a socket operation here when this instance has the connection's open socket, else on
   * the instance owning the session (with the same arguments).
   */
  function onSessionSocket<N extends OwnerCallName>(
    connection: DriverConnection,
    call: N,
    ...args: OwnerCallArgs[N]
  ): Promise<OwnerCallResults[N]> {
    const connectionId = connection.row.id
    if (ownerLine && !options.sockets.socketFor(connectionId))
      return callOwner(ownerLine, connectionId, call, args)
    const operation: (
      connectionId: number,
      ...args: OwnerCallArgs[N]
    ) => Promise<OwnerCallResults[N]> = onSocket[call]
    return operation(connectionId, ...args)
  }

  const downloadOptions = options.mediaHost ? { host: options.mediaHost } : {}

  async function download(connection: DriverConnection, message: WAMessage): Promise<Buffer> {
    try {
      return await downloadMediaMessage(message, 'buffer', downloadOptions)
    } catch (err) {
      // Expired media: the sender's phone uploads it again, through the session's socket. Done
      // here rather than through Baileys' own hook, which looks for `error.status` and misses
      // its Boom errors.
      const status = statusOf(err)
      if (status !== 404 && status !== 410) throw err
      const refreshed = storedMessage(
        await onSessionSocket(connection, 'refreshMedia', toPlain(message)),
      )
      if (!refreshed) throw new ChannelError('ERR_WAPP_DOWNLOAD_MEDIA', false, 'no message')
      return downloadMediaMessage(refreshed, 'buffer', downloadOptions)
    }
  }

  return {
    normalize(connection, payload) {
      return normalizeBaileysPayload(payload, {
        selfNumber: connection.row.number,
        allowGroup: connection.row.allowGroup,
      })
    },

    async downloadMedia(connection: DriverConnection, ref: MediaRef): Promise<DownloadedMedia> {
      const message = storedMessage(ref.message)
      const content = extractMessageContent(message?.message)
      const type = content ? getContentType(content) : undefined
      const node: unknown = content && type ? content[type] : undefined
      if (!message || !isRecord(node)) {
        throw new ChannelError('ERR_WAPP_DOWNLOAD_MEDIA', false, 'not a Baileys media reference')
      }
      let data: Buffer
      try {
        data = await download(connection, message)
      } catch (err) {
        options.log.warn({ err, connectionId: connection.row.id }, 'whatsapp media download failed')
        // Expired media with the session away can still be re-requested once it is back.
        throw new ChannelError(
          'ERR_WAPP_DOWNLOAD_MEDIA',
          isRetryable(err),
          err instanceof Error ? err.message : undefined,
        )
      }
      return {
        data,
        mime: typeof node.mimetype === 'string' ? node.mimetype : 'application/octet-stream',
        ...(typeof node.fileName === 'string' && node.fileName ? { fileName: node.fileName } : {}),
      }
    },

    async send(connection: DriverConnection, message: OutgoingMessage): Promise<SentMessage> {
      const socket = socketOf(connection.row.id)
      const jid = jidOf(message.to)
      // A quote needs the quoted content; without the stored message the reply goes unquoted.
      const quoted = message.quoted ? storedMessage(message.quoted.raw) : undefined
      const sent = await sendContent(
        socket,
        'ERR_SENDING_WAPP_MSG',
        jid,
        outgoingContent(message),
        quoted?.message ? quoted : undefined,
      )
      return { providerId: sent.key.id ?? '', raw: toPlain(sent) }
    },

    markRead: (connection, chat, providerIds) =>
      onSessionSocket(connection, 'markRead', chat, providerIds),
    react: (connection, chat, target, emoji) =>
      onSessionSocket(connection, 'react', chat, target, emoji),
    edit: (connection, chat, target, body) =>
      onSessionSocket(connection, 'edit', chat, target, body),
    revoke: (connection, chat, target) => onSessionSocket(connection, 'revoke', chat, target),
    profilePicture: (connection, chat) => onSessionSocket(connection, 'profilePicture', chat),
    setBlocked: (connection, chat, blocked) =>
      onSessionSocket(connection, 'setBlocked', chat, blocked),
    checkNumber: (connection, number) => onSessionSocket(connection, 'checkNumber', number),
    addressBook: (connection) => onSessionSocket(connection, 'addressBook'),
    knownChats: (connection) => onSessionSocket(connection, 'knownChats'),
  }
}
