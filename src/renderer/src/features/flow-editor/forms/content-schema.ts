import { array, boolean, mixed, object, string, type ObjectSchema } from 'yup'
import {
  FLOW_CONTENT_ELEMENTS_MAX,
  FLOW_CONTENT_ELEMENT_TYPES,
  FLOW_INTERVAL_MAX_SECONDS,
  FLOW_TEXT_MAX,
  type FlowContentElement,
  type FlowContentElementType,
  type FlowMediaUpload,
  type FlowNodeDataOf,
} from '@shared/contracts/flows'
import { newFlowNodeId } from '@shared/contracts/flows-rules'

/** One card of a content block as its form edits it. */
export interface ContentCard {
  /** The card's id: `number` in the graph. */
  cardId: string
  type: FlowContentElementType
  /** A text card's text, an interval's seconds, or a media card's stored file name. */
  value: string
  /** The name the media file had on the user's disk. */
  original: string
  /** An audio card sent as a voice note. */
  record: boolean
  /** A file chosen for a media card, sent when the block is saved. */
  file: File | null
}

export interface ContentFormValues {
  cards: ContentCard[]
}

export const isMediaCard = (type: FlowContentElementType): boolean =>
  type === 'img' || type === 'audio' || type === 'video'

/** An interval card's seconds, as it is typed: whole, above 0 and at most 120. */
const intervalCardFits = (value: string): boolean => {
  const seconds = Number(value)
  return (
    value.trim() !== '' &&
    Number.isInteger(seconds) &&
    seconds > 0 &&
    seconds <= FLOW_INTERVAL_MAX_SECONDS
  )
}

/**
 * The content rules of 002 §5, card by card: a text card is not empty ('Campos de mensagem
 * vazio!'); an interval is not 0 nor above 120 ('Intervalo não pode ser 0 ou maior que 120!'); an
 * image, audio or video card has its file, stored or chosen ('Delete os cards vazios(Imagem,
 * Audio e Video)').
 */
const cardSchema: ObjectSchema<ContentCard> = object({
  cardId: string().defined(),
  type: mixed<FlowContentElementType>()
    .oneOf([...FLOW_CONTENT_ELEMENT_TYPES])
    .defined(),
  value: string()
    .defined()
    .test('card', (value, context) => {
      const card = context.parent as ContentCard
      if (card.type === 'message') {
        if (value.trim() === '') return context.createError({ message: 'validation.emptyText' })
        if (value.length > FLOW_TEXT_MAX)
          return context.createError({ message: 'validation.tooLong' })
        return true
      }
      if (card.type === 'interval')
        return (
          intervalCardFits(value) || context.createError({ message: 'validation.elementInterval' })
        )
      return (
        value.trim() !== '' ||
        card.file !== null ||
        context.createError({ message: 'validation.emptyMediaCard' })
      )
    }),
  original: string().defined(),
  record: boolean().defined(),
  file: mixed<File>().nullable().defined(),
})

/** A content block's form: 1 to 30 cards, each by its rules. */
export const contentSchema: ObjectSchema<ContentFormValues> = object({
  cards: array(cardSchema)
    .defined()
    .min(1, 'validation.contentEmpty')
    .max(FLOW_CONTENT_ELEMENTS_MAX, 'validation.contentTooMany'),
})

/** A new card of `type`; its id starts with its kind, as the family's do. */
export const newContentCard = (type: FlowContentElementType): ContentCard => ({
  cardId: `${type}${newFlowNodeId()}`,
  type,
  value: '',
  original: '',
  record: false,
  file: null,
})

/** The cards of a stored block in their order (`seq`); a card the order misses comes last. */
export function contentFormValues(data: FlowNodeDataOf<'singleBlock'>): ContentFormValues {
  const byId = new Map(data.elements.map((element) => [element.number, element]))
  const ordered = data.seq.flatMap((id) => {
    const element = byId.get(id)
    byId.delete(id)
    return element ? [element] : []
  })
  return {
    cards: [...ordered, ...byId.values()].map((element) => ({
      cardId: element.number,
      type: element.type,
      value: element.value,
      original: element.original ?? '',
      record: element.record ?? false,
      file: null,
    })),
  }
}

/** The cards whose chosen file must be sent before the block is kept, in card order. */
export const cardsToUpload = (values: ContentFormValues): ContentCard[] =>
  values.cards.filter((card) => isMediaCard(card.type) && card.file !== null)

/**
 * The block as the graph stores it: cards in order (`seq`), texts trimmed, seconds as whole
 * numbers, each chosen file replaced by the name its upload answered (`uploads` by card id).
 */
export function toContentData(
  values: ContentFormValues,
  uploads: ReadonlyMap<string, FlowMediaUpload> = new Map(),
): FlowNodeDataOf<'singleBlock'> {
  const elements = values.cards.map((card): FlowContentElement => {
    const uploaded = uploads.get(card.cardId)
    const value =
      card.type === 'message'
        ? card.value.trim()
        : card.type === 'interval'
          ? String(Number(card.value))
          : (uploaded?.name ?? card.value)
    const original = uploaded && card.file ? card.file.name : card.original
    return {
      number: card.cardId,
      type: card.type,
      value,
      ...(isMediaCard(card.type) && original ? { original: original.slice(0, 300) } : {}),
      ...(card.type === 'audio' ? { record: card.record } : {}),
    }
  })
  return { seq: elements.map((element) => element.number), elements }
}
