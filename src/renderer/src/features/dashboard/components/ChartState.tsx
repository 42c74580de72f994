import { Skeleton, SkeletonItem } from '@fluentui/react-components'
import { DataBarVerticalRegular } from '@fluentui/react-icons'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '@renderer/components/EmptyState'
import { LoadFailure } from '@renderer/components/LoadFailure'
import { errorMessage } from '@renderer/lib/notify'

export interface ChartStateProps<T> {
  query: UseQueryResult<T>
  /** Whether the answer has nothing to draw. */
  isEmpty: (data: T) => boolean
  children: (data: T) => ReactNode
}

/**
 * A chart's read: a skeleton while it loads, 'Erro ao buscar informações dos tickets' with a
 * retry when it fails (000 §8), a notice when the period has no tickets, else the chart.
 */
export const ChartState = <T,>({ query, isEmpty, children }: ChartStateProps<T>) => {
  const { t } = useTranslation('dashboard')
  if (query.isError) {
    return (
      <LoadFailure
        title={t('charts.error')}
        description={errorMessage(query.error)}
        retryLabel={t('cards.retry')}
        onRetry={() => void query.refetch()}
      />
    )
  }
  if (query.data === undefined) {
    return (
      <Skeleton aria-label={t('charts.loading')}>
        <SkeletonItem size={128} />
      </Skeleton>
    )
  }
  if (isEmpty(query.data)) {
    return (
      <EmptyState
        icon={<DataBarVerticalRegular />}
        title={t('charts.empty.title')}
        description={t('charts.empty.description')}
      />
    )
  }
  return <>{children(query.data)}</>
}
