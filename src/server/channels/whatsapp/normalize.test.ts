import { proto, type WACallEvent, type WAMessage, type WAMessageKey } from 'baileys'
import { describe, expect, it } from 'vitest'
import type { InboundMessage } from '../types'
import {
  ackFromStatus,
  callEnvelope,
  isRelevantUpsert,
  messageEnvelope,
  normalizeBaileysPayload,
  updateEnvelope,
} from './normalize'

const context = { selfNumber: '5511900000000', allowGroup: true }
const CONTACT = '5511988887777@s.whatsapp.net'
const LID = '123456789012345@lid'

/** What a jsonb column gives back. */
const stored = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

/** A received message shaped as Baileys' decodeMessageNode builds it. */
function received(
  message: proto.IMessage,
  key: Partial<WAMessageKey> = {},
  extra: Partial<WAMessage> = {},
): WAMessage {
  return {
    key: { remoteJid: CONTACT, fromMe: false, id: '3A0000000000000001', ...key },
    message: proto.Message.fromObject(message),
    messageTimestamp: 1_700_000_000,
    pushName: 'Maria Souza',
    ...extra,
  }
}

function normalizeOne(message: WAMessage, pn: Record<string, string> = {}, ctx = context) {
  const events = normalizeBaileysPayload(stored(messageEnvelope(message, 'notify', pn)), ctx)
  expect(events).toHaveLength(1)
  expect(events[0]!.type).toBe('message')
  return events[0] as InboundMessage
}

describe('normalizeBaileysPayload: messages', () => {
  it('turns a conversation into a text message of the contact', () => {
    const event = normalizeOne(received({ conversation: 'Olá, tudo bem?' }))
    expect(event).toMatchObject({
      providerId: '3A0000000000000001',
      fromMe: false,
      chat: { id: '5511988887777', isGroup: false, jid: CONTACT, name: 'Maria Souza' },
      sender: { id: '5511988887777', isGroup: false },
      timestamp: new Date(1_700_000_000_000),
      content: { kind: 'text', body: 'Olá, tudo bem?' },
    })
    expect(event.quotedProviderId).toBeUndefined()
    // The raw message is kept in stored form, for quotes and edits later.
    expect(event.raw).toMatchObject({ key: { id: '3A0000000000000001' } })
  })

  it('reads quotes and the forwarded flag of an extended text', () => {
    const event = normalizeOne(
      received({
        extendedTextMessage: {
          text: 'respondendo',
          contextInfo: { stanzaId: 'QUOTED1', isForwarded: true, forwardingScore: 2 },
        },
      }),
    )
    expect(event.content).toEqual({ kind: 'text', body: 'respondendo' })
    expect(event.quotedProviderId).toBe('QUOTED1')
    expect(event.isForwarded).toBe(true)
  })

  it('keeps the ad that opened the chat apart from what the contact wrote', () => {
    const event = normalizeOne(
      received({
        extendedTextMessage: {
          text: 'Quero saber o preço',
          contextInfo: {
            externalAdReply: {
              title: 'Promoção de verão',
              body: 'Só esta semana',
              sourceUrl: 'https://fb.me/ad-1',
              thumbnailUrl: 'https://cdn.example/ad-1.jpg',
            },
          },
        },
      }),
    )
    expect(event.content).toEqual({
      kind: 'ad',
      ad: {
        title: 'Promoção de verão',
        body: 'Só esta semana',
        sourceUrl: 'https://fb.me/ad-1',
        imageUrl: 'https://cdn.example/ad-1.jpg',
      },
      text: 'Quero saber o preço',
    })
  })

  it('resolves an LID sender through the key alternate JID and keeps the LID', () => {
    const event = normalizeOne(
      received(
        { conversation: 'oi' },
        { remoteJid: LID, remoteJidAlt: CONTACT, addressingMode: 'lid' },
      ),
    )
    expect(event.chat).toEqual({
      id: '5511988887777',
      isGroup: false,
      jid: CONTACT,
      lid: LID,
      name: 'Maria Souza',
    })
  })

  it('resolves an LID through the mapping stored with the event', () => {
    const event = normalizeOne(received({ conversation: 'oi' }, { remoteJid: LID }), {
      [LID]: CONTACT,
    })
    expect(event.chat).toMatchObject({ id: '5511988887777', jid: CONTACT, lid: LID })
  })

  it('keeps an LID nobody resolved as the id rather than losing the message', () => {
    const event = normalizeOne(received({ conversation: 'oi' }, { remoteJid: LID }))
    expect(event.chat).toMatchObject({ id: '123456789012345', jid: LID, lid: LID })
  })

  it('records the LID of a phone-number sender', () => {
    const event = normalizeOne(received({ conversation: 'oi' }, { remoteJidAlt: LID }))
    expect(event.chat).toMatchObject({ id: '5511988887777', jid: CONTACT, lid: LID })
  })

  it('ignores our own alternate JID on messages sent from the phone', () => {
    const event = normalizeOne(
      received(
        { conversation: 'enviado do celular' },
        { remoteJid: LID, fromMe: true, remoteJidAlt: '5511900000000@s.whatsapp.net' },
      ),
      { [LID]: CONTACT },
    )
    expect(event.fromMe).toBe(true)
    expect(event.sender).toBeUndefined()
    expect(event.chat).toEqual({ id: '5511988887777', isGroup: false, jid: CONTACT, lid: LID })
  })

  it('maps a group message to the group chat and the participant as sender', () => {
    const event = normalizeOne(
      received(
        { conversation: 'bom dia grupo' },
        {
          remoteJid: '120363025555555555@g.us',
          participant: '987654321098765@lid',
          participantAlt: '5521977776666@s.whatsapp.net',
        },
      ),
    )
    expect(event.chat).toEqual({
      id: '120363025555555555',
      isGroup: true,
      jid: '120363025555555555@g.us',
    })
    expect(event.sender).toMatchObject({
      id: '5521977776666',
      isGroup: false,
      lid: '987654321098765@lid',
      name: 'Maria Souza',
    })
  })

  it('drops group messages when the connection does not take groups', () => {
    const message = received(
      { conversation: 'x' },
      { remoteJid: '120363025555555555@g.us', participant: CONTACT },
    )
    expect(
      normalizeBaileysPayload(stored(messageEnvelope(message, 'notify')), {
        ...context,
        allowGroup: false,
      }),
    ).toEqual([])
  })

  it('drops status broadcasts and newsletters', () => {
    for (const remoteJid of ['status@broadcast', '120363111111111111@newsletter']) {
      const message = received({ conversation: 'x' }, { remoteJid, participant: CONTACT })
      expect(isRelevantUpsert(message)).toBe(false)
      expect(normalizeBaileysPayload(stored(messageEnvelope(message, 'notify')), context)).toEqual(
        [],
      )
    }
  })

  it('unwraps ephemeral images into media with what download needs', () => {
    const mediaKey = Buffer.alloc(32, 7)
    const event = normalizeOne(
      received({
        ephemeralMessage: {
          message: {
            imageMessage: {
              url: 'https://mmg.whatsapp.net/v/t62/abc',
              directPath: '/v/t62/abc',
              mediaKey,
              mimetype: 'image/jpeg',
              caption: 'foto do produto',
              fileLength: 52_431,
            },
          },
        },
      }),
    )
    expect(event.content).toMatchObject({
      kind: 'media',
      mediaKind: 'image',
      caption: 'foto do produto',
      mime: 'image/jpeg',
      size: 52_431,
    })
    if (event.content.kind !== 'media') throw new Error('not media')
    const ref = event.content.ref as {
      message: { message: { imageMessage: { mediaKey: unknown } } }
    }
    // Buffers stay in Baileys' BufferJSON form, so the ref survives a jsonb column.
    expect(ref.message.message.imageMessage.mediaKey).toEqual({
      type: 'Buffer',
      data: mediaKey.toString('base64'),
    })
  })

  it('maps view-once videos, documents, voice notes and stickers', () => {
    const video = normalizeOne(
      received({
        viewOnceMessageV2: { message: { videoMessage: { mimetype: 'video/mp4', caption: 'v' } } },
      }),
    )
    expect(video.content).toMatchObject({ kind: 'media', mediaKind: 'video', caption: 'v' })

    const document = normalizeOne(
      received({
        documentWithCaptionMessage: {
          message: {
            documentMessage: {
              mimetype: 'application/pdf',
              fileName: 'boleto.pdf',
              caption: 'segue',
              fileLength: 10,
            },
          },
        },
      }),
    )
    expect(document.content).toMatchObject({
      kind: 'media',
      mediaKind: 'application',
      caption: 'segue',
      fileName: 'boleto.pdf',
      mime: 'application/pdf',
    })

    const audio = normalizeOne(
      received({ audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true } }),
    )
    expect(audio.content).toMatchObject({ kind: 'media', mediaKind: 'audio', caption: '' })

    const sticker = normalizeOne(received({ stickerMessage: { mimetype: 'image/webp' } }))
    expect(sticker.content).toMatchObject({
      kind: 'media',
      mediaKind: 'sticker',
      mime: 'image/webp',
    })
  })

  it('maps locations, contact cards and contact lists', () => {
    const location = normalizeOne(
      received({
        locationMessage: {
          degreesLatitude: -23.55,
          degreesLongitude: -46.63,
          name: 'Loja',
          address: 'Av. Paulista',
        },
      }),
    )
    expect(location.content).toEqual({
      kind: 'location',
      latitude: -23.55,
      longitude: -46.63,
      name: 'Loja',
      address: 'Av. Paulista',
    })

    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:João\nEND:VCARD'
    const card = normalizeOne(received({ contactMessage: { displayName: 'João', vcard } }))
    expect(card.content).toEqual({ kind: 'contacts', vcards: [vcard], names: ['João'] })

    const list = normalizeOne(
      received({
        contactsArrayMessage: {
          contacts: [
            { displayName: 'A', vcard: 'VA' },
            { displayName: 'B', vcard: 'VB' },
          ],
        },
      }),
    )
    expect(list.content).toEqual({ kind: 'contacts', vcards: ['VA', 'VB'], names: ['A', 'B'] })
  })

  it('maps reactions to the reacted message', () => {
    const event = normalizeOne(
      received({
        reactionMessage: { key: { remoteJid: CONTACT, fromMe: true, id: 'TARGET' }, text: '👍' },
      }),
    )
    expect(event.content).toEqual({ kind: 'reaction', targetProviderId: 'TARGET', emoji: '👍' })
  })

  it('maps button, list and template replies', () => {
    expect(
      normalizeOne(
        received({
          buttonsResponseMessage: { selectedButtonId: 'b1', selectedDisplayText: 'Sim' },
        }),
      ).content,
    ).toEqual({ kind: 'reply', body: 'Sim', id: 'b1' })
    expect(
      normalizeOne(
        received({
          listResponseMessage: { title: 'Vendas', singleSelectReply: { selectedRowId: 'row-2' } },
        }),
      ).content,
    ).toEqual({ kind: 'reply', body: 'Vendas', id: 'row-2' })
    expect(
      normalizeOne(
        received({ templateButtonReplyMessage: { selectedId: 't1', selectedDisplayText: 'Ok' } }),
      ).content,
    ).toEqual({ kind: 'reply', body: 'Ok', id: 't1' })
  })

  it('reports types it does not know as unsupported', () => {
    const event = normalizeOne(
      received({ groupInviteMessage: { groupJid: '1@g.us', inviteCode: 'x', groupName: 'G' } }),
    )
    expect(event.content).toEqual({ kind: 'unsupported', type: 'groupInviteMessage' })
  })

  it('turns protocol edits and revokes into their own events', () => {
    const edit = received({
      protocolMessage: {
        key: { remoteJid: CONTACT, fromMe: false, id: 'ORIGINAL' },
        type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
        editedMessage: { conversation: 'texto corrigido' },
      },
    })
    expect(isRelevantUpsert(edit)).toBe(true)
    expect(normalizeBaileysPayload(stored(messageEnvelope(edit, 'notify')), context)).toEqual([
      { type: 'edit', providerId: 'ORIGINAL', body: 'texto corrigido' },
    ])

    const revoke = received({
      protocolMessage: {
        key: { remoteJid: CONTACT, fromMe: false, id: 'ORIGINAL' },
        type: proto.Message.ProtocolMessage.Type.REVOKE,
      },
    })
    expect(normalizeBaileysPayload(stored(messageEnvelope(revoke, 'notify')), context)).toEqual([
      { type: 'revoke', providerId: 'ORIGINAL' },
    ])

    const setting = received({
      protocolMessage: {
        type: proto.Message.ProtocolMessage.Type.EPHEMERAL_SETTING,
        ephemeralExpiration: 86400,
      },
    })
    expect(isRelevantUpsert(setting)).toBe(false)
    expect(normalizeBaileysPayload(stored(messageEnvelope(setting, 'notify')), context)).toEqual([])
  })

  it('drops stubs without content (group notices, undecryptable messages)', () => {
    const stub: WAMessage = {
      key: { remoteJid: CONTACT, fromMe: false, id: 'STUB' },
      messageStubType: proto.WebMessageInfo.StubType.CIPHERTEXT,
      messageTimestamp: 1_700_000_000,
    }
    expect(isRelevantUpsert(stub)).toBe(false)
    expect(normalizeBaileysPayload(stored(messageEnvelope(stub, 'notify')), context)).toEqual([])
  })

  it('ignores payloads that are not our envelopes', () => {
    expect(normalizeBaileysPayload(null, context)).toEqual([])
    expect(normalizeBaileysPayload({ v: 2, kind: 'message' }, context)).toEqual([])
    expect(normalizeBaileysPayload({ v: 1, kind: 'message', message: 'x' }, context)).toEqual([])
  })
})

describe('normalizeBaileysPayload: acks and calls', () => {
  const ack = (status: number, fromMe = true) =>
    normalizeBaileysPayload(
      stored(
        updateEnvelope({ key: { remoteJid: CONTACT, fromMe, id: 'OUT1' }, update: { status } }),
      ),
      context,
    )

  it('maps Baileys statuses to acks without squashing delivered and read', () => {
    const { Status } = proto.WebMessageInfo
    expect(ack(Status.SERVER_ACK)).toEqual([{ type: 'status', providerId: 'OUT1', ack: 1 }])
    expect(ack(Status.DELIVERY_ACK)).toEqual([{ type: 'status', providerId: 'OUT1', ack: 2 }])
    expect(ack(Status.READ)).toEqual([{ type: 'status', providerId: 'OUT1', ack: 3 }])
    expect(ack(Status.PLAYED)).toEqual([{ type: 'status', providerId: 'OUT1', ack: 5 }])
    expect(ack(Status.PENDING)).toEqual([])
    expect(ackFromStatus('READ')).toBe(3)
  })

  it('reports failed sends with the reason', () => {
    const events = normalizeBaileysPayload(
      stored(
        updateEnvelope({
          key: { remoteJid: CONTACT, fromMe: true, id: 'OUT1' },
          update: { status: proto.WebMessageInfo.Status.ERROR, messageStubParameters: ['463'] },
        }),
      ),
      context,
    )
    expect(events).toEqual([{ type: 'status', providerId: 'OUT1', ack: 'failed', error: '463' }])
  })

  it('ignores receipts for messages we received', () => {
    expect(ack(proto.WebMessageInfo.Status.READ, false)).toEqual([])
  })

  it('turns an incoming call offer into a call message', () => {
    const call: WACallEvent = {
      chatId: LID,
      from: LID,
      callerPn: CONTACT,
      id: 'CALL1',
      date: new Date('2025-01-02T03:04:05Z'),
      isVideo: true,
      status: 'offer',
      offline: false,
    }
    const events = normalizeBaileysPayload(stored(callEnvelope(call)), context)
    expect(events).toEqual([
      expect.objectContaining({
        type: 'message',
        providerId: 'CALL1',
        fromMe: false,
        chat: { id: '5511988887777', isGroup: false, jid: CONTACT, lid: LID },
        timestamp: new Date('2025-01-02T03:04:05Z'),
        content: { kind: 'call', video: true },
      }),
    ])
    expect(
      normalizeBaileysPayload(stored(callEnvelope({ ...call, status: 'terminate' })), context),
    ).toEqual([])
  })
})
