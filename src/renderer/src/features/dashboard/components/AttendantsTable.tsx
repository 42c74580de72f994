import {
  Badge,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { DashboardAttendant } from '@shared/contracts/dashboard'
import { formatMinutes } from '../lib/minutes'
import { useAttendantsTabStyles } from './AttendantsTab.styles'

/** The table's columns in order; the spreadsheet's header uses the same keys. */
export const ATTENDANT_COLUMNS = [
  'name',
  'rating',
  'countRating',
  'tickets',
  'avgWaitTime',
  'avgSupportTime',
  'status',
] as const

/** One row per attendant of the company (000 §2 Atendentes), scrolled sideways when narrow. */
export const AttendantsTable = ({ attendants }: { attendants: readonly DashboardAttendant[] }) => {
  const { t, i18n } = useTranslation('dashboard')
  const styles = useAttendantsTabStyles()
  const number = new Intl.NumberFormat(i18n.language)
  const rating = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
  const numeric = new Set<string>([
    'rating',
    'countRating',
    'tickets',
    'avgWaitTime',
    'avgSupportTime',
  ])
  return (
    <div
      className={styles.scroll}
      role="region"
      aria-label={t('attendants.tableLabel')}
      tabIndex={0}
    >
      <Table className={styles.table} aria-label={t('attendants.tableLabel')}>
        <TableHeader>
          <TableRow>
            {ATTENDANT_COLUMNS.map((column) => (
              <TableHeaderCell
                key={column}
                className={numeric.has(column) ? styles.number : undefined}
              >
                {t(`attendants.columns.${column}`)}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {attendants.map((attendant) => (
            <TableRow key={attendant.id}>
              <TableCell>{attendant.name}</TableCell>
              <TableCell className={styles.number}>{rating.format(attendant.rating)}</TableCell>
              <TableCell className={styles.number}>
                {number.format(attendant.countRating)}
              </TableCell>
              <TableCell className={styles.number}>{number.format(attendant.tickets)}</TableCell>
              <TableCell className={styles.number}>
                {formatMinutes(attendant.avgWaitTime)}
              </TableCell>
              <TableCell className={styles.number}>
                {formatMinutes(attendant.avgSupportTime)}
              </TableCell>
              <TableCell>
                <Badge
                  appearance="tint"
                  color={attendant.online ? 'success' : 'subtle'}
                  shape="rounded"
                >
                  {t(attendant.online ? 'attendants.online' : 'attendants.offline')}
                </Badge>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}
