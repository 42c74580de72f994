import {
  BufferSource,
  BufferTarget,
  Conversion,
  EncodedPacketSink,
  Input,
  OggOutputFormat,
  Output,
  WEBM,
} from 'mediabunny'

/**
 * WebM/Opus → Ogg/Opus without transcoding, through mediabunny. Browsers' MediaRecorder (and so
 * the desktop app) records voice notes as `audio/webm;codecs=opus`, while WhatsApp only plays
 * Ogg/Opus voice notes and the Cloud API refuses WebM audio. The Opus packets are copied as they
 * are; only the container changes (Matroska → RFC 7845 Ogg).
 *
 * One difference from a byte-exact remux: mediabunny does not read Matroska's DiscardPadding, so
 * a file that trims its last packet (an encoder's, never a live recording's) keeps up to one
 * packet (≤ 20 ms) of padding at its end.
 *
 * Refused with a {@link WebmToOggError}: anything that is not WebM/Matroska (`NOT_WEBM`), a video
 * track (`HAS_VIDEO`: the picture would be lost), no audio track or a non-Opus one
 * (`NO_OPUS_TRACK`), several audio tracks (`MULTIPLE_AUDIO_TRACKS`), a track without packets
 * (`NO_AUDIO`), and a file mediabunny cannot read through (`MALFORMED`).
 */

export type WebmToOggErrorCode =
  'NOT_WEBM' | 'MALFORMED' | 'HAS_VIDEO' | 'NO_OPUS_TRACK' | 'MULTIPLE_AUDIO_TRACKS' | 'NO_AUDIO'

export class WebmToOggError extends Error {
  override name = 'WebmToOggError'
  constructor(
    readonly code: WebmToOggErrorCode,
    message: string,
  ) {
    super(message)
  }
}

/** The Opus packets of a WebM file in an Ogg file. */
export async function webmOpusToOgg(data: Uint8Array): Promise<Buffer> {
  const input = new Input({ source: new BufferSource(data), formats: [WEBM] })
  try {
    if (!(await input.canRead())) throw new WebmToOggError('NOT_WEBM', 'not a WebM/Matroska file')
    const tracks = await input.getTracks().catch((error: unknown) => {
      throw malformed(error)
    })
    if (tracks.some((track) => track.isVideoTrack()))
      throw new WebmToOggError('HAS_VIDEO', 'the file has a video track')
    const audio = tracks.filter((track) => track.isAudioTrack())
    if (audio.length > 1)
      throw new WebmToOggError('MULTIPLE_AUDIO_TRACKS', `the file has ${audio.length} audio tracks`)
    const [track] = audio
    if (!track) throw new WebmToOggError('NO_OPUS_TRACK', 'the file has no audio track')
    if (track.codec !== 'opus')
      throw new WebmToOggError('NO_OPUS_TRACK', `the audio track is ${track.codec ?? 'unknown'}`)
    if (!(await new EncodedPacketSink(track).getFirstPacket()))
      throw new WebmToOggError('NO_AUDIO', 'the audio track has no packets')

    const target = new BufferTarget()
    const output = new Output({ format: new OggOutputFormat(), target })
    const conversion = await Conversion.init({ input, output })
    if (!conversion.isValid) throw malformed(conversion.discardedTracks[0]?.reason)
    await conversion.execute().catch((error: unknown) => {
      throw malformed(error)
    })
    return Buffer.from(target.buffer!)
  } finally {
    input.dispose()
  }
}

function malformed(cause: unknown): WebmToOggError {
  const detail = cause instanceof Error ? cause.message : String(cause)
  return new WebmToOggError('MALFORMED', `the file could not be read through: ${detail}`)
}
