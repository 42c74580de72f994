import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Caption1,
  Tab,
  TabList,
} from '@fluentui/react-components'
import { CalendarLtrRegular } from '@fluentui/react-icons'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@renderer/components/PageHeader'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { formatDay } from '@renderer/lib/format'
import type { DashboardPeriod } from '../api'
import { AttendantsTab } from '../components/AttendantsTab'
import { IndicatorsTab } from '../components/IndicatorsTab'
import { NpsTab } from '../components/NpsTab'
import { PeriodForm } from '../components/PeriodForm'
import { defaultPeriod } from '../lib/period'
import { useDashboardPageStyles } from './DashboardPage.styles'

const TABS = ['indicators', 'nps', 'attendants'] as const
type DashboardTab = (typeof TABS)[number]
const isTab = (value: unknown): value is DashboardTab =>
  (TABS as readonly unknown[]).includes(value)

/**
 * / (000 §2 Dashboard): a collapsible period filter (the last 30 days in the company's time zone
 * unless chosen) and the tabs Indicadores, NPS and Atendentes, each reading what it shows. The
 * route's gate keeps it to admins and users with showDashboard.
 */
export const DashboardPage = () => {
  const { t, i18n } = useTranslation('dashboard')
  const styles = useDashboardPageStyles()
  const { timezone } = useCurrentUser().company
  const [period, setPeriod] = useState<DashboardPeriod>(() => defaultPeriod(timezone))
  const [tab, setTab] = useState<DashboardTab>('indicators')
  const baseId = useId()
  const tabId = (value: DashboardTab) => `${baseId}-tab-${value}`
  const panelId = `${baseId}-panel`
  const range = t('filter.current', {
    from: formatDay(period.from, i18n.language),
    to: formatDay(period.to, i18n.language),
  })
  return (
    <section className={styles.root}>
      <PageHeader title={t('title')} />
      <div className={styles.content}>
        <Accordion collapsible defaultOpenItems={['filter']} className={styles.filter}>
          <AccordionItem value="filter">
            <AccordionHeader icon={<CalendarLtrRegular />}>
              {t('filter.title')}
              <Caption1 className={styles.range}>{range}</Caption1>
            </AccordionHeader>
            <AccordionPanel className={styles.filterPanel}>
              <PeriodForm period={period} onFilter={setPeriod} />
            </AccordionPanel>
          </AccordionItem>
        </Accordion>
        <TabList
          className={styles.tabs}
          selectedValue={tab}
          onTabSelect={(_event, data) => {
            if (isTab(data.value)) setTab(data.value)
          }}
          aria-label={t('tabs.label')}
        >
          {TABS.map((value) => (
            <Tab key={value} value={value} id={tabId(value)} aria-controls={panelId}>
              {t(`tabs.${value}`)}
            </Tab>
          ))}
        </TabList>
        <div id={panelId} role="tabpanel" aria-labelledby={tabId(tab)} className={styles.panel}>
          {tab === 'indicators' && <IndicatorsTab period={period} />}
          {tab === 'nps' && <NpsTab period={period} />}
          {/* Keyed by period: the per-day chart starts again from the page's period. */}
          {tab === 'attendants' && (
            <AttendantsTab key={`${period.from}:${period.to}`} period={period} />
          )}
        </div>
      </div>
    </section>
  )
}
