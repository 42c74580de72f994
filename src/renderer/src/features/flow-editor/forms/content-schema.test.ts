import { describe, expect, it } from 'vitest'
import { FLOW_CONTENT_ELEMENTS_MAX } from '@shared/contracts/flows'
import {
  cardsToUpload,
  contentFormValues,
  contentSchema,
  newContentCard,
  toContentData,
  type ContentCard,
} from './content-schema'

const card = (overrides: Partial<ContentCard>): ContentCard => ({
  cardId: 'c1',
  type: 'message',
  value: '',
  original: '',
  record: false,
  file: null,
  ...overrides,
})

const errorsOf = (cards: ContentCard[]) => {
  try {
    contentSchema.validateSync({ cards }, { abortEarly: false })
    return []
  } catch (error) {
    return (error as { inner: { path: string; message: string }[] }).inner.map(
      (inner) => `${inner.path}: ${inner.message}`,
    )
  }
}

describe('content block form (002 §5)', () => {
  it('refuses an empty text card (Campos de mensagem vazio!)', () => {
    expect(errorsOf([card({ value: '   ' })])).toEqual(['cards[0].value: validation.emptyText'])
  })

  it('refuses an interval of 0, above 120 or not a whole number', () => {
    const interval = (value: string, cardId: string) => card({ cardId, type: 'interval', value })
    expect(
      errorsOf([
        interval('0', 'a'),
        interval('121', 'b'),
        interval('', 'c'),
        interval('2.5', 'd'),
        interval('120', 'e'),
      ]),
    ).toEqual([
      'cards[0].value: validation.elementInterval',
      'cards[1].value: validation.elementInterval',
      'cards[2].value: validation.elementInterval',
      'cards[3].value: validation.elementInterval',
    ])
  })

  it('refuses an image, audio or video card without a file, stored or chosen', () => {
    const chosen = new File(['x'], 'foto.png', { type: 'image/png' })
    expect(
      errorsOf([
        card({ cardId: 'a', type: 'img' }),
        card({ cardId: 'b', type: 'audio' }),
        card({ cardId: 'c', type: 'video', value: 'flow/v.mp4' }),
        card({ cardId: 'd', type: 'img', file: chosen }),
      ]),
    ).toEqual([
      'cards[0].value: validation.emptyMediaCard',
      'cards[1].value: validation.emptyMediaCard',
    ])
  })

  it('needs at least one card, and at most the contract’s number', () => {
    expect(errorsOf([])).toEqual(['cards: validation.contentEmpty'])
    const many = Array.from({ length: FLOW_CONTENT_ELEMENTS_MAX + 1 }, (_, i) =>
      card({ cardId: `m${i}`, value: 'Oi' }),
    )
    expect(errorsOf(many)).toEqual(['cards: validation.contentTooMany'])
  })

  it('stores the cards in their order, with each chosen file’s uploaded name', () => {
    const file = new File(['x'], 'voz.ogg', { type: 'audio/ogg' })
    const values = {
      cards: [
        card({ cardId: 'audio1', type: 'audio', file, record: true }),
        card({ cardId: 'message1', value: '  Olá  ' }),
        card({ cardId: 'interval1', type: 'interval', value: '07' }),
        card({ cardId: 'img1', type: 'img', value: 'flow/kept.png', original: 'kept.png' }),
      ],
    }
    expect(cardsToUpload(values).map((item) => item.cardId)).toEqual(['audio1'])
    const uploads = new Map([
      ['audio1', { name: 'flow/123.ogg', url: 'https://x', mime: 'audio/ogg' }],
    ])
    expect(toContentData(values, uploads)).toEqual({
      seq: ['audio1', 'message1', 'interval1', 'img1'],
      elements: [
        {
          number: 'audio1',
          type: 'audio',
          value: 'flow/123.ogg',
          original: 'voz.ogg',
          record: true,
        },
        { number: 'message1', type: 'message', value: 'Olá' },
        { number: 'interval1', type: 'interval', value: '7' },
        { number: 'img1', type: 'img', value: 'flow/kept.png', original: 'kept.png' },
      ],
    })
  })

  it('reads a stored block in the order of its seq', () => {
    const values = contentFormValues({
      seq: ['b', 'a'],
      elements: [
        { number: 'a', type: 'message', value: 'A' },
        { number: 'b', type: 'interval', value: '3' },
        { number: 'c', type: 'message', value: 'C' },
      ],
    })
    expect(values.cards.map((item) => item.cardId)).toEqual(['b', 'a', 'c'])
  })

  it('gives a new card an id that starts with its kind', () => {
    expect(newContentCard('video').cardId).toMatch(/^video[A-Za-z0-9]{30}$/)
  })
})
