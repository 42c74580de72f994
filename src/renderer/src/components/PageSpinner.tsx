import { Spinner } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { usePageSpinnerStyles } from './PageSpinner.styles'

/** Fills a page's area while its data or code loads. */
export const PageSpinner = () => {
  const styles = usePageSpinnerStyles()
  const { t } = useTranslation('common')
  return (
    <div className={styles.root}>
      <Spinner label={t('loading')} />
    </div>
  )
}
