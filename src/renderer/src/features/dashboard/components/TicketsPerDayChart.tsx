import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DashboardPeriod } from '../api'
import { useChartColors } from '../lib/chart-colors'
import { ticketsPerDaySeries } from '../lib/tickets-per-day'
import { dashboardQueries } from '../queries'
import { ChartFrame } from './ChartFrame'
import { ChartState } from './ChartState'
import { PeriodForm } from './PeriodForm'
import { TicketsBarChart } from './TicketsBarChart'

/**
 * Tickets created per day, or per hour when the period is one day (GET /dashboard/ticketsDay),
 * over a period of its own, chosen beside it with 'Filtrar' (000 §2).
 */
export const TicketsPerDayChart = ({ initialPeriod }: { initialPeriod: DashboardPeriod }) => {
  const { t, i18n } = useTranslation('dashboard')
  const colors = useChartColors()
  const [period, setPeriod] = useState(initialPeriod)
  const query = useQuery(dashboardQueries.ticketsPerDay(period))
  const number = new Intl.NumberFormat(i18n.language)
  return (
    <>
      <PeriodForm period={period} onFilter={setPeriod} />
      <ChartState query={query} isEmpty={(answer) => answer.data.length === 0}>
        {(answer) => {
          const series = ticketsPerDaySeries(answer, period, i18n.language)
          const titleOf = (point: { key: string; label: string }) =>
            series.kind === 'hour' ? t('charts.perDay.hourRange', { hour: point.key }) : point.label
          const total = series.points.reduce((sum, point) => sum + point.total, 0)
          return (
            <ChartFrame
              title={t(
                series.kind === 'hour' ? 'charts.perDay.titleHour' : 'charts.perDay.titleDay',
              )}
              summary={t('charts.perDay.summary', { total: number.format(total) })}
              data={{
                columns: [
                  t(series.kind === 'hour' ? 'charts.perDay.hour' : 'charts.perDay.day'),
                  t('charts.tickets'),
                ],
                rows: series.points.map(
                  (point) => [titleOf(point), number.format(point.total)] as const,
                ),
              }}
            >
              <TicketsBarChart
                points={series.points}
                color={colors.secondary}
                seriesName={t('charts.tickets')}
                tooltipTitle={titleOf}
              />
            </ChartFrame>
          )
        }}
      </ChartState>
    </>
  )
}
