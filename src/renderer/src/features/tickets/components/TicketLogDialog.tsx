import {
  Body1Strong,
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Spinner,
} from '@fluentui/react-components'
import { HistoryRegular } from '@fluentui/react-icons'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '@renderer/components/EmptyState'
import { errorMessage } from '@renderer/lib/notify'
import { formatDateTime } from '@renderer/lib/format'
import { ticketQueries } from '../queries'
import { QueueLabel } from './QueueLabel'
import { useTicketDialogStyles } from './TicketDialog.styles'
import { useTicketLogDialogStyles } from './TicketLogDialog.styles'

export interface TicketLogDialogProps {
  open: boolean
  ticketId: number
  onClose: () => void
}

/** The ticket's history (000 §3 Ticket log entry): newest first, who, which queue, when. */
export const TicketLogDialog = ({ open, ticketId, onClose }: TicketLogDialogProps) => {
  const { t, i18n } = useTranslation('tickets')
  const dialogStyles = useTicketDialogStyles()
  const styles = useTicketLogDialogStyles()
  const log = useQuery({ ...ticketQueries.log(ticketId), enabled: open })
  // The server sends them newest first; sorting again costs nothing and keeps that promise.
  const entries = [...(log.data ?? [])].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt),
  )

  const renderContent = () => {
    if (log.isPending) {
      return (
        <div className={dialogStyles.state}>
          <Spinner label={t('logDialog.loading')} />
        </div>
      )
    }
    if (log.isError) {
      return (
        <MessageBar intent="error">
          <MessageBarBody>{errorMessage(log.error)}</MessageBarBody>
        </MessageBar>
      )
    }
    if (entries.length === 0) {
      return <EmptyState icon={<HistoryRegular />} title={t('logDialog.empty')} />
    }
    return (
      <ol className={styles.list} aria-label={t('logDialog.title', { id: ticketId })}>
        {entries.map((entry) => (
          <li key={entry.id} className={styles.entry}>
            <Body1Strong>{t(`logDialog.types.${entry.type}`)}</Body1Strong>
            <Caption1 className={styles.time}>
              {formatDateTime(entry.createdAt, i18n.language)}
            </Caption1>
            <Caption1 className={styles.details}>
              <span>{entry.user?.name ?? t('logDialog.system')}</span>
              <QueueLabel queue={entry.queue} />
            </Caption1>
            {entry.detail && <Caption1 className={styles.detail}>{entry.detail}</Caption1>}
          </li>
        ))}
      </ol>
    )
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(_event, data) => {
        if (!data.open) onClose()
      }}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('logDialog.title', { id: ticketId })}</DialogTitle>
          <DialogContent>{renderContent()}</DialogContent>
          <DialogActions>
            {log.isError && (
              <Button appearance="secondary" onClick={() => void log.refetch()}>
                {t('actions.retry')}
              </Button>
            )}
            <Button appearance="primary" onClick={onClose}>
              {t('actions.dismiss')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
