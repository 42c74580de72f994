import { mergeClasses } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { QueueRef } from '../../../../../shared/contracts/tickets'
import { useQueueLabelStyles } from './QueueLabel.styles'

/** A queue's colour dot and name, or "no queue". */
export const QueueLabel = ({ queue }: { queue: QueueRef | null }) => {
  const { t } = useTranslation('tickets')
  const styles = useQueueLabelStyles()
  return (
    <span className={styles.root}>
      <span
        className={mergeClasses(styles.dot, !queue && styles.noQueue)}
        // The colour is the queue's own data, not a theme value.
        style={queue ? { backgroundColor: queue.color } : undefined}
        aria-hidden
      />
      <span className={styles.name}>{queue ? queue.name : t('queue.none')}</span>
    </span>
  )
}
