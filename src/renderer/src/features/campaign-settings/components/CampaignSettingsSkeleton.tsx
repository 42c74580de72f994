import { Skeleton, SkeletonItem } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useCampaignSettingsSkeletonStyles } from './CampaignSettingsSkeleton.styles'

/** Fields per section of the form, so the page keeps its shape when the settings arrive. */
const SECTIONS = [3, 2, 1, 2]

/** The settings form's shape while the stored settings load. */
export const CampaignSettingsSkeleton = () => {
  const { t } = useTranslation('campaignSettings')
  const styles = useCampaignSettingsSkeletonStyles()
  return (
    <Skeleton className={styles.root} aria-label={t('loading')}>
      {SECTIONS.map((fields, section) => (
        <div key={section} className={styles.block}>
          <SkeletonItem className={styles.title} size={20} />
          <div className={styles.grid}>
            {Array.from({ length: fields }, (_, field) => (
              <SkeletonItem key={field} size={32} />
            ))}
          </div>
        </div>
      ))}
    </Skeleton>
  )
}
