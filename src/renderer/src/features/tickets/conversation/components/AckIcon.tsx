import { mergeClasses } from '@fluentui/react-components'
import {
  CheckmarkRegular,
  ClockRegular,
  ErrorCircleRegular,
  HeadphonesRegular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { ackState } from '../message-rules'
import { useAckIconStyles } from './AckIcon.styles'

export interface AckIconProps {
  ack: number
  failed: boolean
}

/** The delivery state of an outgoing message (000 §4), with its name for screen readers. */
export const AckIcon = ({ ack, failed }: AckIconProps) => {
  const { t } = useTranslation('messages')
  const styles = useAckIconStyles()
  if (failed) {
    return (
      <span
        className={mergeClasses(styles.root, styles.failed)}
        role="img"
        aria-label={t('ack.failed')}
      >
        <ErrorCircleRegular />
      </span>
    )
  }
  const state = ackState(ack)
  const double = (
    <span className={styles.double}>
      <CheckmarkRegular />
      <CheckmarkRegular className={styles.second} />
    </span>
  )
  const icon = {
    pending: <ClockRegular />,
    sent: <CheckmarkRegular />,
    delivered: double,
    read: double,
    played: <HeadphonesRegular />,
  }[state]
  return (
    <span
      className={mergeClasses(
        styles.root,
        state === 'read' && styles.read,
        state === 'played' && styles.played,
      )}
      role="img"
      aria-label={t(`ack.${state}`)}
      title={t(`ack.${state}`)}
    >
      {icon}
    </span>
  )
}
