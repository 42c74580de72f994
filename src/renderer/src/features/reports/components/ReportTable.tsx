import {
  Button,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Tooltip,
} from '@fluentui/react-components'
import { HistoryRegular, OpenRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { REPORT_STATUS_LABELS, type ReportRow } from '@shared/contracts/reports'
import { useReportTableStyles } from './ReportTable.styles'

const COLUMNS = [
  'id',
  'connection',
  'contact',
  'user',
  'queue',
  'status',
  'lastMessage',
  'openedAt',
  'closedAt',
  'supportTime',
  'nps',
  'actions',
] as const

const statusKeys = new Map(
  Object.entries(REPORT_STATUS_LABELS).map(([key, label]) => [label as string, key]),
)

export interface ReportTableProps {
  rows: readonly ReportRow[]
  onShowLog: (row: ReportRow) => void
  onOpenTicket: (row: ReportRow) => void
}

/** One page of the report (002 §2.23): the server's texts, the status in the interface language. */
export const ReportTable = ({ rows, onShowLog, onOpenTicket }: ReportTableProps) => {
  const { t } = useTranslation('reports')
  const styles = useReportTableStyles()
  // The server names the status in Portuguese (reference §12); an unknown one is shown as it is.
  const statusText = (status: string) => {
    const key = statusKeys.get(status)
    return key ? t(`status.${key}`) : status
  }
  const none = <span className={styles.none}>{t('table.none')}</span>
  // Fixed widths where the text never wraps (ids, dates, durations), the rest share what is left.
  const columnWidth: Partial<Record<(typeof COLUMNS)[number], string>> = {
    id: styles.id,
    openedAt: styles.date,
    closedAt: styles.date,
    supportTime: styles.duration,
    nps: styles.nps,
    actions: styles.actions,
  }

  return (
    <div className={styles.scroller} role="region" aria-label={t('table.label')} tabIndex={0}>
      <Table className={styles.table} size="small" aria-label={t('table.label')}>
        <TableHeader>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableHeaderCell key={column} className={columnWidth[column]}>
                {t(`table.columns.${column}`)}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>{row.id}</TableCell>
              <TableCell>{row.whatsappName || none}</TableCell>
              <TableCell>{row.contactName || none}</TableCell>
              <TableCell>{row.userName || none}</TableCell>
              <TableCell>{row.queueName || none}</TableCell>
              <TableCell>{statusText(row.status)}</TableCell>
              <TableCell>
                <span className={styles.message} title={row.lastMessage}>
                  {row.lastMessage || none}
                </span>
              </TableCell>
              <TableCell className={styles.nowrap}>{row.createdAt || none}</TableCell>
              <TableCell className={styles.nowrap}>{row.closedAt || none}</TableCell>
              <TableCell className={styles.nowrap}>{row.supportTime}</TableCell>
              <TableCell>{row.NPS}</TableCell>
              <TableCell>
                <div className={styles.buttons}>
                  <Tooltip content={t('table.showLog', { id: row.id })} relationship="label">
                    <Button
                      appearance="subtle"
                      icon={<HistoryRegular />}
                      onClick={() => onShowLog(row)}
                    />
                  </Tooltip>
                  <Tooltip content={t('table.openTicket', { id: row.id })} relationship="label">
                    <Button
                      appearance="subtle"
                      icon={<OpenRegular />}
                      onClick={() => onOpenTicket(row)}
                    />
                  </Tooltip>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}
