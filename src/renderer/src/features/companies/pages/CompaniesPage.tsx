import { useTranslation } from 'react-i18next'
import { PageHeader } from '@renderer/components/PageHeader'
import { CompaniesManager } from '../components/CompaniesManager'
import { useCompaniesPageStyles } from './CompaniesPage.styles'

/** /companies (001 §2): the super user's companies; the route gate keeps everyone else out. */
export const CompaniesPage = () => {
  const { t } = useTranslation('companies')
  const styles = useCompaniesPageStyles()
  return (
    <section className={styles.root}>
      <PageHeader title={t('title')} />
      <CompaniesManager />
    </section>
  )
}
