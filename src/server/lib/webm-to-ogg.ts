import { randomBytes } from 'node:crypto'

/**
 * WebM/Opus → Ogg/Opus without transcoding. Chromium's MediaRecorder (and so the desktop app)
 * records voice notes as `audio/webm;codecs=opus`, while WhatsApp only plays Ogg/Opus voice
 * notes and the Cloud API refuses WebM audio. The Opus packets are kept byte for byte; only the
 * container changes (Matroska → RFC 7845 Ogg encapsulation).
 *
 * Accepted: DocType `webm` or `matroska`; a sized or unknown-size Segment (a live recording);
 * sized or unknown-size Clusters; SimpleBlocks and BlockGroup/Blocks; no lacing, Xiph, fixed-size
 * and EBML lacing; CodecPrivate holding an OpusHead, or none (then the OpusHead is built from
 * Channels, SamplingFrequency and CodecDelay, mono or stereo only); DiscardPadding on the last
 * block (end trimming); a file cut off inside its last element once the tracks have been read.
 * Cluster and Block timecodes are not needed: Ogg positions come from the packets' durations
 * (their TOC bytes), so a gap in the timecodes is not kept.
 *
 * Refused with a {@link WebmToOggError}: anything that is not EBML WebM/Matroska (`NOT_WEBM`),
 * a video track (`HAS_VIDEO`: the picture would be lost), no audio track or a non-Opus one
 * (`NO_OPUS_TRACK`), several audio tracks (`MULTIPLE_AUDIO_TRACKS`), content encodings
 * (compression, encryption) or a multichannel track without an OpusHead (`UNSUPPORTED`), a track
 * without packets (`NO_AUDIO`) and broken structure, lacing or Opus packets (`MALFORMED`).
 */

export type WebmToOggErrorCode =
  | 'NOT_WEBM'
  | 'MALFORMED'
  | 'HAS_VIDEO'
  | 'NO_OPUS_TRACK'
  | 'MULTIPLE_AUDIO_TRACKS'
  | 'UNSUPPORTED'
  | 'NO_AUDIO'

export class WebmToOggError extends Error {
  override name = 'WebmToOggError'
  constructor(
    readonly code: WebmToOggErrorCode,
    message: string,
  ) {
    super(message)
  }
}

export interface WebmToOggOptions {
  /** The Ogg stream's serial number; random unless given (tests pin it). */
  serial?: number
  /** The OpusTags vendor string. */
  vendor?: string
}

const ID = {
  EBML: 0x1a45dfa3,
  DocType: 0x4282,
  Segment: 0x18538067,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackType: 0x83,
  CodecID: 0x86,
  CodecPrivate: 0x63a2,
  CodecDelay: 0x56aa,
  ContentEncodings: 0x6d80,
  Video: 0xe0,
  Audio: 0xe1,
  SamplingFrequency: 0xb5,
  Channels: 0x9f,
  Cluster: 0x1f43b675,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  DiscardPadding: 0x75a2,
} as const

/**
 * What may appear inside a Cluster (Timecode, SilentTracks, Position, PrevSize, SimpleBlock,
 * BlockGroup, EncryptedBlock, Void, CRC-32): an unknown-size Cluster ends at the first other ID.
 */
const CLUSTER_CHILDREN = new Set([0xe7, 0x5854, 0xa7, 0xab, 0xa3, 0xa0, 0xaf, 0xec, 0xbf])

const TRACK_TYPE_VIDEO = 1
const TRACK_TYPE_AUDIO = 2
const OPUS_RATE = 48_000
/** RFC 6716 §3.2.5: a packet never holds more than 120 ms. */
const MAX_PACKET_SAMPLES = 5_760
/** Pages are closed after about a second of audio, as libopusenc does, so players can seek. */
const PAGE_SAMPLES = OPUS_RATE
const OGG_MAX_SEGMENTS = 255

const malformed = (message: string) => new WebmToOggError('MALFORMED', message)

interface ElementHeader {
  id: number
  /** First byte of the payload. */
  start: number
  /** End of the payload; null for an unknown size. */
  end: number | null
}

interface TrackInfo {
  number: number
  type: number
  codecId: string
  codecPrivate: Buffer | null
  codecDelayNs: number
  channels: number
  samplingFrequency: number
  encoded: boolean
  video: boolean
}

interface RawBlock {
  /** The Block or SimpleBlock payload: track, timecode, flags, frames. */
  data: Buffer
  discardPaddingNs: number
}

/** An EBML variable-length integer: its byte length, value (marker bit removed) and all-ones. */
function readVint(buf: Buffer, pos: number, limit: number) {
  if (pos >= limit) return null
  const first = buf[pos]!
  if (first === 0) throw malformed(`invalid EBML length at byte ${pos}`)
  const length = Math.clz32(first) - 23
  if (pos + length > limit) return null
  let value = first & (0xff >> length)
  let allOnes = value === 0xff >> length
  for (let i = 1; i < length; i++) {
    const byte = buf[pos + i]!
    value = value * 256 + byte
    allOnes &&= byte === 0xff
  }
  return { length, value, allOnes }
}

function readHeader(buf: Buffer, pos: number, limit: number): ElementHeader | null {
  const first = buf[pos]
  if (first === undefined || pos >= limit) return null
  const idLength = Math.clz32(first) - 23
  if (idLength < 1 || idLength > 4) throw malformed(`invalid element ID at byte ${pos}`)
  if (pos + idLength > limit) return null
  const id = buf.readUIntBE(pos, idLength)
  const size = readVint(buf, pos + idLength, limit)
  if (!size) return null
  const start = pos + idLength + size.length
  return { id, start, end: size.allOnes ? null : start + size.value }
}

function readUint(buf: Buffer, start: number, end: number): number {
  let value = 0
  for (let i = start; i < end; i++) value = value * 256 + buf[i]!
  return value
}

function readSigned(buf: Buffer, start: number, end: number): number {
  if (end === start) return 0
  if (end - start > 8) throw malformed('integer longer than 8 bytes')
  let value = 0n
  for (let i = start; i < end; i++) value = (value << 8n) | BigInt(buf[i]!)
  const bits = BigInt((end - start) * 8)
  if (value >> (bits - 1n)) value -= 1n << bits
  return Number(value)
}

function readFloat(buf: Buffer, start: number, end: number): number {
  if (end - start === 4) return buf.readFloatBE(start)
  if (end - start === 8) return buf.readDoubleBE(start)
  if (end === start) return 0
  throw malformed('float of invalid length')
}

/** The children of a sized element; a child overrunning its parent is malformed. */
function* children(buf: Buffer, start: number, end: number): Generator<ElementHeader> {
  let pos = start
  while (pos < end) {
    const header = readHeader(buf, pos, end)
    if (!header) throw malformed(`element cut short at byte ${pos}`)
    if (header.end === null || header.end > end)
      throw malformed(`element 0x${header.id.toString(16)} overruns its parent`)
    yield header
    pos = header.end
  }
}

function readDocType(buf: Buffer): { bodyEnd: number } {
  let header: ElementHeader | null
  try {
    header = readHeader(buf, 0, buf.length)
  } catch {
    header = null
  }
  if (!header || header.id !== ID.EBML || header.end === null || header.end > buf.length)
    throw new WebmToOggError('NOT_WEBM', 'not an EBML document')
  // Matroska's default DocType when the element is absent.
  let docType = 'matroska'
  for (const child of children(buf, header.start, header.end))
    if (child.id === ID.DocType)
      docType = buf.toString('latin1', child.start, child.end!).replace(/\0+$/, '')
  if (docType !== 'webm' && docType !== 'matroska')
    throw new WebmToOggError('NOT_WEBM', `EBML DocType "${docType}" is not WebM`)
  return { bodyEnd: header.end }
}

function readTrackEntry(buf: Buffer, start: number, end: number): TrackInfo {
  const track: TrackInfo = {
    number: 0,
    type: 0,
    codecId: '',
    codecPrivate: null,
    codecDelayNs: 0,
    // Matroska's defaults for Channels and SamplingFrequency.
    channels: 1,
    samplingFrequency: 8000,
    encoded: false,
    video: false,
  }
  for (const child of children(buf, start, end)) {
    const childEnd = child.end!
    switch (child.id) {
      case ID.TrackNumber:
        track.number = readUint(buf, child.start, childEnd)
        break
      case ID.TrackType:
        track.type = readUint(buf, child.start, childEnd)
        break
      case ID.CodecID:
        track.codecId = buf.toString('latin1', child.start, childEnd).replace(/\0+$/, '')
        break
      case ID.CodecPrivate:
        track.codecPrivate = Buffer.from(buf.subarray(child.start, childEnd))
        break
      case ID.CodecDelay:
        track.codecDelayNs = readUint(buf, child.start, childEnd)
        break
      case ID.ContentEncodings:
        track.encoded = true
        break
      case ID.Video:
        track.video = true
        break
      case ID.Audio:
        for (const audio of children(buf, child.start, childEnd)) {
          if (audio.id === ID.Channels) track.channels = readUint(buf, audio.start, audio.end!)
          else if (audio.id === ID.SamplingFrequency)
            track.samplingFrequency = readFloat(buf, audio.start, audio.end!)
        }
        break
    }
  }
  return track
}

/**
 * Walks the first Segment and gathers its tracks and blocks. Blocks are kept raw and split per
 * track later, since nothing forces Tracks to precede the Clusters.
 */
function readSegment(buf: Buffer, from: number) {
  let pos = from
  let segment: ElementHeader | null = null
  while (!segment) {
    const header = readHeader(buf, pos, buf.length)
    if (!header) throw malformed('no Segment')
    if (header.id === ID.Segment) segment = header
    else if (header.end === null) throw malformed('unknown-size element before the Segment')
    else pos = header.end
  }
  // A sized Segment cut short is still read up to the end of the data.
  const segmentEnd = Math.min(segment.end ?? buf.length, buf.length)
  let tracks: TrackInfo[] | null = null
  const blocks: RawBlock[] = []
  let truncated = false
  /** Only the end of the data may cut an element short: a recording stopped mid-write. */
  const cutShort = (at: number, limit: number) => {
    if (limit < buf.length) throw malformed(`element at byte ${at} overruns its parent`)
    truncated = true
  }

  const readCluster = (start: number, sizedEnd: number | null): number => {
    const limit = Math.min(sizedEnd ?? segmentEnd, segmentEnd)
    let at = start
    while (at < limit) {
      const header = readHeader(buf, at, limit)
      if (!header || (header.end !== null && header.end > limit)) {
        cutShort(at, limit)
        return limit
      }
      if (sizedEnd === null && !CLUSTER_CHILDREN.has(header.id)) return at
      if (header.end === null) throw malformed('unknown-size element inside a Cluster')
      if (header.id === ID.SimpleBlock) {
        blocks.push({ data: buf.subarray(header.start, header.end), discardPaddingNs: 0 })
      } else if (header.id === ID.BlockGroup) {
        let data: Buffer | null = null
        let discardPaddingNs = 0
        for (const child of children(buf, header.start, header.end)) {
          if (child.id === ID.Block) data = buf.subarray(child.start, child.end!)
          else if (child.id === ID.DiscardPadding)
            discardPaddingNs = readSigned(buf, child.start, child.end!)
        }
        if (!data) throw malformed('BlockGroup without a Block')
        blocks.push({ data, discardPaddingNs })
      }
      at = header.end
    }
    return limit
  }

  pos = segment.start
  while (pos < segmentEnd && !truncated) {
    const header = readHeader(buf, pos, segmentEnd)
    if (!header) {
      cutShort(pos, segmentEnd)
      break
    }
    // A second EBML stream or Segment chained after an unknown-size Segment ends it.
    if (header.id === ID.EBML || header.id === ID.Segment) break
    if (header.id === ID.Cluster) {
      pos = readCluster(header.start, header.end)
      continue
    }
    if (header.end === null)
      throw malformed(`unknown-size element 0x${header.id.toString(16)} in the Segment`)
    if (header.end > segmentEnd) {
      cutShort(pos, segmentEnd)
      break
    }
    if (header.id === ID.Tracks && !tracks) {
      tracks = []
      for (const entry of children(buf, header.start, header.end))
        if (entry.id === ID.TrackEntry) tracks.push(readTrackEntry(buf, entry.start, entry.end!))
    }
    pos = header.end
  }
  if (!tracks) throw malformed(truncated ? 'file cut short before its Tracks' : 'no Tracks')
  return { tracks, blocks }
}

function chooseTrack(tracks: TrackInfo[]): TrackInfo {
  const isVideo = (t: TrackInfo) =>
    t.type === TRACK_TYPE_VIDEO || t.video || t.codecId.startsWith('V_')
  if (tracks.some(isVideo)) throw new WebmToOggError('HAS_VIDEO', 'the file has a video track')
  const audio = tracks.filter((t) => t.type === TRACK_TYPE_AUDIO || t.codecId.startsWith('A_'))
  const [track] = audio
  if (!track) throw new WebmToOggError('NO_OPUS_TRACK', 'the file has no audio track')
  if (audio.length > 1)
    throw new WebmToOggError('MULTIPLE_AUDIO_TRACKS', `the file has ${audio.length} audio tracks`)
  if (track.codecId !== 'A_OPUS')
    throw new WebmToOggError('NO_OPUS_TRACK', `the audio track is ${track.codecId || 'untyped'}`)
  if (track.encoded)
    throw new WebmToOggError('UNSUPPORTED', 'the audio track is compressed or encrypted')
  return track
}

/** RFC 7845 §5.1 identification header, as given or made from the track's audio settings. */
function opusHeadOf(track: TrackInfo): Buffer {
  const head = track.codecPrivate
  if (head) {
    const valid =
      head.length >= 19 &&
      head.toString('latin1', 0, 8) === 'OpusHead' &&
      (head[8]! & 0xf0) === 0 &&
      head[9]! > 0 &&
      (head[18] === 0 ? head[9]! <= 2 : head.length >= 21 + head[9]!)
    if (!valid) throw malformed('CodecPrivate is not a valid OpusHead')
    return head
  }
  if (track.channels < 1 || track.channels > 2)
    throw new WebmToOggError(
      'UNSUPPORTED',
      `${track.channels} channels without an OpusHead (its channel mapping is unknown)`,
    )
  const built = Buffer.alloc(19)
  built.write('OpusHead', 0, 'latin1')
  built[8] = 1
  built[9] = track.channels
  // Matroska's CodecDelay is the same encoder delay Ogg calls pre-skip.
  const preSkip = Math.round((track.codecDelayNs * OPUS_RATE) / 1e9)
  built.writeUInt16LE(Math.min(preSkip, 0xffff), 10)
  const rate = Math.round(track.samplingFrequency)
  built.writeUInt32LE(rate > 0 && rate <= 0xffffffff ? rate : OPUS_RATE, 12)
  return built
}

/** The frames of one Block of the chosen track, or null when it belongs to another track. */
function framesOf(block: Buffer, trackNumber: number): Buffer[] | null {
  const track = readVint(block, 0, block.length)
  if (!track || track.length + 3 > block.length) throw malformed('Block header cut short')
  if (track.value !== trackNumber) return null
  let pos = track.length + 2
  const flags = block[pos++]!
  const lacing = (flags >> 1) & 3
  if (lacing === 0) return [block.subarray(pos)]
  if (pos >= block.length) throw malformed('laced Block without a frame count')
  const count = block[pos++]! + 1
  const sizes: number[] = []
  if (lacing === 1) {
    // Xiph lacing: each size but the last is a run of 255s ended by a smaller byte.
    for (let i = 0; i < count - 1; i++) {
      let size = 0
      let byte: number
      do {
        if (pos >= block.length) throw malformed('Xiph lacing cut short')
        byte = block[pos++]!
        size += byte
      } while (byte === 255)
      sizes.push(size)
    }
  } else if (lacing === 3) {
    // EBML lacing: the first size, then signed differences to the previous one.
    for (let i = 0; i < count - 1; i++) {
      const vint = readVint(block, pos, block.length)
      if (!vint) throw malformed('EBML lacing cut short')
      pos += vint.length
      const size =
        i === 0 ? vint.value : sizes[i - 1]! + vint.value - (2 ** (7 * vint.length - 1) - 1)
      if (size < 0) throw malformed('negative EBML lace size')
      sizes.push(size)
    }
  } else {
    const rest = block.length - pos
    if (rest % count !== 0) throw malformed('fixed-size lacing does not divide the Block')
    for (let i = 0; i < count - 1; i++) sizes.push(rest / count)
  }
  const known = sizes.reduce((sum, size) => sum + size, 0)
  if (pos + known > block.length) throw malformed('lace sizes overrun the Block')
  sizes.push(block.length - pos - known)
  return sizes.map((size) => {
    const frame = block.subarray(pos, pos + size)
    pos += size
    return frame
  })
}

/** Samples per frame at 48 kHz for each TOC config (RFC 6716 §3.1, Table 2). */
function frameSamples(config: number): number {
  if (config < 12) return [480, 960, 1920, 2880][config % 4]!
  if (config < 16) return [480, 960][config % 2]!
  return [120, 240, 480, 960][config % 4]!
}

/** The packet's duration at 48 kHz, from its TOC byte and frame count (RFC 6716 §3.1). */
export function opusPacketSamples(packet: Buffer): number {
  const toc = packet[0]
  if (toc === undefined) throw malformed('empty Opus packet')
  const code = toc & 3
  let frames = code === 0 ? 1 : 2
  if (code === 3) {
    const countByte = packet[1]
    if (countByte === undefined) throw malformed('Opus code 3 packet without a frame count')
    frames = countByte & 0x3f
    if (frames === 0) throw malformed('Opus code 3 packet with no frames')
  }
  const samples = frames * frameSamples(toc >> 3)
  if (samples > MAX_PACKET_SAMPLES) throw malformed('Opus packet longer than 120 ms')
  return samples
}

const CRC_TABLE = (() => {
  // Signed entries keep the hot loop in 32-bit integers instead of heap doubles.
  const table = new Int32Array(256)
  for (let i = 0; i < 256; i++) {
    let r = i << 24
    for (let bit = 0; bit < 8; bit++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1
    table[i] = r
  }
  return table
})()

/** Ogg's CRC-32: polynomial 0x04C11DB7, not reflected, zero initial value and no final XOR. */
export function oggCrc32(data: Uint8Array): number {
  // Indexed rather than for-of: iterating a Buffer is several times slower on 20 MB uploads.
  let crc = 0
  for (let i = 0; i < data.length; i++) crc = (crc << 8) ^ CRC_TABLE[(crc >>> 24) ^ data[i]!]!
  return crc >>> 0
}

/** Packs packets into Ogg pages (RFC 3533), splitting a packet across pages when needed. */
class OggPageWriter {
  readonly pages: Buffer[] = []
  private sequence = 0
  private lacing: number[] = []
  private body: Buffer[] = []
  /** Granule position of the last packet completed on the open page; -1 if none. */
  private granule = -1n
  private continued = false
  private first = true
  samplesOnPage = 0

  constructor(private readonly serial: number) {}

  add(packet: Buffer, granuleAfter: bigint, samples = 0) {
    // A lacing value below 255 ends the packet, hence a final 0 after an exact multiple.
    const laces = Math.floor(packet.length / 255) + 1
    let offset = 0
    for (let lace = 0; lace < laces;) {
      if (this.lacing.length === OGG_MAX_SEGMENTS) this.flush(false, lace > 0)
      const onPage = Math.min(laces - lace, OGG_MAX_SEGMENTS - this.lacing.length)
      for (let i = 0; i < onPage; i++)
        this.lacing.push(lace + i === laces - 1 ? packet.length % 255 : 255)
      const end = Math.min(offset + onPage * 255, packet.length)
      this.body.push(packet.subarray(offset, end))
      offset = end
      lace += onPage
    }
    this.granule = granuleAfter
    this.samplesOnPage += samples
  }

  /** End trimming (RFC 7845 §4.5): only the last page may claim fewer samples than it holds. */
  setGranule(granule: bigint) {
    this.granule = granule
  }

  flush(last: boolean, nextContinues = false) {
    const header = Buffer.alloc(27 + this.lacing.length)
    header.write('OggS', 0, 'latin1')
    header[5] = (this.continued ? 1 : 0) | (this.first ? 2 : 0) | (last ? 4 : 0)
    header.writeBigInt64LE(this.granule, 6)
    header.writeUInt32LE(this.serial, 14)
    header.writeUInt32LE(this.sequence, 18)
    header[26] = this.lacing.length
    Buffer.from(this.lacing).copy(header, 27)
    const page = Buffer.concat([header, ...this.body])
    page.writeUInt32LE(oggCrc32(page), 22)
    this.pages.push(page)
    this.sequence += 1
    this.first = false
    this.continued = nextContinues
    this.lacing = []
    this.body = []
    this.granule = -1n
    this.samplesOnPage = 0
  }
}

function opusTags(vendor: string): Buffer {
  const name = Buffer.from(vendor, 'utf8')
  const tags = Buffer.alloc(8 + 4 + name.length + 4)
  tags.write('OpusTags', 0, 'latin1')
  tags.writeUInt32LE(name.length, 8)
  name.copy(tags, 12)
  tags.writeUInt32LE(0, 12 + name.length)
  return tags
}

/** Remuxes a WebM/Matroska file with one Opus audio track into an Ogg/Opus file. */
export function webmOpusToOgg(webm: Buffer, options: WebmToOggOptions = {}): Buffer {
  const { bodyEnd } = readDocType(webm)
  const { tracks, blocks } = readSegment(webm, bodyEnd)
  const track = chooseTrack(tracks)
  const head = opusHeadOf(track)

  const packets: Array<{ data: Buffer; samples: number; discardPaddingNs: number }> = []
  for (const block of blocks) {
    const frames = framesOf(block.data, track.number)
    if (!frames) continue
    frames.forEach((data, index) =>
      packets.push({
        data,
        samples: opusPacketSamples(data),
        // DiscardPadding is about the end of the Block, so its last frame.
        discardPaddingNs: index === frames.length - 1 ? block.discardPaddingNs : 0,
      }),
    )
  }
  if (packets.length === 0) throw new WebmToOggError('NO_AUDIO', 'the Opus track has no packets')

  const writer = new OggPageWriter(options.serial ?? randomBytes(4).readUInt32LE(0))
  writer.add(head, 0n)
  writer.flush(false)
  writer.add(opusTags(options.vendor ?? 'atende'), 0n)
  writer.flush(false)

  let total = 0
  let beforeLast = 0
  for (const packet of packets) {
    if (writer.samplesOnPage >= PAGE_SAMPLES) writer.flush(false)
    beforeLast = total
    total += packet.samples
    writer.add(packet.data, BigInt(total), packet.samples)
  }
  const padding = packets.at(-1)!.discardPaddingNs
  if (padding > 0) {
    const trimmed = total - Math.round((padding * OPUS_RATE) / 1e9)
    writer.setGranule(BigInt(Math.max(trimmed, beforeLast)))
  }
  writer.flush(true)
  return Buffer.concat(writer.pages)
}
