import { mergeClasses } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { QueueRef } from '@shared/contracts/tickets'
import { useQueueLabelStyles } from './QueueLabel.styles'

export interface QueueMarkProps {
  queue: QueueRef | null
  noneLabel: string
  classes: ReturnType<typeof useQueueLabelStyles>
  /** A long name goes on to more lines instead of being cut (a list of options). */
  wrap?: boolean
}

/**
 * A queue's colour dot and name, or the words for no queue. The ticket rows pass the words and
 * the classes, one translation and one style hook for all the rows of a list.
 */
export const QueueMark = ({ queue, noneLabel, classes: styles, wrap = false }: QueueMarkProps) => (
  <span className={styles.root}>
    <span
      className={mergeClasses(styles.dot, !queue && styles.noQueue)}
      // The colour is the queue's own data, not a theme value.
      style={queue ? { backgroundColor: queue.color } : undefined}
      aria-hidden
    />
    <span className={mergeClasses(styles.name, wrap && styles.wrappedName)}>
      {queue ? queue.name : noneLabel}
    </span>
  </span>
)

/** A queue's colour dot and name, or "no queue". */
export const QueueLabel = ({ queue, wrap }: { queue: QueueRef | null; wrap?: boolean }) => {
  const { t } = useTranslation('tickets')
  const styles = useQueueLabelStyles()
  return <QueueMark queue={queue} noneLabel={t('queue.none')} classes={styles} wrap={wrap} />
}
