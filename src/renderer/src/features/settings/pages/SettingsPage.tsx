import { Tab, TabList } from '@fluentui/react-components'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isAdmin, isSuper } from '@shared/permissions'
import { NoAccess } from '@renderer/components/NoAccess'
import { PageHeader } from '@renderer/components/PageHeader'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { CompaniesManager, PlansManager } from '@renderer/features/companies'
import { HelpsManager } from '@renderer/features/helps'
import { OptionsTab } from '../components/OptionsTab'
import { SchedulesTab } from '../components/SchedulesTab'
import { WhitelabelTab } from '../components/WhitelabelTab'
import { settingsQueries } from '../queries'
import { useSettingsPageStyles } from './SettingsPage.styles'

type TabValue = 'options' | 'schedules' | 'companies' | 'plans' | 'helps' | 'whitelabel'

/**
 * /settings (001 §2): Options for every admin, Horários when the company's hours apply, and the
 * platform tabs for the super user. A profile user sees the no-access view.
 */
export const SettingsPage = () => {
  const user = useCurrentUser()
  return isAdmin(user) ? (
    <SettingsScreen companyId={user.companyId} isSuper={isSuper(user)} />
  ) : (
    <NoAccess />
  )
}

const SettingsScreen = ({ companyId, isSuper }: { companyId: number; isSuper: boolean }) => {
  const { t } = useTranslation('settings')
  const styles = useSettingsPageStyles()
  const [tab, setTab] = useState<TabValue>('options')
  const settings = useQuery(settingsQueries.company(companyId))
  const companyHours = settings.data?.scheduleType === 'company'

  const tabs: TabValue[] = [
    'options',
    ...(companyHours ? (['schedules'] as const) : []),
    ...(isSuper ? (['companies', 'plans', 'helps', 'whitelabel'] as const) : []),
  ]
  // The Horários tab leaves when scheduleType changes away from company.
  const current = tabs.includes(tab) ? tab : 'options'

  return (
    <section className={styles.root}>
      <PageHeader title={t('title')} />
      <TabList
        className={styles.tabs}
        selectedValue={current}
        onTabSelect={(_event, data) => setTab(data.value as TabValue)}
        aria-label={t('title')}
      >
        {tabs.map((value) => (
          <Tab key={value} value={value}>
            {t(`tabs.${value}`)}
          </Tab>
        ))}
      </TabList>
      <div className={styles.panel} role="tabpanel" aria-label={t(`tabs.${current}`)}>
        {current === 'options' && <OptionsTab companyId={companyId} isSuper={isSuper} />}
        {current === 'schedules' && <SchedulesTab companyId={companyId} />}
        {current === 'companies' && <CompaniesManager />}
        {current === 'plans' && <PlansManager />}
        {current === 'helps' && <HelpsManager />}
        {current === 'whitelabel' && <WhitelabelTab />}
      </div>
    </section>
  )
}
