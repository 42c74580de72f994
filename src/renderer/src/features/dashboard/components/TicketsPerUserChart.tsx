import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { DashboardPeriod } from '../api'
import { useChartColors } from '../lib/chart-colors'
import { dashboardQueries } from '../queries'
import { ChartFrame } from './ChartFrame'
import { ChartState } from './ChartState'
import { TicketsBarChart } from './TicketsBarChart'

/** Attendances of the period per attendant (GET /dashboard/ticketsUsers), every one listed. */
export const TicketsPerUserChart = ({ period }: { period: DashboardPeriod }) => {
  const { t, i18n } = useTranslation('dashboard')
  const colors = useChartColors()
  const query = useQuery(dashboardQueries.ticketsPerUser(period))
  const number = new Intl.NumberFormat(i18n.language)
  return (
    <ChartState
      query={query}
      isEmpty={(answer) => answer.data.every((row) => row.quantidade === 0)}
    >
      {(answer) => {
        const points = answer.data.map((row, index) => ({
          key: `${index}-${row.nome}`,
          label: row.nome,
          total: row.quantidade,
        }))
        const top = points.reduce((best, point) => (point.total > best.total ? point : best))
        return (
          <ChartFrame
            title={t('charts.perUser.title')}
            summary={t('charts.perUser.summary', {
              users: points.length,
              top: top.label,
              total: number.format(top.total),
            })}
            data={{
              columns: [t('charts.perUser.user'), t('charts.tickets')],
              rows: points.map((point) => [point.label, number.format(point.total)] as const),
            }}
          >
            <TicketsBarChart
              points={points}
              color={colors.primary}
              seriesName={t('charts.tickets')}
            />
          </ChartFrame>
        )
      }}
    </ChartState>
  )
}
