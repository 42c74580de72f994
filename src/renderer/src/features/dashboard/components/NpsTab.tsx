import { Skeleton, SkeletonItem, Text } from '@fluentui/react-components'
import {
  ChatBubblesQuestionRegular,
  CheckmarkStarburstRegular,
  DataPieRegular,
  StarOffRegular,
  StarRegular,
} from '@fluentui/react-icons'
import { useQuery } from '@tanstack/react-query'
import type { ReactElement } from 'react'
import { Cell, Pie, PieChart, ResponsiveContainer } from 'recharts'
import { tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { LoadFailure } from '@renderer/components/LoadFailure'
import { errorMessage } from '@renderer/lib/notify'
import type { DashboardCounters } from '@shared/contracts/dashboard'
import type { DashboardPeriod } from '../api'
import { useChartColors } from '../lib/chart-colors'
import { dashboardQueries } from '../queries'
import { ChartFrame } from './ChartFrame'
import { StatCard } from './StatCard'
import { useNpsTabStyles } from './NpsTab.styles'

interface DonutProps {
  label: string
  /** What the centre writes. */
  text: string
  /** The filled share of the ring, 0–100. */
  share: number
  color: string
}

/** One ring: the share in colour over a neutral track, its figure in the middle. */
const Donut = ({ label, text, share, color }: DonutProps) => {
  const styles = useNpsTabStyles()
  const filled = Math.min(100, Math.max(0, share))
  const data = [
    { name: 'value', value: filled },
    { name: 'rest', value: 100 - filled },
  ]
  return (
    <div className={styles.donut}>
      <div className={styles.ring}>
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie
              data={data}
              dataKey="value"
              innerRadius="68%"
              outerRadius="95%"
              startAngle={90}
              endAngle={-270}
              stroke="none"
              isAnimationActive={false}
            >
              <Cell fill={color} />
              <Cell fill={tokens.colorNeutralStroke2} />
            </Pie>
          </PieChart>
        </ResponsiveContainer>
        <span className={styles.center}>{text}</span>
      </div>
      <Text className={styles.label}>{label}</Text>
    </div>
  )
}

type SummaryFigure = keyof Pick<
  DashboardCounters,
  'tickets' | 'waitRating' | 'withoutRating' | 'withRating' | 'percRating'
>
const SUMMARY: readonly [SummaryFigure, ReactElement][] = [
  ['tickets', <ChatBubblesQuestionRegular key="tickets" />],
  ['waitRating', <StarRegular key="waitRating" />],
  ['withoutRating', <StarOffRegular key="withoutRating" />],
  ['withRating', <CheckmarkStarburstRegular key="withRating" />],
  ['percRating', <DataPieRegular key="percRating" />],
]

/**
 * The NPS tab (000 §2): the score and the shares of promoters, neutrals and detractors as rings,
 * then the period's rated and unrated attendances.
 */
export const NpsTab = ({ period }: { period: DashboardPeriod }) => {
  const { t, i18n } = useTranslation('dashboard')
  const styles = useNpsTabStyles()
  const colors = useChartColors()
  const summary = useQuery(dashboardQueries.summary(period))
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 })
  const percent = (value: number) => t('nps.percent', { value: number.format(value) })

  if (summary.isError) {
    return (
      <LoadFailure
        title={t('charts.error')}
        description={errorMessage(summary.error)}
        retryLabel={t('cards.retry')}
        onRetry={() => void summary.refetch()}
      />
    )
  }
  const counters = summary.data?.counters
  if (!counters) {
    return (
      <Skeleton aria-label={t('nps.loading')} className={styles.donuts}>
        {[0, 1, 2, 3].map((index) => (
          <SkeletonItem key={index} shape="circle" size={128} />
        ))}
      </Skeleton>
    )
  }
  const rings: DonutProps[] = [
    {
      label: t('nps.score'),
      text: number.format(counters.npsScore),
      share: Math.abs(counters.npsScore),
      color: counters.npsScore < 0 ? colors.detractors : colors.primary,
    },
    {
      label: t('nps.promoters'),
      text: percent(counters.npsPromotersPerc),
      share: counters.npsPromotersPerc,
      color: colors.promoters,
    },
    {
      label: t('nps.neutral'),
      text: percent(counters.npsPassivePerc),
      share: counters.npsPassivePerc,
      color: colors.neutral,
    },
    {
      label: t('nps.detractors'),
      text: percent(counters.npsDetractorsPerc),
      share: counters.npsDetractorsPerc,
      color: colors.detractors,
    },
  ]
  return (
    <div className={styles.root}>
      <ChartFrame
        title={t('nps.title')}
        summary={t('nps.summary', {
          score: rings[0]!.text,
          promoters: rings[1]!.text,
          neutral: rings[2]!.text,
          detractors: rings[3]!.text,
        })}
        data={{
          columns: [t('nps.figure'), t('nps.value')],
          rows: rings.map((ring) => [ring.label, ring.text] as const),
        }}
      >
        <div className={styles.donuts}>
          {rings.map((ring) => (
            <Donut key={ring.label} {...ring} />
          ))}
        </div>
      </ChartFrame>
      <div className={styles.summary}>
        {SUMMARY.map(([key, icon]) => (
          <StatCard
            key={key}
            icon={icon}
            title={t(`cards.${key}.title`)}
            help={t(`cards.${key}.help`)}
            value={key === 'percRating' ? percent(counters[key]) : number.format(counters[key])}
            loading={false}
          />
        ))}
      </div>
    </div>
  )
}
