import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  ProgressBar,
} from '@fluentui/react-components'
import { DismissRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { ExportProgress } from '../api'

/** Bytes as the interface language writes them, in KB or MB. */
export const formatBytes = (bytes: number, locale: string): string => {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })
  if (bytes < 1024 * 1024) return `${number.format(bytes / 1024)} KB`
  return `${number.format(bytes / (1024 * 1024))} MB`
}

export interface ExportProgressBarProps {
  progress: ExportProgress
  onCancel: () => void
}

/** The export under way: the bytes received, the rows the file will hold, and a cancel. */
export const ExportProgressBar = ({ progress, onCancel }: ExportProgressBarProps) => {
  const { t, i18n } = useTranslation('reports')
  const received = formatBytes(progress.loaded, i18n.language)
  return (
    <MessageBar intent="info" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{t('export.title')}</MessageBarTitle>
        {progress.rows === null
          ? t('export.received', { received })
          : t('export.receivedRows', {
              received,
              count: progress.rows,
              rows: new Intl.NumberFormat(i18n.language).format(progress.rows),
            })}
        <ProgressBar thickness="medium" aria-label={t('export.title')} />
      </MessageBarBody>
      <MessageBarActions>
        <Button icon={<DismissRegular />} onClick={onCancel}>
          {t('export.cancel')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  )
}
