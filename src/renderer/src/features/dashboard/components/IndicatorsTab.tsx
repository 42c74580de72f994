import {
  ArrowDownloadRegular,
  ArrowUploadRegular,
  CheckmarkCircleRegular,
  ClockRegular,
  HourglassHalfRegular,
  PeopleCommunityRegular,
  PersonAddRegular,
  PersonAvailableRegular,
  PhoneArrowRightRegular,
  PhoneRegular,
  TimerRegular,
  ChatRegular,
} from '@fluentui/react-icons'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { DashboardCounters } from '@shared/contracts/dashboard'
import type { DashboardPeriod } from '../api'
import { formatMinutes } from '../lib/minutes'
import { dashboardQueries } from '../queries'
import { StatCard } from './StatCard'
import { useIndicatorsTabStyles } from './IndicatorsTab.styles'

type CountCard = keyof Pick<
  DashboardCounters,
  | 'supportHappening'
  | 'supportPending'
  | 'supportFinished'
  | 'supportGroups'
  | 'leads'
  | 'activeTickets'
  | 'passiveTickets'
>
type TimeCard = keyof Pick<DashboardCounters, 'avgSupportTime' | 'avgWaitTime'>

const COUNT_ICONS: Record<CountCard, ReactNode> = {
  supportHappening: <ChatRegular />,
  supportPending: <HourglassHalfRegular />,
  supportFinished: <CheckmarkCircleRegular />,
  supportGroups: <PeopleCommunityRegular />,
  leads: <PersonAddRegular />,
  activeTickets: <PhoneArrowRightRegular />,
  passiveTickets: <PhoneRegular />,
}
const TIME_ICONS: Record<TimeCard, ReactNode> = {
  avgSupportTime: <TimerRegular />,
  avgWaitTime: <ClockRegular />,
}

/**
 * The Indicadores tab (000 §2): the period's counters from GET /dashboard, the attendants online
 * and the messages received and sent (GET /messages-allMe), each card with what it means.
 */
export const IndicatorsTab = ({ period }: { period: DashboardPeriod }) => {
  const { t, i18n } = useTranslation('dashboard')
  const styles = useIndicatorsTabStyles()
  const summary = useQuery(dashboardQueries.summary(period))
  const received = useQuery(dashboardQueries.messages(period, false))
  const sent = useQuery(dashboardQueries.messages(period, true))
  const number = new Intl.NumberFormat(i18n.language)
  const counters = summary.data?.counters
  const attendants = summary.data?.attendants ?? []
  const summaryState = {
    loading: summary.isPending,
    onRetry: summary.isError ? () => void summary.refetch() : undefined,
  }
  const countCard = (key: CountCard) => (
    <StatCard
      key={key}
      icon={COUNT_ICONS[key]}
      title={t(`cards.${key}.title`)}
      help={t(`cards.${key}.help`)}
      value={counters ? number.format(counters[key]) : undefined}
      {...summaryState}
    />
  )
  const timeCard = (key: TimeCard) => (
    <StatCard
      key={key}
      icon={TIME_ICONS[key]}
      title={t(`cards.${key}.title`)}
      help={t(`cards.${key}.help`)}
      value={counters ? formatMinutes(counters[key]) : undefined}
      {...summaryState}
    />
  )
  const online = attendants.filter((attendant) => attendant.online).length
  return (
    <div className={styles.grid}>
      {countCard('supportHappening')}
      {countCard('supportPending')}
      {countCard('supportFinished')}
      {countCard('supportGroups')}
      <StatCard
        icon={<PersonAvailableRegular />}
        title={t('cards.attendantsOnline.title')}
        help={t('cards.attendantsOnline.help')}
        value={`${number.format(online)}/${number.format(attendants.length)}`}
        detail={t('cards.attendantsOnline.detail', { online, total: attendants.length })}
        {...summaryState}
      />
      {countCard('leads')}
      <StatCard
        icon={<ArrowDownloadRegular />}
        title={t('cards.messagesReceived.title')}
        help={t('cards.messagesReceived.help')}
        value={received.data === undefined ? undefined : number.format(received.data)}
        loading={received.isPending}
        onRetry={received.isError ? () => void received.refetch() : undefined}
      />
      <StatCard
        icon={<ArrowUploadRegular />}
        title={t('cards.messagesSent.title')}
        help={t('cards.messagesSent.help')}
        value={sent.data === undefined ? undefined : number.format(sent.data)}
        loading={sent.isPending}
        onRetry={sent.isError ? () => void sent.refetch() : undefined}
      />
      {timeCard('avgSupportTime')}
      {timeCard('avgWaitTime')}
      {countCard('activeTickets')}
      {countCard('passiveTickets')}
    </div>
  )
}
