import { readFile } from 'node:fs/promises'
import { GraphError, type GraphClient } from '../graph/client'
import {
  ChannelError,
  type ChannelDriver,
  type ChatRef,
  type DriverConnection,
  type OutgoingMessage,
  type ProviderProfile,
  type SentMessage,
} from '../types'
import type { MessengerMediaRef } from './attachments'
import { normalizeMessenger } from './normalize'

const ATTACHMENT_TYPES = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  application: 'file',
} as const

/** Graph's refusals of a profile that are about the person, not the page or its token. */
const HIDDEN_PROFILE_CODES = new Set([100, 230])

function pageToken(connection: DriverConnection) {
  const token = connection.secrets.facebookPageToken
  if (!token) throw new ChannelError('ERR_WAPP_CREDENTIALS', false, 'page token missing')
  return token
}

/** The page a page token speaks for, with the Instagram professional account linked to it. */
export function lookupPage(
  graph: GraphClient,
  token: string,
): Promise<{ id?: string; name?: string; instagram_business_account?: { id?: string } }> {
  return graph.get(['me'], token, { query: { fields: 'id,name,instagram_business_account' } })
}

/**
 * Facebook Messenger and Instagram Direct (channels `facebook` and `instagram`) through the
 * Messenger Platform's Send API, with the page token; a contact's profile, which webhooks do
 * not carry, through the User Profile API. Neither platform lets a page edit or revoke what it
 * sent, and the Send API has no reaction for pages: those operations are absent.
 */
export function createMessengerDriver({ graph }: { graph: GraphClient }): ChannelDriver {
  const sendJson = (token: string, json: Record<string, unknown>) =>
    graph.post<{ message_id?: string }>(['me', 'messages'], token, { json })

  async function sendAttachment(
    token: string,
    recipientId: string,
    media: OutgoingMessage['media'],
  ) {
    if (!media) throw new ChannelError('ERR_SENDING_WAPP_MSG', false)
    const data = await readFile(media.path).catch(() => {
      throw new ChannelError('ERR_SENDING_WAPP_MSG', false, 'media file missing')
    })
    // Upload and send in one call: the file goes as `filedata`, the rest as JSON fields.
    const form = new FormData()
    form.set('recipient', JSON.stringify({ id: recipientId }))
    form.set('messaging_type', 'RESPONSE')
    form.set(
      'message',
      JSON.stringify({
        attachment: { type: ATTACHMENT_TYPES[media.kind], payload: { is_reusable: false } },
      }),
    )
    form.set('filedata', new Blob([data], { type: media.mime }), media.fileName)
    return graph.post<{ message_id?: string }>(['me', 'messages'], token, { form })
  }

  /**
   * The public profile Graph gives a page for one of its PSIDs / IGSIDs: empty when Meta shows
   * the page none of this person (#100, an id it does not resolve; #230, an Instagram user whose
   * consent it lacks), which is an answer, not a failure.
   */
  async function profile(connection: DriverConnection, chat: ChatRef): Promise<ProviderProfile> {
    const fields =
      connection.row.channel === 'instagram' ? 'name,username,profile_pic' : 'name,profile_pic'
    let found: { name?: string; username?: string; profile_pic?: string }
    try {
      found = await graph.get([chat.id], pageToken(connection), { query: { fields } })
    } catch (error) {
      if (error instanceof GraphError && HIDDEN_PROFILE_CODES.has(error.graph.code ?? -1)) return {}
      throw error
    }
    const name = found.name ?? found.username
    return {
      ...(name ? { name } : {}),
      ...(found.profile_pic ? { pictureUrl: found.profile_pic } : {}),
    }
  }

  return {
    normalize: normalizeMessenger,

    async downloadMedia(_connection, ref) {
      const media = ref as MessengerMediaRef
      // Attachment URLs are signed CDN links: the page token must not travel with them.
      const file = await graph.download(media.url)
      return { ...file, ...(media.fileName ? { fileName: media.fileName } : {}) }
    },

    async send(connection, message): Promise<SentMessage> {
      const token = pageToken(connection)
      const recipient = { id: message.to.id }
      if (message.vcard)
        throw new ChannelError('ERR_CHANNEL_UNSUPPORTED', false, 'no contact cards on Messenger')
      let sent: { message_id?: string }
      if (message.media) {
        sent = await sendAttachment(token, message.to.id, message.media)
        // Attachments carry no caption here: the text follows as a message of its own.
        if (message.body.trim())
          await sendJson(token, {
            recipient,
            messaging_type: 'RESPONSE',
            message: { text: message.body },
          })
      } else {
        if (!message.body.trim()) throw new ChannelError('ERR_EMPTY_MESSAGE', false)
        sent = await sendJson(token, {
          recipient,
          messaging_type: 'RESPONSE',
          message: { text: message.body },
        })
      }
      if (!sent.message_id) throw new ChannelError('ERR_SENDING_WAPP_MSG', false, 'no message id')
      return { providerId: sent.message_id }
    },

    async markRead(connection, chat) {
      // One "seen" covers the whole conversation.
      await sendJson(pageToken(connection), {
        recipient: { id: chat.id },
        sender_action: 'mark_seen',
      })
    },

    profile,

    async profilePicture(connection, chat) {
      return (await profile(connection, chat)).pictureUrl ?? null
    },
  }
}
