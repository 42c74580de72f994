import { Spinner } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useFullPageSpinnerStyles } from './FullPageSpinner.styles'

/** Fills the window while the app cannot show anything else yet (session restore, lazy pages). */
export const FullPageSpinner = () => {
  const styles = useFullPageSpinnerStyles()
  const { t } = useTranslation('common')
  return (
    <div className={styles.root}>
      <Spinner label={t('loading')} />
    </div>
  )
}
