import { fileTypeFromBuffer } from 'file-type'
import { describe, expect, test } from 'vitest'
import {
  buildWebm,
  element,
  OPUS_HEAD_PRE_SKIP,
  OPUS_SILENCE_20MS,
  opusHead,
  opusPacket,
  stringElement,
  uintElement,
  WEBM_ID,
} from './webm-fixture'
import { oggCrc32, opusPacketSamples, webmOpusToOgg, WebmToOggError } from './webm-to-ogg'

/** Bit by bit, so the check does not share the table-driven code it checks. */
function crc32Ogg(data: Buffer): number {
  let crc = 0
  for (const byte of data) {
    crc ^= byte << 24
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x80000000 ? ((crc << 1) ^ 0x04c11db7) >>> 0 : (crc << 1) >>> 0
  }
  return crc >>> 0
}

interface Page {
  flags: number
  granule: bigint
  serial: number
  sequence: number
  segments: number
  /** Packets completed on this page. */
  completed: number
}

/** Reads an Ogg stream strictly: capture pattern, CRC, lacing and continuation flags. */
function readOgg(ogg: Buffer) {
  const pages: Page[] = []
  const packets: Buffer[] = []
  /** For each packet, the page it ends on. */
  const endPage: number[] = []
  let partial: Buffer[] = []
  let pos = 0
  while (pos < ogg.length) {
    expect(ogg.toString('latin1', pos, pos + 4)).toBe('OggS')
    expect(ogg[pos + 4]).toBe(0)
    const segments = ogg[pos + 26]!
    const lacing = [...ogg.subarray(pos + 27, pos + 27 + segments)]
    const headerLength = 27 + segments
    const bodyLength = lacing.reduce((sum, lace) => sum + lace, 0)
    const page = Buffer.from(ogg.subarray(pos, pos + headerLength + bodyLength))
    expect(page.length).toBe(headerLength + bodyLength)
    const stored = page.readUInt32LE(22)
    page.writeUInt32LE(0, 22)
    expect(crc32Ogg(page)).toBe(stored)

    const flags = page[5]!
    expect(flags & 1 ? partial.length > 0 : partial.length === 0).toBe(true)
    let offset = headerLength
    let completed = 0
    for (const lace of lacing) {
      partial.push(page.subarray(offset, offset + lace))
      offset += lace
      if (lace < 255) {
        packets.push(Buffer.concat(partial))
        endPage.push(pages.length)
        partial = []
        completed += 1
      }
    }
    pages.push({
      flags,
      granule: page.readBigInt64LE(6),
      serial: page.readUInt32LE(14),
      sequence: page.readUInt32LE(18),
      segments,
      completed,
    })
    pos += page.length
  }
  expect(partial).toEqual([])
  return { pages, packets, endPage }
}

/** The checks every conversion must pass; answers the parsed stream for more. */
function checkOgg(ogg: Buffer, input: { packets: Buffer[]; channels: number }) {
  expect(ogg.subarray(0, 4).toString('latin1')).toBe('OggS')
  const { pages, packets, endPage } = readOgg(ogg)
  const [head, tags, ...audio] = packets

  expect(head!.subarray(0, 8).toString('latin1')).toBe('OpusHead')
  expect(head![9]).toBe(input.channels)
  expect(tags!.subarray(0, 8).toString('latin1')).toBe('OpusTags')
  // Each header packet alone on its page, the first one flagged BOS.
  expect(endPage.slice(0, 2)).toEqual([0, 1])
  expect(pages[0]).toMatchObject({ flags: 2, granule: 0n, completed: 1 })
  expect(pages[1]).toMatchObject({ flags: 0, granule: 0n, completed: 1 })
  expect(endPage[2]).toBe(2)

  expect(audio.length).toBe(input.packets.length)
  expect(Buffer.concat(audio).equals(Buffer.concat(input.packets))).toBe(true)
  audio.forEach((packet, index) => expect(packet.equals(input.packets[index]!)).toBe(true))

  expect(pages.map((page) => page.sequence)).toEqual(pages.map((_, index) => index))
  expect(new Set(pages.map((page) => page.serial)).size).toBe(1)
  expect(pages.filter((page) => page.flags & 4)).toHaveLength(1)
  expect(pages.at(-1)!.flags & 4).toBe(4)
  expect(pages.slice(1).every((page) => (page.flags & 2) === 0)).toBe(true)
  expect(pages.every((page) => page.segments <= 255)).toBe(true)

  // Each page's granule: the samples of every packet completed up to it, -1 if none ends there.
  let total = 0n
  let next = 0
  for (const page of pages.slice(2)) {
    for (let i = 0; i < page.completed; i++) total += BigInt(opusPacketSamples(audio[next++]!))
    expect(page.granule).toBe(page.completed > 0 ? total : -1n)
  }
  const samples = input.packets.reduce((sum, packet) => sum + opusPacketSamples(packet), 0)
  expect(pages.at(-1)!.granule).toBe(BigInt(samples))
  return { pages, packets, head: head!, tags: tags! }
}

/** One packet of each TOC shape, and sizes around Ogg's 255-byte lacing steps. */
const MIXED_PACKETS = [
  OPUS_SILENCE_20MS,
  opusPacket(0), // SILK NB 10 ms
  opusPacket(3, { length: 40 }), // SILK NB 60 ms
  opusPacket(10, { code: 1, length: 81 }), // SILK WB 2×40 ms
  opusPacket(13, { code: 2, length: 254 }), // Hybrid SWB 2×20 ms
  opusPacket(16, { length: 255 }), // CELT 2.5 ms
  opusPacket(19, { code: 3, frames: 3, length: 256 }), // CELT 3×20 ms
  opusPacket(31, { length: 510 }),
  opusPacket(27, { code: 3, frames: 0x80 | 0x40 | 6, length: 600 }), // CELT 6×20 ms, VBR+padding bits
  opusPacket(11, { code: 3, frames: 2, length: 3 }), // SILK WB 2×60 ms = 120 ms
  ...Array.from({ length: 40 }, () => OPUS_SILENCE_20MS),
]

describe('webmOpusToOgg', () => {
  test("Ogg's CRC is CRC-32/CKSUM without its final XOR (catalogue check value ^ 0xFFFFFFFF)", () => {
    const check = Buffer.from('123456789')
    expect(oggCrc32(check)).toBe((0x765e7680 ^ 0xffffffff) >>> 0)
    expect(crc32Ogg(check)).toBe(0x89a1897f)
  })

  test('durations come from the TOC byte (RFC 6716 §3.1)', () => {
    expect(opusPacketSamples(OPUS_SILENCE_20MS)).toBe(960)
    expect(opusPacketSamples(opusPacket(0))).toBe(480)
    expect(opusPacketSamples(opusPacket(3))).toBe(2880)
    expect(opusPacketSamples(opusPacket(10, { code: 1 }))).toBe(3840)
    expect(opusPacketSamples(opusPacket(12, { code: 2 }))).toBe(960)
    expect(opusPacketSamples(opusPacket(16))).toBe(120)
    expect(opusPacketSamples(opusPacket(18, { code: 3, frames: 5 }))).toBe(2400)
    expect(() => opusPacketSamples(Buffer.alloc(0))).toThrow(WebmToOggError)
    expect(() => opusPacketSamples(opusPacket(31, { code: 3, frames: 7 }))).toThrow(/120 ms/)
    expect(() => opusPacketSamples(opusPacket(31, { code: 3, frames: 0 }))).toThrow(WebmToOggError)
  })

  test('remuxes a live Chromium recording (unknown-size Segment and Clusters)', async () => {
    const webm = buildWebm({ packets: MIXED_PACKETS, packetsPerCluster: 7 })
    // file-type cannot tell audio-only WebM from video: the upload path relies on that.
    expect(await fileTypeFromBuffer(webm)).toEqual({ ext: 'webm', mime: 'video/webm' })

    const ogg = webmOpusToOgg(webm, { serial: 0x12345678 })
    const { pages, head, tags } = checkOgg(ogg, { packets: MIXED_PACKETS, channels: 1 })
    expect(head.equals(opusHead(1))).toBe(true)
    expect(head.readUInt16LE(10)).toBe(OPUS_HEAD_PRE_SKIP)
    expect(tags.readUInt32LE(8)).toBe('atende'.length)
    expect(tags.toString('utf8', 12, 18)).toBe('atende')
    expect(tags.readUInt32LE(18)).toBe(0)
    expect(pages[0]!.serial).toBe(0x12345678)
    expect(await fileTypeFromBuffer(ogg)).toEqual({ ext: 'opus', mime: 'audio/ogg; codecs=opus' })
  })

  test('picks a random serial number', () => {
    const webm = buildWebm({ packets: [OPUS_SILENCE_20MS] })
    const serials = new Set(Array.from({ length: 4 }, () => webmOpusToOgg(webm).readUInt32LE(14)))
    expect(serials.size).toBeGreaterThan(1)
  })

  test('a minute of audio is paged about once a second', () => {
    const packets = Array.from({ length: 3000 }, () => OPUS_SILENCE_20MS)
    const { pages } = checkOgg(webmOpusToOgg(buildWebm({ packets })), { packets, channels: 1 })
    const audioPages = pages.slice(2)
    expect(audioPages).toHaveLength(60)
    expect(audioPages.map((page) => page.granule).slice(0, 3)).toEqual([48_000n, 96_000n, 144_000n])
  })

  test('sized Segment and Clusters, BlockGroups, stereo, OpusHead built without CodecPrivate', () => {
    const packets = MIXED_PACKETS.map((packet) => {
      const stereo = Buffer.from(packet)
      stereo[0]! |= 4
      return stereo
    })
    const webm = buildWebm({
      packets,
      live: false,
      blocks: 'group',
      channels: 2,
      codecPrivate: null,
      codecDelayNs: 6_500_000,
    })
    const { head } = checkOgg(webmOpusToOgg(webm), { packets, channels: 2 })
    expect(head).toHaveLength(19)
    expect(head[8]).toBe(1)
    expect(head.readUInt16LE(10)).toBe(312)
    expect(head.readUInt32LE(12)).toBe(48_000)
    expect(head[18]).toBe(0)
  })

  test.each(['xiph', 'ebml', 'fixed'] as const)('splits %s-laced blocks', (lacing) => {
    const packets =
      lacing === 'fixed'
        ? Array.from({ length: 23 }, () => opusPacket(31, { length: 300 }))
        : MIXED_PACKETS
    const webm = buildWebm({ packets, lacing, framesPerBlock: 5, packetsPerCluster: 11 })
    checkOgg(webmOpusToOgg(webm), { packets, channels: 1 })
  })

  test('packets continue across pages when a page runs out of segments', () => {
    // 2.5 ms packets of 255 bytes take two lacing values each: 255 segments before 1 second.
    const packets = [
      ...Array.from({ length: 600 }, () => opusPacket(16, { length: 255 })),
      // Longer than two whole pages: no real Opus packet is, but the lacing must still hold.
      opusPacket(31, { length: 140_000 }),
      OPUS_SILENCE_20MS,
    ]
    const { pages } = checkOgg(webmOpusToOgg(buildWebm({ packets, live: false })), {
      packets,
      channels: 1,
    })
    expect(pages.some((page) => page.flags & 1)).toBe(true)
    expect(pages.some((page) => page.granule === -1n)).toBe(true)
  })

  test('blocks of other tracks are left out', () => {
    const webm = buildWebm({
      packets: MIXED_PACKETS,
      otherTracks: [{ number: 2, type: 0x11, codecId: 'S_TEXT/UTF8' }],
    })
    checkOgg(webmOpusToOgg(webm), { packets: MIXED_PACKETS, channels: 1 })
  })

  test('DiscardPadding of the last block trims the final granule position', () => {
    const packets = Array.from({ length: 10 }, () => OPUS_SILENCE_20MS)
    const webm = buildWebm({ packets, blocks: 'group', discardPaddingNs: 5_000_000 })
    const { pages } = readOgg(webmOpusToOgg(webm))
    expect(pages.at(-1)!.granule).toBe(BigInt(10 * 960 - 240))
  })

  test('a recording cut off inside its last block keeps the packets before it', () => {
    const packets = Array.from({ length: 30 }, (_, index) => opusPacket(31, { length: 20 + index }))
    const webm = buildWebm({ packets })
    const cut = webm.subarray(0, webm.length - 10)
    checkOgg(webmOpusToOgg(cut), { packets: packets.slice(0, -1), channels: 1 })
  })

  describe('refuses', () => {
    const codeOf = (input: Buffer) => {
      try {
        webmOpusToOgg(input)
      } catch (error) {
        expect(error).toBeInstanceOf(WebmToOggError)
        return (error as WebmToOggError).code
      }
      throw new Error('converted')
    }

    test('what is not WebM', () => {
      expect(codeOf(Buffer.alloc(0))).toBe('NOT_WEBM')
      expect(codeOf(Buffer.from('OggS not really'))).toBe('NOT_WEBM')
      expect(codeOf(Buffer.from('%PDF-1.7\n'))).toBe('NOT_WEBM')
      expect(codeOf(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toBe('NOT_WEBM')
      const other = element(WEBM_ID.EBML, stringElement(WEBM_ID.DocType, 'other'))
      expect(codeOf(other)).toBe('NOT_WEBM')
    })

    test('a Vorbis track', () => {
      const webm = buildWebm({
        packets: [Buffer.from([0x01, 0x02])],
        codecId: 'A_VORBIS',
        codecPrivate: Buffer.from([0x02, 0x00, 0x00]),
      })
      expect(codeOf(webm)).toBe('NO_OPUS_TRACK')
    })

    test('a video, two audio tracks, an encoded track, no packets, broken packets', () => {
      expect(
        codeOf(
          buildWebm({
            packets: MIXED_PACKETS,
            otherTracks: [{ number: 2, type: 1, codecId: 'V_VP8', video: true }],
          }),
        ),
      ).toBe('HAS_VIDEO')
      expect(
        codeOf(
          buildWebm({
            packets: MIXED_PACKETS,
            otherTracks: [{ number: 2, type: 2, codecId: 'A_OPUS', codecPrivate: opusHead(1) }],
          }),
        ),
      ).toBe('MULTIPLE_AUDIO_TRACKS')
      expect(codeOf(buildWebm({ packets: MIXED_PACKETS, contentEncodings: true }))).toBe(
        'UNSUPPORTED',
      )
      expect(
        codeOf(
          buildWebm({
            packets: MIXED_PACKETS,
            codecPrivate: null,
            channels: 6,
          }),
        ),
      ).toBe('UNSUPPORTED')
      expect(codeOf(buildWebm({ packets: [] }))).toBe('NO_AUDIO')
      expect(codeOf(buildWebm({ packets: [opusPacket(31, { code: 3, frames: 0 })] }))).toBe(
        'MALFORMED',
      )
      expect(
        codeOf(buildWebm({ packets: MIXED_PACKETS, codecPrivate: Buffer.from('OpusHead') })),
      ).toBe('MALFORMED')
    })

    test('a file without tracks', () => {
      const header = element(WEBM_ID.EBML, stringElement(WEBM_ID.DocType, 'webm'))
      const segment = element(WEBM_ID.Segment, element(WEBM_ID.Info, uintElement(0x2ad7b1, 1e6)))
      expect(codeOf(Buffer.concat([header, segment]))).toBe('MALFORMED')
    })
  })
})
