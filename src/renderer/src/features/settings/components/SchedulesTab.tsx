import { Caption1, Spinner } from '@fluentui/react-components'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ServiceHours } from '@shared/contracts/service-hours'
import { BusyButton } from '@renderer/components/BusyButton'
import { EmptyState } from '@renderer/components/EmptyState'
import {
  isValidServiceHours,
  ServiceHoursEditor,
  serviceHoursOrDefault,
} from '@renderer/components/ServiceHoursEditor'
import { notifySuccess } from '@renderer/lib/notify'
import { useUpdateSchedulesMutation } from '../mutations'
import { settingsQueries } from '../queries'
import { useSettingsTabStyles } from './SettingsTab.styles'

/** Horários: the company's service hours, used when scheduleType is company (001 §2). */
export const SchedulesTab = ({ companyId }: { companyId: number }) => {
  const { t } = useTranslation('settings')
  const stored = useQuery(settingsQueries.schedules(companyId))
  if (stored.isPending) return <Spinner label={t('loading')} />
  if (stored.isError) return <EmptyState title={t('loadError')} />
  return <SchedulesForm companyId={companyId} initial={serviceHoursOrDefault(stored.data)} />
}

const SchedulesForm = ({ companyId, initial }: { companyId: number; initial: ServiceHours }) => {
  const { t } = useTranslation('settings')
  const styles = useSettingsTabStyles()
  const [schedules, setSchedules] = useState(initial)
  const save = useUpdateSchedulesMutation(companyId)
  const valid = isValidServiceHours(schedules)

  const handleSave = () =>
    save.mutate(schedules, { onSuccess: () => notifySuccess(t('toasts.schedulesSaved')) })

  return (
    <div className={styles.block}>
      <ServiceHoursEditor value={schedules} onChange={setSchedules} disabled={save.isPending} />
      <div className={styles.actions}>
        <Caption1>{t('schedules.hint')}</Caption1>
        <BusyButton busy={save.isPending} disabled={!valid} onClick={handleSave}>
          {t('actions.save')}
        </BusyButton>
      </div>
    </div>
  )
}
