import type { TFunction } from 'i18next'
import type { FlowConditionOperator } from '@shared/contracts/flows'
import { SINGLE_OUTPUT } from '@shared/contracts/flows-rules'
import type { BlockContent } from './block-node'

/** How much of a text a one-line summary keeps. */
const SNIPPET_LENGTH = 48

/** A text on one line, cut to a summary's length. */
export const snippet = (text: string, length = SNIPPET_LENGTH): string => {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > length ? `${line.slice(0, length - 1)}…` : line
}

/** The symbol of a condition's operator (002 §4.2: 1 equals, 2 >=, 3 <=, 4 <, 5 >). */
export const OPERATOR_SYMBOLS: Record<FlowConditionOperator, string> = {
  1: '=',
  2: '>=',
  3: '<=',
  4: '<',
  5: '>',
}

/** What a block says in one line, or '' when it says nothing yet (for lists and pickers). */
export function blockSnippet(block: BlockContent, t: TFunction<'flowEditor'>): string {
  switch (block.type) {
    case 'start':
      return ''
    case 'message':
      return snippet(block.data.label)
    case 'menu':
      return snippet(block.data.message)
    case 'interval':
      return block.data.sec > 0 ? t('summary.seconds', { count: block.data.sec }) : ''
    case 'condition':
      return block.data.key.trim()
        ? snippet(`${block.data.key} ${OPERATOR_SYMBOLS[block.data.condition]} ${block.data.value}`)
        : ''
    case 'randomizer':
      return `${block.data.percent}% / ${100 - block.data.percent}%`
    case 'ticket':
      return block.data.id > 0 ? snippet(block.data.name) : ''
    case 'img':
    case 'audio':
    case 'video':
      return snippet(block.data.url)
    case 'singleBlock':
      return t('summary.cards', { count: block.data.elements.length })
  }
}

/** A block named for people: its kind, and what it says when it says something. */
export function blockLabel(block: BlockContent, t: TFunction<'flowEditor'>): string {
  const kind = t(`blocks.${block.type}`)
  const said = blockSnippet(block, t)
  return said ? `${kind}: ${said}` : kind
}

export interface OutputLabel {
  /** The handle id, as `outputHandles` names it. */
  handle: string
  label: string
}

/**
 * A block's outputs with their names (002 §4.2, the handles of `outputHandles`): a condition's
 * true and false, a randomizer's percent and the rest, a menu's options, "next" for the others.
 */
export function outputLabels(block: BlockContent, t: TFunction<'flowEditor'>): OutputLabel[] {
  switch (block.type) {
    case 'condition':
      return [
        { handle: 'a', label: t('outputs.true') },
        { handle: 'b', label: t('outputs.false') },
      ]
    case 'randomizer':
      return [
        { handle: 'a', label: `${block.data.percent}%` },
        { handle: 'b', label: `${100 - block.data.percent}%` },
      ]
    case 'menu':
      return block.data.arrayOption.map((option) => ({
        handle: `a${option.number}`,
        label: `[${option.number}] ${snippet(option.value, 32)}`.trim(),
      }))
    default:
      return [{ handle: SINGLE_OUTPUT, label: t('outputs.next') }]
  }
}
