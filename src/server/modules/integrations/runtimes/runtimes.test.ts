import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { startStandIn } from '@tests/helpers/stand-in'
import { dialogflowBot } from './dialogflow'
import { assertPublicTarget } from './target'
import { flattenRichText } from './typebot'
import { replyOf, signPayload } from './webhook'

describe("Typebot's rich text as WhatsApp marks", () => {
  test('bold, italic, underline and links; paragraphs on their own lines', () => {
    expect(
      flattenRichText([
        {
          type: 'p',
          children: [
            { text: 'Olá ' },
            { text: 'Maria', bold: true },
            { text: ', veja ' },
            { type: 'a', url: 'https://loja.example/promo', children: [{ text: 'a promoção' }] },
          ],
        },
        {
          type: 'p',
          children: [{ text: 'até ' }, { text: 'sexta', italic: true, underline: true }],
        },
      ]),
    ).toBe('Olá *Maria*, veja a promoção (https://loja.example/promo)\naté ~_sexta_~')
  })
})

describe("a webhook's synchronous answer", () => {
  test.each([
    [{ messages: ['Oi', 3, 'Tudo bem?'] }, { outputs: ['Oi', 'Tudo bem?'] }],
    [
      { messages: ['Até'], closeTicket: true },
      { outputs: ['Até'], handOff: { kind: 'close' } },
    ],
    [
      { stopBot: true },
      { outputs: [], handOff: { kind: 'humans', queueId: undefined, userId: undefined } },
    ],
    [
      { queueId: 4, userId: 9 },
      { outputs: [], handOff: { kind: 'humans', queueId: 4, userId: 9 } },
    ],
    [
      { queueId: 'quatro', stopBot: true },
      { outputs: [], handOff: { kind: 'humans', queueId: null, userId: undefined } },
    ],
    ['ok', { outputs: [] }],
    [null, { outputs: [] }],
    [[1, 2], { outputs: [] }],
  ])('%j', (json, expected) => {
    const reply = replyOf(json)
    expect({
      outputs: reply.outputs.map((output) => (output.kind === 'text' ? output.text : '?')),
      ...(reply.handOff ? { handOff: reply.handOff } : {}),
    }).toEqual(expected)
  })

  test('the signature is the HMAC of the timestamp and the body', () => {
    // Computed once with `openssl dgst -sha256 -hmac segredo` over `1700000000.{"a":1}`.
    expect(signPayload('segredo', 1_700_000_000, '{"a":1}')).toBe(
      'sha256=41634607aa61528682a37f94a43a64ca2d3a6a30bc8f2fb88f8f754286d90e85',
    )
  })
})

describe('what an integration may call', () => {
  test.each([
    'http://127.0.0.1:5678/hook',
    'http://10.1.2.3/x',
    'http://[::1]/x',
    'http://192.168.0.9',
  ])('refuses the private address %s unless the operator allows it', async (url) => {
    await expect(assertPublicTarget(url, false)).rejects.toThrow('private address')
    await expect(assertPublicTarget(url, true)).resolves.toBeUndefined()
  })

  test('takes a public address', async () => {
    await expect(assertPublicTarget('http://93.184.216.34/hook', false)).resolves.toBeUndefined()
  })
})

describe('Dialogflow', () => {
  test('a voice note without a transcription goes as an Ogg Opus audio intent', async () => {
    const provider = await startStandIn((request) =>
      request.path === '/token'
        ? { json: { access_token: 'token' } }
        : {
            json: {
              queryResult: { fulfillmentMessages: [{ text: { text: ['Entendi o áudio.'] } }] },
            },
          },
    )
    try {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
      const bot = dialogflowBot(
        {
          name: 'Agente',
          projectName: 'loja',
          language: 'es',
          credentials: JSON.stringify({
            client_email: 'a@b.iam.gserviceaccount.com',
            private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
          }),
        },
        {
          allowPrivateTargets: true,
          apiUrl: provider.url,
          tokenUrl: `${provider.url}/token`,
          readFile: (companyId, path) => Promise.resolve(Buffer.from(`${companyId}:${path}`)),
        },
      )
      const reply = await bot.converse({
        company: { id: 4 },
        ticket: { id: 12, uuid: 'u', status: 'pending', queueId: null },
        contact: { id: 1, name: 'Ana', number: '1' },
        connection: { id: 1, name: 'Loja', channel: 'whatsapp' },
        message: {
          id: 5,
          body: '',
          mediaType: 'audio',
          mediaUrl: null,
          mediaPath: 'messages/voz.ogg',
          transcription: null,
          createdAt: new Date(),
        },
        session: null,
        signal: AbortSignal.timeout(5000),
      })
      expect(provider.requests[1]!.json()).toEqual({
        queryInput: {
          audioConfig: {
            audioEncoding: 'AUDIO_ENCODING_OGG_OPUS',
            sampleRateHertz: 16000,
            languageCode: 'es',
          },
        },
        inputAudio: Buffer.from('4:messages/voz.ogg').toString('base64'),
      })
      expect(reply).toEqual({ outputs: [{ kind: 'text', text: 'Entendi o áudio.' }] })
    } finally {
      await provider.close()
    }
  })
})
