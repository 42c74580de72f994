import { describe, expect, it } from 'vitest'
import { buildMessage, buildOwnMessage } from '@tests/renderer/tickets.fixtures'
import {
  ackState,
  canDeleteMessage,
  canEditMessage,
  canRetrySend,
  canTranscribe,
  matchQuickReplies,
  metaReplyDeadline,
  nextPlaybackRate,
  parsePlaybackRate,
  quickReplyLabel,
  quickReplyQuery,
  recordingFormat,
  sendTrouble,
  shouldDiscardRecording,
  signBody,
  transcriptionFileName,
} from './message-rules'

const ME = 1
const created = Date.parse('2024-01-01T12:00:00.000Z')
const own = (overrides = {}) =>
  buildOwnMessage(ME, { createdAt: new Date(created).toISOString(), ...overrides })

describe('ackState', () => {
  it.each([
    [0, 'pending'],
    [1, 'sent'],
    [2, 'delivered'],
    [3, 'read'],
    [4, 'read'],
    [5, 'played'],
  ])('maps ack %i to %s', (ack, state) => {
    expect(ackState(ack)).toBe(state)
  })
})

describe('canEditMessage', () => {
  it('allows own text messages up to 15 minutes after they were created', () => {
    expect(canEditMessage(own(), ME, created + 900_000)).toBe(true)
    expect(canEditMessage(own(), ME, created + 900_001)).toBe(false)
  })

  it('refuses messages of others, received ones, media, private notes, deleted and failed', () => {
    const now = created + 1000
    expect(canEditMessage(buildOwnMessage(2, { createdAt: own().createdAt }), ME, now)).toBe(false)
    expect(canEditMessage(buildMessage({ createdAt: own().createdAt }), ME, now)).toBe(false)
    expect(canEditMessage(own({ mediaType: 'image', mediaUrl: 'https://x/a.jpg' }), ME, now)).toBe(
      false,
    )
    expect(canEditMessage(own({ isPrivate: true }), ME, now)).toBe(false)
    expect(canEditMessage(own({ isDeleted: true }), ME, now)).toBe(false)
    expect(canEditMessage(own({ sendStatus: 'failed' }), ME, now)).toBe(false)
  })
})

describe('canDeleteMessage', () => {
  it('allows only own messages not yet deleted', () => {
    expect(canDeleteMessage(own(), ME)).toBe(true)
    expect(canDeleteMessage(own({ isPrivate: true }), ME)).toBe(true)
    expect(canDeleteMessage(own({ isDeleted: true }), ME)).toBe(false)
    expect(canDeleteMessage(buildOwnMessage(2), ME)).toBe(false)
    expect(canDeleteMessage(buildMessage(), ME)).toBe(false)
  })
})

describe('transcription', () => {
  it('is offered for received audio only', () => {
    const audio = { mediaType: 'audio', mediaUrl: 'https://s/x/1700.ogg' }
    expect(canTranscribe(buildMessage(audio))).toBe(true)
    expect(canTranscribe(own(audio))).toBe(false)
    expect(canTranscribe(buildMessage({ ...audio, mediaType: 'video' }))).toBe(false)
  })

  it('names the file by the last path segment, without the query string', () => {
    expect(transcriptionFileName('https://s.example/media/1/1700000.ogg?sig=abc&exp=1')).toBe(
      '1700000.ogg',
    )
    expect(transcriptionFileName('/public/company1/voz%20nota.ogg')).toBe('voz nota.ogg')
    expect(transcriptionFileName('https://s.example/')).toBeNull()
  })
})

describe('recordings', () => {
  it('discards recordings under 10000 bytes', () => {
    expect(shouldDiscardRecording(0)).toBe(true)
    expect(shouldDiscardRecording(9999)).toBe(true)
    expect(shouldDiscardRecording(10_000)).toBe(false)
  })

  it('prefers Ogg Opus and falls back to WebM Opus', () => {
    expect(recordingFormat(() => true)).toEqual({
      mimeType: 'audio/ogg;codecs=opus',
      extension: 'ogg',
    })
    expect(recordingFormat(() => false)).toEqual({
      mimeType: 'audio/webm;codecs=opus',
      extension: 'webm',
    })
  })
})

describe('retry', () => {
  it('resends failed sends of ours, media too, but not notes or deleted messages', () => {
    expect(canRetrySend(own({ sendStatus: 'failed' }))).toBe(true)
    expect(canRetrySend(own())).toBe(false)
    expect(
      canRetrySend(own({ sendStatus: 'failed', mediaType: 'image', mediaUrl: 'https://x/a.jpg' })),
    ).toBe(true)
    expect(canRetrySend(own({ sendStatus: 'failed', isPrivate: true }))).toBe(false)
    expect(canRetrySend(own({ sendStatus: 'failed', isDeleted: true }))).toBe(false)
  })

  it('tells a send being retried from one that failed for good', () => {
    const error = 'ERR_PROVIDER_UNAVAILABLE'
    expect(sendTrouble(own({ sendStatus: 'queued', sendError: null }))).toBeNull()
    expect(sendTrouble(own({ sendStatus: 'queued', sendError: error }))).toBe('retrying')
    expect(sendTrouble(own({ sendStatus: 'failed', sendError: error }))).toBe('failed')
    expect(sendTrouble(own({ sendStatus: 'sent' }))).toBeNull()
  })
})

describe('quick replies', () => {
  const replies = [
    { id: 1, shortcode: 'bomdia', message: 'Bom dia! Como posso ajudar?' },
    { id: 2, shortcode: 'preco', message: 'x'.repeat(200) },
  ]

  it('are asked for by a leading slash', () => {
    expect(quickReplyQuery('/Bom')).toBe('bom')
    expect(quickReplyQuery('/')).toBe('')
    expect(quickReplyQuery('olá /bom')).toBeNull()
    expect(quickReplyQuery('/bom\nsegunda linha')).toBeNull()
  })

  it('match by shortcode in any case and cut the label at 90 characters', () => {
    expect(matchQuickReplies(replies, 'bom')).toEqual([replies[0]])
    expect(matchQuickReplies(replies, 'DIA')).toEqual([replies[0]])
    // The text is not searched: "Como" is in it, not in a shortcode.
    expect(matchQuickReplies(replies, 'como')).toEqual([])
    expect(matchQuickReplies(replies, '')).toHaveLength(2)
    expect(quickReplyLabel(replies[0]!)).toBe('bomdia - Bom dia! Como posso ajudar?')
    expect(quickReplyLabel(replies[1]!)).toHaveLength(91)
    expect(quickReplyLabel(replies[1]!).endsWith('…')).toBe(true)
    // A reply that only sends a file is named by its shortcode.
    expect(quickReplyLabel({ shortcode: 'catalogo', message: '  ' })).toBe('catalogo')
  })
})

describe('small rules', () => {
  it('signs with the user name in bold on its own line', () => {
    expect(signBody('Ana', 'Olá')).toBe('*Ana:*\nOlá')
  })

  it('cycles the playback rates and restores a stored one', () => {
    expect(parsePlaybackRate('1.5')).toBe(1.5)
    expect(parsePlaybackRate('3')).toBe(1)
    expect(parsePlaybackRate(null)).toBe(1)
    expect(nextPlaybackRate(0.5)).toBe(1)
    expect(nextPlaybackRate(2)).toBe(0.5)
  })

  it('counts the 24-hour window of Meta channels from the last inbound message', () => {
    const lastInboundAt = '2024-01-01T12:00:00.000Z'
    expect(metaReplyDeadline({ channel: 'facebook', lastInboundAt })).toBe(
      Date.parse(lastInboundAt) + 24 * 3600_000,
    )
    expect(metaReplyDeadline({ channel: 'instagram', lastInboundAt: null })).toBeNull()
    expect(metaReplyDeadline({ channel: 'whatsapp', lastInboundAt })).toBeNull()
  })
})
