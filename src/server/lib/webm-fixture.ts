/**
 * Test-only: WebM/Opus files written the way Chromium's MediaRecorder writes them (or with the
 * variations other muxers use), for the remux and upload tests. The server never imports it.
 */

/** An EBML element ID as written: its marker bit is part of the number. */
function idBytes(id: number): Buffer {
  const length = id > 0xffffff ? 4 : id > 0xffff ? 3 : id > 0xff ? 2 : 1
  const bytes = Buffer.alloc(length)
  bytes.writeUIntBE(id, 0, length)
  return bytes
}

/** The shortest EBML size for `value` (all-ones values are reserved for "unknown"). */
function sizeBytes(value: number): Buffer {
  for (let length = 1; length <= 8; length++) {
    if (value < 2 ** (7 * length) - 1) {
      const bytes = Buffer.alloc(length)
      let rest = value
      for (let i = length - 1; i >= 0; i--) {
        bytes[i] = rest % 256
        rest = Math.floor(rest / 256)
      }
      bytes[0]! |= 0x80 >> (length - 1)
      return bytes
    }
  }
  throw new Error(`EBML size too large: ${value}`)
}

export const element = (id: number, ...payload: Buffer[]): Buffer => {
  const body = Buffer.concat(payload)
  return Buffer.concat([idBytes(id), sizeBytes(body.length), body])
}

/** A live-stream element: its size is "unknown" (8 bytes of all ones after the marker). */
export const unknownSizeElement = (id: number, ...payload: Buffer[]): Buffer =>
  Buffer.concat([
    idBytes(id),
    Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    ...payload,
  ])

export const uintElement = (id: number, value: number): Buffer => {
  const bytes: number[] = []
  let rest = value
  do {
    bytes.unshift(rest % 256)
    rest = Math.floor(rest / 256)
  } while (rest > 0)
  return element(id, Buffer.from(bytes))
}

export const stringElement = (id: number, value: string): Buffer =>
  element(id, Buffer.from(value, 'latin1'))

export const floatElement = (id: number, value: number): Buffer => {
  const bytes = Buffer.alloc(4)
  bytes.writeFloatBE(value)
  return element(id, bytes)
}

/** A signed integer element of 4 bytes (enough for the DiscardPadding values tests use). */
const int32Element = (id: number, value: number): Buffer => {
  const bytes = Buffer.alloc(4)
  bytes.writeInt32BE(value)
  return element(id, bytes)
}

export const OPUS_HEAD_PRE_SKIP = 312

/** RFC 7845 identification header, channel mapping family 0. */
export function opusHead(channels: number, preSkip = OPUS_HEAD_PRE_SKIP): Buffer {
  const head = Buffer.alloc(19)
  head.write('OpusHead', 0, 'latin1')
  head[8] = 1
  head[9] = channels
  head.writeUInt16LE(preSkip, 10)
  head.writeUInt32LE(48_000, 12)
  return head
}

/** CELT fullband 20 ms silence, the packet an encoder emits for digital silence. */
export const OPUS_SILENCE_20MS = Buffer.from([0xf8, 0xff, 0xfe])

/**
 * An Opus packet with a valid TOC byte: `config` 0–31, frame-count `code` 0–3 (`frames` for
 * code 3), padded to `length` bytes. The payload does not decode to anything meaningful.
 */
export function opusPacket(
  config: number,
  options: { code?: 0 | 1 | 2 | 3; frames?: number; length?: number; stereo?: boolean } = {},
): Buffer {
  const code = options.code ?? 0
  const header = [(config << 3) | (options.stereo ? 4 : 0) | code]
  if (code === 3) header.push(options.frames ?? 1)
  const length = Math.max(options.length ?? header.length + 2, header.length)
  const packet = Buffer.alloc(length, 0x5a)
  Buffer.from(header).copy(packet)
  return packet
}

export const WEBM_ID = {
  EBML: 0x1a45dfa3,
  EBMLVersion: 0x4286,
  EBMLReadVersion: 0x42f7,
  EBMLMaxIDLength: 0x42f2,
  EBMLMaxSizeLength: 0x42f3,
  DocType: 0x4282,
  DocTypeVersion: 0x4287,
  DocTypeReadVersion: 0x4285,
  Segment: 0x18538067,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  MuxingApp: 0x4d80,
  WritingApp: 0x5741,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackUID: 0x73c5,
  TrackType: 0x83,
  CodecID: 0x86,
  CodecPrivate: 0x63a2,
  CodecDelay: 0x56aa,
  SeekPreRoll: 0x56bb,
  ContentEncodings: 0x6d80,
  Audio: 0xe1,
  SamplingFrequency: 0xb5,
  Channels: 0x9f,
  Video: 0xe0,
  PixelWidth: 0xb0,
  PixelHeight: 0xba,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  BlockDuration: 0x9b,
  DiscardPadding: 0x75a2,
  Void: 0xec,
  Cues: 0x1c53bb6b,
} as const

const ID = WEBM_ID

export interface TrackSpec {
  number: number
  type: number
  codecId: string
  codecPrivate?: Buffer
  channels?: number
  samplingFrequency?: number
  codecDelayNs?: number
  video?: boolean
  contentEncodings?: boolean
}

export function trackEntry(spec: TrackSpec): Buffer {
  return element(
    ID.TrackEntry,
    uintElement(ID.TrackNumber, spec.number),
    uintElement(ID.TrackUID, 1000 + spec.number),
    uintElement(ID.TrackType, spec.type),
    stringElement(ID.CodecID, spec.codecId),
    ...(spec.codecPrivate ? [element(ID.CodecPrivate, spec.codecPrivate)] : []),
    ...(spec.codecDelayNs !== undefined ? [uintElement(ID.CodecDelay, spec.codecDelayNs)] : []),
    ...(spec.contentEncodings ? [element(ID.ContentEncodings, Buffer.alloc(0))] : []),
    ...(spec.video
      ? [element(ID.Video, uintElement(ID.PixelWidth, 640), uintElement(ID.PixelHeight, 480))]
      : [
          element(
            ID.Audio,
            floatElement(ID.SamplingFrequency, spec.samplingFrequency ?? 48_000),
            uintElement(ID.Channels, spec.channels ?? 1),
          ),
        ]),
  )
}

export type Lacing = 'none' | 'xiph' | 'fixed' | 'ebml'

/** A Block / SimpleBlock payload: track, relative timecode, flags, (laces), frames. */
export function blockPayload(
  track: number,
  timecode: number,
  frames: Buffer[],
  lacing: Lacing,
  keyframe: boolean,
): Buffer {
  const head = Buffer.alloc(3)
  head.writeInt16BE(timecode, 0)
  const lacingBits = { none: 0, xiph: 1, fixed: 2, ebml: 3 }[lacing]
  head[2] = (keyframe ? 0x80 : 0) | (lacingBits << 1)
  const laces: number[] = []
  if (lacing !== 'none') {
    laces.push(frames.length - 1)
    const sizes = frames.slice(0, -1).map((frame) => frame.length)
    if (lacing === 'xiph') {
      for (const size of sizes) {
        for (let rest = size; ; rest -= 255) {
          laces.push(Math.min(rest, 255))
          if (rest < 255) break
        }
      }
    } else if (lacing === 'ebml') {
      sizes.forEach((size, index) => {
        if (index === 0) laces.push(...sizeBytes(size))
        else {
          // Signed difference, stored as a 2-byte vint biased by 2^13 - 1.
          const biased = size - sizes[index - 1]! + (2 ** 13 - 1)
          laces.push(0x40 | (biased >> 8), biased & 0xff)
        }
      })
    } else if (new Set(frames.map((frame) => frame.length)).size !== 1) {
      throw new Error('fixed-size lacing needs frames of one size')
    }
  }
  return Buffer.concat([sizeBytes(track), head, Buffer.from(laces), ...frames])
}

export interface WebmFixture {
  /** The audio packets, in order. */
  packets: Buffer[]
  channels?: number
  codecId?: string
  /** CodecPrivate; default an OpusHead of `channels`; null leaves CodecPrivate out. */
  codecPrivate?: Buffer | null
  codecDelayNs?: number
  /** A ContentEncodings element on the audio track (compression or encryption). */
  contentEncodings?: boolean
  /** Unknown-size Segment and Clusters, as a live recording (Chromium) writes; default true. */
  live?: boolean
  packetsPerCluster?: number
  /** SimpleBlocks (Chromium) or BlockGroup/Block. */
  blocks?: 'simple' | 'group'
  lacing?: Lacing
  framesPerBlock?: number
  /** Other TrackEntry specs, and blocks of theirs interleaved with the audio. */
  otherTracks?: TrackSpec[]
  /** DiscardPadding of the last block, in nanoseconds (BlockGroups only). */
  discardPaddingNs?: number
}

/** Milliseconds per packet for the fixture's timecodes; exactness does not matter to Ogg. */
function packetMs(packet: Buffer): number {
  const config = packet[0]! >> 3
  const frame =
    config < 12
      ? [10, 20, 40, 60][config % 4]!
      : config < 16
        ? [10, 20][config % 2]!
        : [2.5, 5, 10, 20][config % 4]!
  const code = packet[0]! & 3
  return frame * (code === 0 ? 1 : code === 3 ? packet[1]! & 0x3f : 2)
}

/** A WebM file with one audio track (track 1) holding `packets`. */
export function buildWebm(fixture: WebmFixture): Buffer {
  const live = fixture.live ?? true
  const channels = fixture.channels ?? 1
  const lacing = fixture.lacing ?? 'none'
  const framesPerBlock = lacing === 'none' ? 1 : (fixture.framesPerBlock ?? 4)
  const perCluster = fixture.packetsPerCluster ?? 50
  const container = live ? unknownSizeElement : element

  const header = element(
    ID.EBML,
    uintElement(ID.EBMLVersion, 1),
    uintElement(ID.EBMLReadVersion, 1),
    uintElement(ID.EBMLMaxIDLength, 4),
    uintElement(ID.EBMLMaxSizeLength, 8),
    stringElement(ID.DocType, 'webm'),
    uintElement(ID.DocTypeVersion, 4),
    uintElement(ID.DocTypeReadVersion, 2),
  )
  const info = element(
    ID.Info,
    uintElement(ID.TimecodeScale, 1_000_000),
    stringElement(ID.MuxingApp, 'Chrome'),
    stringElement(ID.WritingApp, 'Chrome'),
  )
  const audio: TrackSpec = {
    number: 1,
    type: 2,
    codecId: fixture.codecId ?? 'A_OPUS',
    channels,
    ...(fixture.codecPrivate !== null
      ? { codecPrivate: fixture.codecPrivate ?? opusHead(channels) }
      : {}),
    ...(fixture.codecDelayNs !== undefined ? { codecDelayNs: fixture.codecDelayNs } : {}),
    ...(fixture.contentEncodings ? { contentEncodings: true } : {}),
  }
  const others = fixture.otherTracks ?? []
  const tracks = element(ID.Tracks, ...[audio, ...others].map(trackEntry))

  const clusters: Buffer[] = []
  let clusterStartMs = 0
  let nowMs = 0
  for (let first = 0; first < fixture.packets.length; first += perCluster) {
    const inCluster = fixture.packets.slice(first, first + perCluster)
    const children: Buffer[] = [uintElement(ID.Timecode, Math.round(clusterStartMs))]
    for (let i = 0; i < inCluster.length; i += framesPerBlock) {
      const frames = inCluster.slice(i, i + framesPerBlock)
      const relative = Math.round(nowMs - clusterStartMs)
      const isLast = first + i + frames.length >= fixture.packets.length
      const blockLacing = frames.length > 1 ? lacing : 'none'
      if ((fixture.blocks ?? 'simple') === 'simple') {
        children.push(element(ID.SimpleBlock, blockPayload(1, relative, frames, blockLacing, true)))
      } else {
        children.push(
          element(
            ID.BlockGroup,
            element(ID.Block, blockPayload(1, relative, frames, blockLacing, false)),
            ...(isLast && fixture.discardPaddingNs
              ? [int32Element(ID.DiscardPadding, fixture.discardPaddingNs)]
              : []),
          ),
        )
      }
      // Another track's block (a subtitle, say) between the audio ones.
      for (const other of others)
        if (!other.video)
          children.push(
            element(
              ID.SimpleBlock,
              blockPayload(other.number, relative, [Buffer.from('x')], 'none', true),
            ),
          )
      nowMs += frames.reduce((sum, frame) => sum + packetMs(frame), 0)
    }
    clusters.push(container(ID.Cluster, ...children))
    clusterStartMs = nowMs
  }
  return Buffer.concat([header, container(ID.Segment, info, tracks, ...clusters)])
}
