import { Spinner } from '@fluentui/react-components'
import { DocumentSearchRegular } from '@fluentui/react-icons'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { REPORT_DEFAULT_PAGE_SIZE, type ReportRow } from '@shared/contracts/reports'
import { EmptyState } from '@renderer/components/EmptyState'
import { LoadFailure } from '@renderer/components/LoadFailure'
import { PageHeader } from '@renderer/components/PageHeader'
import { TicketLogDialog } from '@renderer/features/tickets'
import { errorMessage } from '@renderer/lib/notify'
import { ExportProgressBar } from '../components/ExportProgressBar'
import { ReportFiltersForm } from '../components/ReportFiltersForm'
import { ReportPager } from '../components/ReportPager'
import { ReportTable } from '../components/ReportTable'
import { EMPTY_REPORT_FILTERS, toReportQuery, type ReportFilters } from '../filters'
import { useReportExport } from '../hooks/useReportExport'
import { reportQueries } from '../queries'
import { useReportsPageStyles } from './ReportsPage.styles'

/** The attendance report (002 §2.23): filters, a paged table, the Excel export. */
export const ReportsPage = () => {
  const { t } = useTranslation('reports')
  const styles = useReportsPageStyles()
  const navigate = useNavigate()
  const [filters, setFilters] = useState<ReportFilters>(EMPTY_REPORT_FILTERS)
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = useState(REPORT_DEFAULT_PAGE_SIZE)
  const [logRow, setLogRow] = useState<ReportRow | null>(null)
  const report = useQuery(reportQueries.page(toReportQuery(filters, { page, pageSize })))
  const exporting = useReportExport()

  const total = Number(report.data?.totalTickets.total ?? 0)
  const rows = report.data?.tickets ?? []

  const handleFilter = (next: ReportFilters) => {
    setFilters(next)
    setPage(1)
  }
  const handlePageSize = (next: number) => {
    // The first row shown stays on the page shown.
    setPage(Math.floor(((page - 1) * pageSize) / next) + 1)
    setPageSize(next)
  }

  const renderResults = () => {
    if (report.isPending) {
      return (
        <div className={styles.state}>
          <Spinner label={t('table.loading')} />
        </div>
      )
    }
    // A failed page is said even while the previous page is kept as a placeholder.
    if (report.isError) {
      return (
        <LoadFailure
          title={t('table.loadFailed')}
          description={errorMessage(report.error)}
          retryLabel={t('table.retry')}
          onRetry={() => void report.refetch()}
        />
      )
    }
    return (
      <>
        {rows.length === 0 ? (
          <EmptyState icon={<DocumentSearchRegular />} title={t('table.empty')} />
        ) : (
          <ReportTable
            rows={rows}
            onShowLog={setLogRow}
            onOpenTicket={(row) => void navigate(`/tickets/${row.uuid}`)}
          />
        )}
        <ReportPager
          page={page}
          pageSize={pageSize}
          total={total}
          onPageChange={setPage}
          onPageSizeChange={handlePageSize}
        />
      </>
    )
  }

  return (
    <div className={styles.root}>
      <PageHeader title={t('title')} />
      <ReportFiltersForm
        defaultValues={EMPTY_REPORT_FILTERS}
        onFilter={handleFilter}
        onExport={exporting.start}
        exporting={exporting.progress !== null}
      />
      {exporting.progress && (
        <ExportProgressBar progress={exporting.progress} onCancel={exporting.cancel} />
      )}
      <section
        className={styles.results}
        aria-busy={report.isFetching}
        aria-label={t('table.label')}
      >
        {renderResults()}
      </section>
      {logRow && <TicketLogDialog open ticketId={logRow.id} onClose={() => setLogRow(null)} />}
    </div>
  )
}
