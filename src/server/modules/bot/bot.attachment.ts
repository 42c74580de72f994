import { basename, extname } from 'node:path'
import type { AutomaticAttachment } from '../messages/outbound.types'

/**
 * The types of the greeting files a connection stores: the upload keeps only images and videos,
 * named by the extension their sniffed content gave them (media.service saveFile).
 */
const GREETING_TYPES: Record<string, Pick<AutomaticAttachment, 'mime' | 'kind'>> = {
  jpg: { mime: 'image/jpeg', kind: 'image' },
  png: { mime: 'image/png', kind: 'image' },
  gif: { mime: 'image/gif', kind: 'image' },
  webp: { mime: 'image/webp', kind: 'image' },
  avif: { mime: 'image/avif', kind: 'image' },
  heic: { mime: 'image/heic', kind: 'image' },
  bmp: { mime: 'image/bmp', kind: 'image' },
  tif: { mime: 'image/tiff', kind: 'image' },
  mp4: { mime: 'video/mp4', kind: 'video' },
  m4v: { mime: 'video/x-m4v', kind: 'video' },
  mov: { mime: 'video/quicktime', kind: 'video' },
  webm: { mime: 'video/webm', kind: 'video' },
  '3gp': { mime: 'video/3gpp', kind: 'video' },
  mkv: { mime: 'video/x-matroska', kind: 'video' },
  avi: { mime: 'video/vnd.avi', kind: 'video' },
  mpg: { mime: 'video/mpeg', kind: 'video' },
}

/** The connection's greeting file as the greeting's attachment; none when there is none. */
export function greetingAttachmentOf(path: string | null): AutomaticAttachment | undefined {
  if (!path) return undefined
  const type = GREETING_TYPES[extname(path).slice(1).toLowerCase()]
  return type ? { path, name: basename(path), ...type } : undefined
}
