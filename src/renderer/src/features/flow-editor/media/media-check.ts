import {
  FLOW_MEDIA_ACCEPT,
  FLOW_MEDIA_MAX_BYTES,
  FLOW_MEDIA_TYPES,
  type FlowContentElementType,
  type FlowMediaKind,
  type FlowNodeType,
} from '@shared/contracts/flows'

/** The media kind of a media block or content card (`img` → image). */
export const MEDIA_KIND_OF = {
  img: 'image',
  audio: 'audio',
  video: 'video',
} as const satisfies Partial<Record<FlowNodeType | FlowContentElementType, FlowMediaKind>>
export type MediaBlockType = keyof typeof MEDIA_KIND_OF

export const isMediaType = (type: string): type is MediaBlockType => type in MEDIA_KIND_OF

/** Why a file was refused before it was sent. */
export type MediaRefusal =
  { reason: 'tooLarge'; maxMb: number } | { reason: 'wrongType'; extensions: string }

/** The size limit in megabytes, as the message says it ('Arquivo é muito grande! 2MB máximo'). */
export const maxMegabytes = (kind: FlowMediaKind): number =>
  FLOW_MEDIA_MAX_BYTES[kind] / (1024 * 1024)

/** The extensions a kind accepts, from its picker's `accept` (`.png`, `.jpg`…). */
const extensionsOf = (kind: FlowMediaKind): string[] =>
  FLOW_MEDIA_ACCEPT[kind].split(',').filter((item) => item.startsWith('.'))

/** The extensions a kind accepts, for people: `png, jpg, jpeg`. */
export const acceptedExtensions = (kind: FlowMediaKind): string =>
  extensionsOf(kind)
    .map((extension) => extension.slice(1))
    .join(', ')

const FAMILY: Record<FlowMediaKind, string> = { image: 'image/', audio: 'audio/', video: 'video/' }

/**
 * Whether a file may be sent as `kind` (002 §5): a type of the kind's list, or, where the browser
 * names it otherwise or not at all (an mp3 read as `audio/mp3`), an accepted extension within
 * the kind's family. The server reads the real type from the content; this spares a doomed
 * upload. Type first, then size.
 */
export function checkMediaFile(
  kind: FlowMediaKind,
  file: Pick<File, 'name' | 'size' | 'type'>,
): MediaRefusal | null {
  const type = file.type.toLowerCase()
  const name = file.name.toLowerCase()
  const extensions = extensionsOf(kind)
  const typeListed = FLOW_MEDIA_TYPES[kind].includes(type)
  const extensionListed = extensions.some((extension) => name.endsWith(extension))
  const typeFits = typeListed || (extensionListed && (type === '' || type.startsWith(FAMILY[kind])))
  if (!typeFits) return { reason: 'wrongType', extensions: acceptedExtensions(kind) }
  if (file.size > FLOW_MEDIA_MAX_BYTES[kind])
    return { reason: 'tooLarge', maxMb: maxMegabytes(kind) }
  return null
}
