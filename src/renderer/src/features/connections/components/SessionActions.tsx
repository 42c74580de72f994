import { Button, Caption1, Spinner } from '@fluentui/react-components'
import {
  ArrowClockwiseRegular,
  PlugDisconnectedRegular,
  QrCodeRegular,
  TicketDiagonalRegular,
} from '@fluentui/react-icons'
import { skipToken, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ConnectionDto } from '@shared/contracts/connections'
import { useSessionCommandMutation, type SessionCommand } from '../mutations'
import { connectionQueries } from '../queries'
import type { ImportProgressState } from '../realtime'
import { preparingLeftMs, sessionButtons } from '../session-actions'
import { useSessionActionsStyles } from './SessionActions.styles'

export interface SessionActionsProps {
  connection: Pick<ConnectionDto, 'id' | 'name' | 'channel' | 'status' | 'statusImportMessages'>
  onShowQr: (connectionId: number) => void
}

/**
 * The session buttons of one connection, exactly those of 001 §4 for its status, and the
 * progress of a running history import ('Preparing', then 'processed X of all').
 */
export const SessionActions = ({ connection, onShowQr }: SessionActionsProps) => {
  const { t } = useTranslation('connections')
  const styles = useSessionActionsStyles()
  const command = useSessionCommandMutation()
  const [now, setNow] = useState(() => Date.now())
  const { data: progress } = useQuery<ImportProgressState>({
    queryKey: connectionQueries.importProgress(connection.id),
    queryFn: skipToken,
  })

  // The 'Preparing' button goes by itself once its 35 seconds are over.
  const left = preparingLeftMs(connection.statusImportMessages, now)
  useEffect(() => {
    if (left === null) return
    const timer = window.setTimeout(() => setNow(Date.now()), left)
    return () => window.clearTimeout(timer)
  }, [left])

  const run = (which: SessionCommand) => command.mutate({ id: connection.id, command: which })
  const busy = command.isPending
  const name = connection.name

  return (
    <div className={styles.root}>
      <div className={styles.buttons}>
        {sessionButtons(connection, now).map((button) => {
          switch (button) {
            case 'showQr':
              return (
                <Button
                  key={button}
                  size="small"
                  icon={<QrCodeRegular />}
                  onClick={() => onShowQr(connection.id)}
                  aria-label={t('session.showQrOf', { name })}
                >
                  {t('session.showQr')}
                </Button>
              )
            case 'retry':
              return (
                <Button
                  key={button}
                  size="small"
                  icon={<ArrowClockwiseRegular />}
                  disabled={busy}
                  onClick={() => run('retry')}
                >
                  {t('session.retry')}
                </Button>
              )
            case 'newQr':
              return (
                <Button
                  key={button}
                  size="small"
                  icon={<QrCodeRegular />}
                  disabled={busy}
                  onClick={() => run('newQr')}
                >
                  {t('session.newQr')}
                </Button>
              )
            case 'disconnect':
              return (
                <Button
                  key={button}
                  size="small"
                  icon={<PlugDisconnectedRegular />}
                  disabled={busy}
                  onClick={() => run('disconnect')}
                >
                  {t('session.disconnect')}
                </Button>
              )
            case 'closeImported':
              return (
                <Button
                  key={button}
                  size="small"
                  icon={<TicketDiagonalRegular />}
                  disabled={busy}
                  onClick={() => run('closeImported')}
                >
                  {t('session.closeImported')}
                </Button>
              )
            case 'preparing':
              return (
                <Button key={button} size="small" disabled icon={<Spinner size="extra-tiny" />}>
                  {t('session.preparing')}
                </Button>
              )
            case 'connecting':
              return (
                <Button key={button} size="small" disabled icon={<Spinner size="extra-tiny" />}>
                  {t('session.connecting')}
                </Button>
              )
          }
        })}
      </div>
      {progress && (
        <Caption1 className={styles.progress} aria-live="polite">
          {progress.this < 0
            ? t('import.preparing')
            : t('import.processed', {
                current: progress.this,
                all: progress.all,
                percent: progress.all > 0 ? Math.round((progress.this / progress.all) * 100) : 0,
              })}
        </Caption1>
      )}
    </div>
  )
}
