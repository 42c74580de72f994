import { basename, extname } from 'node:path'
import type { FileListWithOptions } from '../file-lists/file-lists.repository'
import type { AutomaticAttachment, AutomaticText } from '../messages/outbound.types'

/**
 * The types of the greeting files a connection stores: the upload keeps only images and videos,
 * named by the extension their sniffed content gave them (media.service saveFile).
 */
const GREETING_TYPES: Record<string, { mime: string; kind: 'image' | 'video' }> = {
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
export function greetingAttachmentOf(
  path: string | null,
): (AutomaticAttachment & { kind: 'image' | 'video' }) | undefined {
  if (!path) return undefined
  const type = GREETING_TYPES[extname(path).slice(1).toLowerCase()]
  return type ? { path, name: basename(path), ...type } : undefined
}

const attachmentKind = (mime: string): AutomaticAttachment['kind'] => {
  const family = mime.split('/')[0]
  return family === 'image' || family === 'video' || family === 'audio' ? family : 'application'
}

/**
 * What a file list sends (reference §8 "Build it right"): its message, rendered, when it has
 * one, then each uploaded file with its option's name as the caption. The messages share the
 * list's files rather than copy them.
 */
export async function fileListTexts(
  list: FileListWithOptions,
  render: (text: string) => Promise<string>,
): Promise<AutomaticText[]> {
  const texts: AutomaticText[] = []
  if (list.message.trim()) texts.push({ body: await render(list.message) })
  for (const option of list.options)
    if (option.path && option.mediaType)
      texts.push({
        body: option.name,
        attachment: {
          path: option.path,
          name: `${option.name}${extname(option.path)}`,
          mime: option.mediaType,
          kind: attachmentKind(option.mediaType),
        },
      })
  return texts
}
