import { mergeClasses, Text } from '@fluentui/react-components'
import type { NodeProps } from '@xyflow/react'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import type { FlowContentElementType, FlowNodeType } from '@shared/contracts/flows'
import { OPERATOR_SYMBOLS, snippet } from '@renderer/features/flow-editor/graph/block-label'
import type { BlockNode } from '@renderer/features/flow-editor/graph/block-node'
import { useMediaAddress } from '@renderer/features/flow-editor/media/useMediaAddress'
import { BlockFrame } from './BlockFrame'
import { BlockIcon } from './BlockIcon'
import { useBlockNodesStyles } from './BlockNodes.styles'

/** Each block type's props, its data typed by its kind (spelt out: a mapped generic loses it). */
interface BlockProps {
  start: NodeProps<BlockNode<'start'>>
  message: NodeProps<BlockNode<'message'>>
  interval: NodeProps<BlockNode<'interval'>>
  condition: NodeProps<BlockNode<'condition'>>
  menu: NodeProps<BlockNode<'menu'>>
  img: NodeProps<BlockNode<'img'>>
  audio: NodeProps<BlockNode<'audio'>>
  video: NodeProps<BlockNode<'video'>>
  randomizer: NodeProps<BlockNode<'randomizer'>>
  singleBlock: NodeProps<BlockNode<'singleBlock'>>
  ticket: NodeProps<BlockNode<'ticket'>>
}

/** A block's text, cut after a few lines, or the placeholder when it has none yet. */
const Said = ({ text, placeholder }: { text: string; placeholder: string }) => {
  const styles = useBlockNodesStyles()
  return text.trim() ? (
    <Text className={styles.text}>{text}</Text>
  ) : (
    <Text className={styles.placeholder}>{placeholder}</Text>
  )
}

const StartBlock = memo(({ id, data, selected }: BlockProps['start']) => {
  const { t } = useTranslation('flowEditor')
  const styles = useBlockNodesStyles()
  return (
    <BlockFrame id={id} block={{ type: 'start', data }} selected={selected}>
      <Text className={styles.detail}>{t('summary.start')}</Text>
    </BlockFrame>
  )
})
StartBlock.displayName = 'StartBlock'

const MessageBlock = memo(({ id, data, selected }: BlockProps['message']) => {
  const { t } = useTranslation('flowEditor')
  return (
    <BlockFrame id={id} block={{ type: 'message', data }} selected={selected}>
      <Said text={data.label} placeholder={t('summary.noText')} />
    </BlockFrame>
  )
})
MessageBlock.displayName = 'MessageBlock'

const IntervalBlock = memo(({ id, data, selected }: BlockProps['interval']) => {
  const { t } = useTranslation('flowEditor')
  const text = data.sec > 0 ? t('summary.waits', { count: data.sec }) : ''
  return (
    <BlockFrame id={id} block={{ type: 'interval', data }} selected={selected}>
      <Said text={text} placeholder={t('summary.noSeconds')} />
    </BlockFrame>
  )
})
IntervalBlock.displayName = 'IntervalBlock'

const ConditionBlock = memo(({ id, data, selected }: BlockProps['condition']) => {
  const { t } = useTranslation('flowEditor')
  const text = data.key.trim()
    ? `${data.key} ${OPERATOR_SYMBOLS[data.condition]} ${data.value}`
    : ''
  return (
    <BlockFrame id={id} block={{ type: 'condition', data }} selected={selected}>
      <Said text={text} placeholder={t('summary.noCondition')} />
    </BlockFrame>
  )
})
ConditionBlock.displayName = 'ConditionBlock'

const MenuBlock = memo(({ id, data, selected }: BlockProps['menu']) => {
  const { t } = useTranslation('flowEditor')
  return (
    <BlockFrame id={id} block={{ type: 'menu', data }} selected={selected}>
      <Said text={data.message} placeholder={t('summary.noText')} />
    </BlockFrame>
  )
})
MenuBlock.displayName = 'MenuBlock'

const RandomizerBlock = memo(({ id, data, selected }: BlockProps['randomizer']) => {
  const { t } = useTranslation('flowEditor')
  const styles = useBlockNodesStyles()
  return (
    <BlockFrame id={id} block={{ type: 'randomizer', data }} selected={selected}>
      <Text className={styles.detail}>
        {t('summary.randomizer', { percent: data.percent, rest: 100 - data.percent })}
      </Text>
    </BlockFrame>
  )
})
RandomizerBlock.displayName = 'RandomizerBlock'

const TicketBlock = memo(({ id, data, selected }: BlockProps['ticket']) => {
  const { t } = useTranslation('flowEditor')
  const text = data.id > 0 ? t('summary.queue', { name: data.name || `#${data.id}` }) : ''
  return (
    <BlockFrame id={id} block={{ type: 'ticket', data }} selected={selected}>
      <Said text={text} placeholder={t('summary.noQueue')} />
    </BlockFrame>
  )
})
TicketBlock.displayName = 'TicketBlock'

/** A stored file: an image's thumbnail when the editor can show it, else its name. */
const MediaSummary = ({ type, name }: { type: 'img' | 'audio' | 'video'; name: string }) => {
  const { t } = useTranslation('flowEditor')
  const styles = useBlockNodesStyles()
  const address = useMediaAddress(name)
  if (!name) return <Said text="" placeholder={t('summary.noFile')} />
  if (type === 'img' && address)
    return <img className={styles.thumbnail} src={address} alt={name} loading="lazy" />
  return <Text className={styles.detail}>{snippet(name)}</Text>
}

const ImageBlock = memo(({ id, data, selected }: BlockProps['img']) => (
  <BlockFrame id={id} block={{ type: 'img', data }} selected={selected}>
    <MediaSummary type="img" name={data.url} />
  </BlockFrame>
))
ImageBlock.displayName = 'ImageBlock'

const AudioBlock = memo(({ id, data, selected }: BlockProps['audio']) => {
  const { t } = useTranslation('flowEditor')
  const styles = useBlockNodesStyles()
  return (
    <BlockFrame id={id} block={{ type: 'audio', data }} selected={selected}>
      <MediaSummary type="audio" name={data.url} />
      {data.url && data.record && <Text className={styles.detail}>{t('summary.voiceNote')}</Text>}
    </BlockFrame>
  )
})
AudioBlock.displayName = 'AudioBlock'

const VideoBlock = memo(({ id, data, selected }: BlockProps['video']) => (
  <BlockFrame id={id} block={{ type: 'video', data }} selected={selected}>
    <MediaSummary type="video" name={data.url} />
  </BlockFrame>
))
VideoBlock.displayName = 'VideoBlock'

/** How many cards a content block lists before "and N more". */
const CARDS_SHOWN = 5

const ContentBlock = memo(({ id, data, selected }: BlockProps['singleBlock']) => {
  const { t } = useTranslation('flowEditor')
  const styles = useBlockNodesStyles()
  const byId = new Map(data.elements.map((element) => [element.number, element]))
  const ordered = data.seq.flatMap((cardId) => {
    const element = byId.get(cardId)
    return element ? [element] : []
  })
  const cardText = (type: FlowContentElementType, value: string, original?: string) => {
    if (type === 'message') return snippet(value, 40) || t('summary.noText')
    if (type === 'interval') return t('summary.waits', { count: Number(value) || 0 })
    return snippet(original || value, 40) || t('summary.noFile')
  }
  return (
    <BlockFrame id={id} block={{ type: 'singleBlock', data }} selected={selected}>
      {ordered.length === 0 ? (
        <Said text="" placeholder={t('summary.noCards')} />
      ) : (
        <ul className={styles.cards}>
          {ordered.slice(0, CARDS_SHOWN).map((element) => (
            <li key={element.number} className={styles.card}>
              <BlockIcon type={element.type} className={styles.cardIcon} />
              <span
                className={mergeClasses(
                  styles.cardText,
                  element.type === 'message' && !element.value.trim() && styles.placeholder,
                )}
              >
                {cardText(element.type, element.value, element.original)}
              </span>
            </li>
          ))}
          {ordered.length > CARDS_SHOWN && (
            <li className={styles.detail}>
              {t('summary.moreCards', { count: ordered.length - CARDS_SHOWN })}
            </li>
          )}
        </ul>
      )}
    </BlockFrame>
  )
})
ContentBlock.displayName = 'ContentBlock'

/**
 * One component per block type, made once for the module: React Flow re-creates every block
 * when this object changes, so it must never be built during a render.
 */
export const BLOCK_NODE_TYPES = {
  start: StartBlock,
  message: MessageBlock,
  interval: IntervalBlock,
  condition: ConditionBlock,
  menu: MenuBlock,
  randomizer: RandomizerBlock,
  ticket: TicketBlock,
  img: ImageBlock,
  audio: AudioBlock,
  video: VideoBlock,
  singleBlock: ContentBlock,
} satisfies Record<FlowNodeType, unknown>
