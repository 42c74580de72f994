import { readFile } from 'node:fs/promises'
import type { GraphClient } from '../graph/client'
import {
  ChannelError,
  type ChannelDriver,
  type ChatRef,
  type DriverConnection,
  type OutgoingMessage,
  type SentMessage,
} from '../types'
import type { CloudApiMediaRef } from './content'
import { normalizeCloudApi } from './normalize'

/**
 * Formats WhatsApp accepts as image, video and audio messages; anything else is sent as a
 * document, which delivers any file (Cloud API "Supported media types").
 */
const MEDIA_FORMATS: Record<'image' | 'video' | 'audio', readonly string[]> = {
  image: ['image/jpeg', 'image/png'],
  video: ['video/mp4', 'video/3gpp'],
  audio: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'],
}

const baseMime = (mime: string) => mime.split(';')[0]!.trim().toLowerCase()

/**
 * Whom a message goes to: a phone number as `to`; a business-scoped user id (a user who hides
 * his number behind a username, `US.1349…`) as `recipient`, which the Messages API takes instead.
 */
const addressOf = (chat: ChatRef) =>
  /^\d+$/.test(chat.id) ? { to: chat.id } : { recipient: chat.id }

function credentials(connection: DriverConnection) {
  const phoneNumberId = connection.row.wabaPhoneNumberId
  const token = connection.secrets.wabaAccessToken
  if (!phoneNumberId || !token)
    throw new ChannelError('ERR_WAPP_CREDENTIALS', false, 'Cloud API credentials missing')
  return { phoneNumberId, token }
}

/**
 * The business phone number behind a Cloud API token, to validate credentials when a
 * connection is saved; `number` is its display number reduced to digits.
 */
export async function lookupPhoneNumber(
  graph: GraphClient,
  phoneNumberId: string,
  token: string,
): Promise<{ number: string; verifiedName?: string }> {
  const found = await graph.get<{ display_phone_number?: string; verified_name?: string }>(
    [phoneNumberId],
    token,
    { query: { fields: 'display_phone_number,verified_name' } },
  )
  return {
    number: (found.display_phone_number ?? '').replace(/\D/g, ''),
    ...(found.verified_name ? { verifiedName: found.verified_name } : {}),
  }
}

/** WhatsApp Cloud API (channel `whatsappapi`) through Meta's Graph API. */
export function createCloudApiDriver({ graph }: { graph: GraphClient }): ChannelDriver {
  async function upload(phoneNumberId: string, token: string, media: OutgoingMessage['media']) {
    if (!media) throw new ChannelError('ERR_SENDING_WAPP_MSG', false)
    const mime = baseMime(media.mime)
    const data = await readFile(media.path).catch(() => {
      throw new ChannelError('ERR_SENDING_WAPP_MSG', false, 'media file missing')
    })
    const form = new FormData()
    form.set('messaging_product', 'whatsapp')
    form.set('type', mime)
    form.set('file', new Blob([data], { type: mime }), media.fileName)
    const uploaded = await graph.post<{ id?: string }>([phoneNumberId, 'media'], token, { form })
    if (!uploaded.id) throw new ChannelError('ERR_SENDING_WAPP_MSG', false, 'upload without id')
    return uploaded.id
  }

  async function contentOf(
    phoneNumberId: string,
    token: string,
    message: OutgoingMessage,
  ): Promise<Record<string, unknown>> {
    if (message.template) {
      const { name, language, params } = message.template
      return {
        type: 'template',
        template: {
          name,
          language: { code: language },
          ...(params.length
            ? {
                components: [
                  {
                    type: 'body',
                    parameters: params.map((param) => ({ type: 'text', text: param })),
                  },
                ],
              }
            : {}),
        },
      }
    }
    if (message.media) {
      const id = await upload(phoneNumberId, token, message.media)
      const { kind } = message.media
      const mime = baseMime(message.media.mime)
      const type = kind !== 'application' && MEDIA_FORMATS[kind].includes(mime) ? kind : 'document'
      if (type === 'document')
        return {
          type,
          document: {
            id,
            filename: message.media.fileName,
            ...(message.body ? { caption: message.body } : {}),
          },
        }
      // WhatsApp audio messages carry no caption.
      if (type === 'audio') return { type, audio: { id } }
      return { type, [type]: { id, ...(message.body ? { caption: message.body } : {}) } }
    }
    if (message.vcard) {
      const digits = message.vcard.number.replace(/\D/g, '')
      return {
        type: 'contacts',
        contacts: [
          {
            name: { formatted_name: message.vcard.name, first_name: message.vcard.name },
            phones: [{ phone: `+${digits}`, wa_id: digits, type: 'CELL' }],
          },
        ],
      }
    }
    if (!message.body.trim()) throw new ChannelError('ERR_EMPTY_MESSAGE', false)
    return {
      type: 'text',
      text: { preview_url: /https?:\/\//i.test(message.body), body: message.body },
    }
  }

  return {
    normalize: normalizeCloudApi,

    async downloadMedia(connection, ref) {
      const { token } = credentials(connection)
      const media = ref as CloudApiMediaRef
      const found = await graph.get<{ url?: string; mime_type?: string }>([media.id], token, {
        failure: 'ERR_WAPP_DOWNLOAD_MEDIA',
      })
      if (!found.url) throw new ChannelError('ERR_WAPP_DOWNLOAD_MEDIA', false, 'no media URL')
      const file = await graph.download(found.url, token)
      return {
        data: file.data,
        mime: found.mime_type ?? media.mime ?? file.mime,
        ...(media.fileName ? { fileName: media.fileName } : {}),
      }
    },

    async send(connection, message): Promise<SentMessage> {
      const { phoneNumberId, token } = credentials(connection)
      if (message.to.isGroup)
        throw new ChannelError('ERR_CHANNEL_UNSUPPORTED', false, 'Cloud API has no groups here')
      const sent = await graph.post<{ messages?: Array<{ id?: string }> }>(
        [phoneNumberId, 'messages'],
        token,
        {
          json: {
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            ...addressOf(message.to),
            ...(message.quoted ? { context: { message_id: message.quoted.providerId } } : {}),
            ...(message.reference ? { biz_opaque_callback_data: message.reference } : {}),
            ...(await contentOf(phoneNumberId, token, message)),
          },
        },
      )
      const providerId = sent.messages?.[0]?.id
      if (!providerId) throw new ChannelError('ERR_SENDING_WAPP_MSG', false, 'no message id')
      return { providerId }
    },

    async markRead(connection, _chat, providerIds) {
      const { phoneNumberId, token } = credentials(connection)
      // Reading the latest message marks every earlier one of the conversation read as well.
      const latest = providerIds.at(-1)
      if (!latest) return
      await graph.post([phoneNumberId, 'messages'], token, {
        json: { messaging_product: 'whatsapp', status: 'read', message_id: latest },
      })
    },

    async react(connection, chat, target, emoji) {
      const { phoneNumberId, token } = credentials(connection)
      await graph.post(
        [phoneNumberId, 'messages'],
        token,
        {
          json: {
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            ...addressOf(chat),
            type: 'reaction',
            reaction: { message_id: target.providerId, emoji },
          },
        },
        { failure: 'ERR_SENDING_WAPP_REACTION' },
      )
    },
  }
}
