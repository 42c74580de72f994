import { Skeleton, SkeletonItem, Subtitle2 } from '@fluentui/react-components'
import { ArrowDownloadRegular, PeopleRegular } from '@fluentui/react-icons'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DashboardAttendant } from '@shared/contracts/dashboard'
import { BusyButton } from '@renderer/components/BusyButton'
import { EmptyState } from '@renderer/components/EmptyState'
import { LoadFailure } from '@renderer/components/LoadFailure'
import { errorMessage, notifyError } from '@renderer/lib/notify'
import type { DashboardPeriod } from '../api'
import {
  ATTENDANTS_SHEET_FILE,
  attendantsSheetRows,
  buildAttendantsWorkbook,
  downloadFile,
  XLSX_TYPE,
} from '../lib/attendants-sheet'
import { dashboardQueries } from '../queries'
import { ATTENDANT_COLUMNS, AttendantsTable } from './AttendantsTable'
import { TicketsPerDayChart } from './TicketsPerDayChart'
import { TicketsPerUserChart } from './TicketsPerUserChart'
import { useAttendantsTabStyles } from './AttendantsTab.styles'

/** The 'Exportar' action: the table as an .xlsx built in the browser, exceljs loaded on click. */
const useExportAttendants = () => {
  const { t } = useTranslation('dashboard')
  const [busy, setBusy] = useState(false)
  const run = async (attendants: readonly DashboardAttendant[]) => {
    setBusy(true)
    try {
      const [name, rating, countRating, tickets, avgWait, avgSupport, status] =
        ATTENDANT_COLUMNS.map((column) => t(`attendants.columns.${column}`))
      const rows = attendantsSheetRows(attendants, {
        header: [name!, rating!, countRating!, tickets!, avgWait!, avgSupport!, status!],
        online: t('attendants.online'),
        offline: t('attendants.offline'),
      })
      const content = await buildAttendantsWorkbook(rows, t('attendants.sheetName'))
      downloadFile(content, ATTENDANTS_SHEET_FILE, XLSX_TYPE)
    } catch (error) {
      notifyError(error)
    } finally {
      setBusy(false)
    }
  }
  return { busy, run: (attendants: readonly DashboardAttendant[]) => void run(attendants) }
}

/**
 * The Atendentes tab (000 §2): the attendants' table with its export, the attendances per
 * attendant and the tickets per day or hour over a period of their own.
 */
export const AttendantsTab = ({ period }: { period: DashboardPeriod }) => {
  const { t } = useTranslation('dashboard')
  const styles = useAttendantsTabStyles()
  const summary = useQuery(dashboardQueries.summary(period))
  const exporter = useExportAttendants()
  const titleId = useId()
  const attendants = summary.data?.attendants

  let table
  if (summary.isError) {
    table = (
      <LoadFailure
        title={t('attendants.loadError')}
        description={errorMessage(summary.error)}
        retryLabel={t('cards.retry')}
        onRetry={() => void summary.refetch()}
      />
    )
  } else if (!attendants) {
    table = (
      <Skeleton aria-label={t('attendants.loading')}>
        <SkeletonItem size={40} />
        <SkeletonItem size={40} />
        <SkeletonItem size={40} />
      </Skeleton>
    )
  } else if (attendants.length === 0) {
    table = <EmptyState icon={<PeopleRegular />} title={t('attendants.empty')} />
  } else {
    table = <AttendantsTable attendants={attendants} />
  }

  return (
    <div className={styles.root}>
      <section className={styles.section} aria-labelledby={titleId}>
        <div className={styles.toolbar}>
          <Subtitle2 as="h2" id={titleId} className={styles.heading}>
            {t('attendants.title')}
          </Subtitle2>
          <BusyButton
            appearance="secondary"
            icon={<ArrowDownloadRegular />}
            busy={exporter.busy}
            disabled={!attendants || attendants.length === 0}
            onClick={() => attendants && exporter.run(attendants)}
          >
            {t('attendants.export')}
          </BusyButton>
        </div>
        {table}
      </section>
      <div className={styles.charts}>
        <div className={styles.section}>
          <TicketsPerUserChart period={period} />
        </div>
        <div className={styles.section}>
          <TicketsPerDayChart initialPeriod={period} />
        </div>
      </div>
    </div>
  )
}
