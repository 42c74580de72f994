import type { MediaType } from '@shared/contracts/messages'
import type { AdReferral, InboundContent } from '@server/channels/types'

export interface StoredMedia {
  path: string
  mime: string
  name: string
}

/** The MIME family the client draws a media message by (reference §9). */
export function mediaFamily(mime: string): MediaType {
  const family = mime.split('/')[0]
  if (family === 'image' || family === 'audio' || family === 'video' || family === 'text')
    return family
  return 'application'
}

/** Why a received file is not stored: its download failed, or it exceeds downloadLimit (MB). */
export type MissingMedia = { reason: 'failed' } | { reason: 'tooLarge'; limitMb: number }

/** A received message's file: stored, or why not (null and no reason when it has none). */
export interface ReceivedMedia {
  stored: StoredMedia | null
  missing?: MissingMedia
}

/** What the conversation shows in place of a file it does not have (reference §9). */
export const missingMediaNote = (missing: MissingMedia) =>
  missing.reason === 'failed'
    ? '*Sistema:* Falha no download da mídia, verifique no dispositivo'
    : `*Sistema:* O arquivo excede o limite de ${missing.limitMb} MB e não foi baixado`

/** What the conversation shows for a kind of message it cannot draw (the provider's own name). */
export const unsupportedNote = (type: string) => `*Sistema:* Mensagem não suportada (${type})`

/**
 * An ad preview's body, as the renderer reads it (`parseAdPreview`): image | source URL | title |
 * body | the contact's text. A bar inside the ad's own fields would shift the ones after it.
 */
const adPreviewBody = (ad: AdReferral, text: string) =>
  [ad.imageUrl, ad.sourceUrl, ad.title, ad.body]
    .map((part) => (part ?? '').replaceAll('|', '¦'))
    .concat(text)
    .join('|')

const mapsLink = (latitude: number, longitude: number) =>
  `https://maps.google.com/maps?q=${latitude}%2C${longitude}&z=17`

/**
 * The stored body and mediaType of an inbound message (reference §9 body extraction): what the
 * list's last message shows and what the conversation draws.
 */
export function describeContent(
  content: InboundContent,
  media: StoredMedia | null,
  callTime: string,
  missing?: MissingMedia,
): { body: string; mediaType: MediaType } {
  switch (content.kind) {
    case 'text':
      return { body: content.body.replaceAll('\u200c', ''), mediaType: 'conversation' }
    case 'reply':
      return { body: content.body, mediaType: 'conversation' }
    case 'media': {
      const fallback =
        content.mediaKind === 'sticker' ? 'sticker' : content.mediaKind === 'audio' ? 'Áudio' : ''
      const body = missing
        ? [content.caption, missingMediaNote(missing)].filter(Boolean).join('\n\n')
        : content.caption || content.fileName || media?.name || fallback
      const mime = media?.mime ?? content.mime
      const mediaType = mime
        ? mediaFamily(mime)
        : content.mediaKind === 'sticker'
          ? 'image'
          : content.mediaKind
      return { body, mediaType }
    }
    case 'location':
      return {
        body: [
          '',
          mapsLink(content.latitude, content.longitude),
          [content.name, content.address].filter(Boolean).join(' - '),
        ].join('|'),
        mediaType: 'locationMessage',
      }
    case 'contacts':
      return { body: content.vcards.join('\n'), mediaType: 'contactMessage' }
    case 'reaction':
      return { body: content.emoji, mediaType: 'reactionMessage' }
    case 'call':
      return {
        body: `Chamada de ${content.video ? 'vídeo' : 'voz'} perdida às ${callTime}`,
        mediaType: 'call_log',
      }
    case 'ad':
      return { body: adPreviewBody(content.ad, content.text), mediaType: 'adMetaPreview' }
    case 'unsupported':
      // Kept, never dropped: the attendant learns that something arrived and of which kind.
      return {
        body: [unsupportedNote(content.type), content.detail].filter(Boolean).join('\n'),
        mediaType: 'conversation',
      }
  }
}
