import { Caption1, mergeClasses } from '@fluentui/react-components'
import { ArrowClockwiseRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { MessageDto } from '@shared/contracts/messages'
import { BusyButton } from '@renderer/components/BusyButton'
import { errorMessage } from '@renderer/lib/notify'
import type { Resend } from '../hooks/useResend'
import { sendTrouble } from '../message-rules'
import { formatTime } from '@renderer/lib/format'
import { useSendTroubleStyles } from './SendTrouble.styles'

export interface SendTroubleProps {
  message: MessageDto
  /** Offer Retry: a failed send of ours on a ticket the user may write on. */
  retryable: boolean
  /** The message's resend, shared with the Retry of its menu. */
  resend: Resend
}

/**
 * What went wrong with an outgoing message, under its content: while the server tries again,
 * the try it is on, when, and the last error; once it gave up, how many tries it made, the last
 * error and Retry. Nothing here promises a try the server will not make.
 */
export const SendTrouble = ({ message, retryable, resend }: SendTroubleProps) => {
  const { t, i18n } = useTranslation('messages')
  const styles = useSendTroubleStyles()
  const { resending, refusal, requeuedAt } = resend
  const trouble = sendTrouble(message)
  if (!trouble) return null

  const lastError = message.sendError && (
    <Caption1>
      {t('message.lastError', { reason: errorMessage({ error: message.sendError }) })}
    </Caption1>
  )

  if (trouble === 'retrying') {
    return (
      <div className={mergeClasses(styles.root, styles.retrying)} role="status">
        <Caption1 className={styles.title}>
          {t('message.retrying', { attempt: message.sendAttempts + 1 })}
        </Caption1>
        {message.nextAttemptAt && (
          <Caption1>
            {t('message.nextAttempt', { time: formatTime(message.nextAttemptAt, i18n.language) })}
          </Caption1>
        )}
        {lastError}
      </div>
    )
  }
  const failedAgain = requeuedAt !== null && Date.parse(message.updatedAt) > Date.parse(requeuedAt)
  return (
    <div className={mergeClasses(styles.root, styles.failed)} role="alert">
      <Caption1 className={styles.title}>
        {message.sendAttempts > 0
          ? t('message.notSent', { attempts: message.sendAttempts })
          : t('message.failed')}
      </Caption1>
      {failedAgain && (
        <Caption1>
          {t('message.resendFailed', { time: formatTime(requeuedAt, i18n.language) })}
        </Caption1>
      )}
      {lastError}
      {retryable && (
        <BusyButton
          size="small"
          appearance="subtle"
          icon={<ArrowClockwiseRegular />}
          busy={resending}
          onClick={() => void resend.resend()}
        >
          {t('actions.retry')}
        </BusyButton>
      )}
      {refusal && <Caption1>{t('message.retryRefused', { reason: refusal })}</Caption1>}
    </div>
  )
}
