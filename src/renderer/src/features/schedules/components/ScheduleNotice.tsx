import { MessageBar, MessageBarBody } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { ScheduleDto } from '@shared/contracts/schedules'
import { formatDateTime } from '@renderer/lib/format'
import type { ReadOnlyReason } from '../hooks/useScheduleForm'
import { sendErrorText } from './ScheduleStatus'
import { useScheduleDialogStyles } from './ScheduleDialog.styles'

export interface ScheduleNoticeProps {
  schedule: ScheduleDto
  readOnly: ReadOnlyReason
}

/**
 * Where a stored schedule stands, above its form: who may change it, when it was sent, why it
 * failed (and that a future time sends it again), that it is being sent, how many of its sends
 * are made.
 */
export const ScheduleNotice = ({ schedule, readOnly }: ScheduleNoticeProps) => {
  const { t, i18n } = useTranslation('schedules')
  const styles = useScheduleDialogStyles()
  const date = (instant: string) => formatDateTime(instant, i18n.language)
  const recurring = schedule.valorIntervalo > 0
  const notices: { intent: 'info' | 'success' | 'warning' | 'error'; text: string }[] = []

  if (readOnly === 'permission') notices.push({ intent: 'warning', text: t('notices.permission') })
  switch (schedule.status) {
    case 'ENVIADA':
      notices.push({
        intent: 'success',
        text: t('notices.sent', { date: date(schedule.sentAt ?? schedule.sendAt) }),
      })
      break
    case 'ERRO': {
      const error = sendErrorText(schedule.lastError)
      notices.push({
        intent: 'error',
        text: error ? t('notices.failed', { error }) : t('notices.failedUnknown'),
      })
      if (readOnly === null) notices.push({ intent: 'info', text: t('notices.retry') })
      break
    }
    case 'AGENDADA':
      notices.push({ intent: 'info', text: t('notices.sending') })
      break
    case 'PENDENTE':
      break
  }
  if (recurring && schedule.contadorEnvio > 0) {
    notices.push({
      intent: 'info',
      text: t('notices.progress', {
        sent: schedule.contadorEnvio,
        total: schedule.enviarQuantasVezes,
      }),
    })
  }
  if (notices.length === 0) return null
  return (
    <div className={styles.notices}>
      {notices.map((notice) => (
        <MessageBar key={notice.text} intent={notice.intent}>
          <MessageBarBody>{notice.text}</MessageBarBody>
        </MessageBar>
      ))}
    </div>
  )
}
