import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactElement, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '@renderer/components/EmptyState'
import { LoadFailure } from '@renderer/components/LoadFailure'
import { PageHeader } from '@renderer/components/PageHeader'
import { PageSpinner } from '@renderer/components/PageSpinner'
import { errorMessage } from '@renderer/lib/notify'
import { useConnectionsSectionStyles } from './ConnectionsSection.styles'

export interface ConnectionsSectionProps {
  title: string
  count?: number
  /** The header's buttons. */
  actions: ReactNode
  /** The list's request: a spinner while pending, its error with a retry once failed. */
  list: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'error' | 'refetch'>
  isEmpty: boolean
  emptyIcon: ReactElement
  emptyDescription: string
  /** What the loaded list shows: the table. */
  table: ReactNode
  /** The dialogs the page opens (connection, QR code, delete question). */
  children?: ReactNode
}

/**
 * A connections page (001 §2 /connections and /allConnections): the header, then the list's
 * table, its loading and failure states or its empty text, and the page's dialogs.
 */
export const ConnectionsSection = ({
  title,
  count,
  actions,
  list,
  isEmpty,
  emptyIcon,
  emptyDescription,
  table,
  children,
}: ConnectionsSectionProps) => {
  const { t } = useTranslation('connections')
  const styles = useConnectionsSectionStyles()

  const renderBody = () => {
    if (list.isPending) return <PageSpinner />
    if (list.isError)
      return (
        <LoadFailure
          title={t('loadError.title')}
          description={errorMessage(list.error)}
          retryLabel={t('actions.retry')}
          onRetry={() => void list.refetch()}
        />
      )
    if (isEmpty)
      return <EmptyState icon={emptyIcon} title={t('empty.title')} description={emptyDescription} />
    return table
  }

  return (
    <section className={styles.root}>
      <PageHeader title={title} count={count} actions={actions} />
      {renderBody()}
      {children}
    </section>
  )
}
