import { BufferSource, EncodedPacketSink, Input, OGG, WEBM } from 'mediabunny'
import { describe, expect, test } from 'vitest'
import { fixture } from '@tests/helpers/fixtures'
import { webmOpusToOgg, WebmToOggError } from './webm-to-ogg'

/** Recordings made by Chromium's MediaRecorder and by ffmpeg (tests/fixtures/voice/README.md). */
const voice = (name: string) => fixture('voice', name)

async function audioOf(data: Uint8Array, format: typeof OGG | typeof WEBM) {
  const input = new Input({ source: new BufferSource(data), formats: [format] })
  const [track] = await input.getAudioTracks()
  const packets: Uint8Array[] = []
  let packetsDuration = 0
  for await (const packet of new EncodedPacketSink(track!).packets()) {
    packets.push(packet.data)
    packetsDuration += packet.duration
  }
  return {
    codec: track!.codec,
    channels: track!.numberOfChannels,
    sampleRate: track!.sampleRate,
    duration: await input.computeDuration(),
    packets,
    packetsDuration,
  }
}

async function refusal(data: Uint8Array) {
  try {
    await webmOpusToOgg(data)
  } catch (error) {
    if (error instanceof WebmToOggError) return error.code
    throw error
  }
  throw new Error('converted')
}

describe('webmOpusToOgg', () => {
  test.each([
    ['chromium-mono-2s.webm', 1],
    ['chromium-stereo-1s.webm', 2],
    ['ffmpeg-mono-1013ms.webm', 1],
  ])('%s becomes Ogg/Opus with the same packets, byte for byte', async (name, channels) => {
    const webm = voice(name)
    const ogg = await webmOpusToOgg(webm)

    expect(ogg.subarray(0, 4).toString('latin1')).toBe('OggS')
    // RFC 7845: the identification header opens the first page, the comment header follows.
    expect(ogg.indexOf('OpusHead')).toBe(28)
    expect(ogg.indexOf('OpusTags')).toBeGreaterThan(28)
    const before = await audioOf(webm, WEBM)
    const after = await audioOf(ogg, OGG)
    expect(after).toMatchObject({ codec: 'opus', channels, sampleRate: 48_000 })
    expect(after.packets).toHaveLength(before.packets.length)
    expect(
      after.packets.every((packet, index) => Buffer.from(packet).equals(before.packets[index]!)),
    ).toBe(true)
    // The Ogg's positions say what its packets hold (the last may be trimmed by up to one).
    expect(Math.abs(after.duration - after.packetsDuration)).toBeLessThanOrEqual(0.0201)
  })

  test('an encoder-trimmed end keeps at most one packet of padding', async () => {
    // 1.013 s of tone; the last 20 ms packet is 24 samples longer than the audio.
    const { duration } = await audioOf(await webmOpusToOgg(voice('ffmpeg-mono-1013ms.webm')), OGG)
    expect(duration).toBeGreaterThanOrEqual(1.013)
    expect(duration).toBeLessThanOrEqual(1.013 + 0.02)
  })

  test('a recording with video is refused, so that the picture is not lost', async () => {
    expect(await refusal(voice('chromium-video-1s.webm'))).toBe('HAS_VIDEO')
  })

  test('an audio track that is not Opus is refused', async () => {
    expect(await refusal(voice('ffmpeg-vorbis-500ms.webm'))).toBe('NO_OPUS_TRACK')
  })

  test('what is not WebM is refused', async () => {
    expect(await refusal(Buffer.from('not a media file at all'))).toBe('NOT_WEBM')
    expect(await refusal(fixture('voice', 'README.md'))).toBe('NOT_WEBM')
  })

  test('a recording cut short keeps what arrived', async () => {
    const webm = voice('chromium-mono-2s.webm')
    const cut = webm.subarray(0, Math.floor(webm.length * 0.6))
    const { packets } = await audioOf(await webmOpusToOgg(cut), OGG)
    expect(packets.length).toBeGreaterThan(0)
    expect(packets.length).toBeLessThan((await audioOf(webm, WEBM)).packets.length)
  })
})
