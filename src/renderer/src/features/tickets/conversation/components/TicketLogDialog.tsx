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
  Spinner,
  Text,
} from '@fluentui/react-components'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../../../lib/notify'
import { conversationQueries } from '../queries'
import { formatDateTime } from '../timeline'
import { useTicketLogDialogStyles } from './TicketLogDialog.styles'

export interface TicketLogDialogProps {
  open: boolean
  ticketId: number
  onClose: () => void
}

/** What happened to the ticket, newest first (000 §2 Modals: ticket log). */
export const TicketLogDialog = ({ open, ticketId, onClose }: TicketLogDialogProps) => {
  const { t, i18n } = useTranslation('messages')
  const styles = useTicketLogDialogStyles()
  const logs = useQuery({ ...conversationQueries.logs(ticketId), enabled: open })

  const renderBody = () => {
    if (logs.isPending) return <Spinner label={t('log.loading')} />
    if (logs.isError) return <Text>{errorMessage(logs.error)}</Text>
    if (logs.data.length === 0) return <Text>{t('log.empty')}</Text>
    return (
      <ol className={styles.list}>
        {logs.data.map((entry) => (
          <li key={entry.id} className={styles.item}>
            <Body1Strong>{t(`log.types.${entry.type}`)}</Body1Strong>
            <Caption1 className={styles.muted}>
              {[
                formatDateTime(entry.createdAt, i18n.language),
                entry.user ? t('log.user', { name: entry.user.name }) : null,
                entry.queue ? t('log.queue', { name: entry.queue.name }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Caption1>
          </li>
        ))}
      </ol>
    )
  }

  return (
    <Dialog open={open} onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('log.title', { id: ticketId })}</DialogTitle>
          <DialogContent>{renderBody()}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              {t('dialog.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
