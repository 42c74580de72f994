import { Input } from '@fluentui/react-components'
import { SearchRegular } from '@fluentui/react-icons'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '@renderer/lib/notify'
import { EmptyState } from './EmptyState'
import { LoadFailure } from './LoadFailure'
import { PageHeader } from './PageHeader'
import { useSearchListPageStyles } from './SearchListPage.styles'

export interface SearchListPageProps {
  /**
   * The page's namespace, with its `title`, `search.placeholder` and `search.label`,
   * `empty.title`, `empty.description`, `empty.searchTitle`, `empty.searchDescription`,
   * `loadError.title` and `actions.retry`.
   */
  namespace: string
  /** The records the search finds, once known. */
  count: number | undefined
  search: string
  onSearchChange: (value: string) => void
  /** The search the list shows (the typed one, debounced). */
  searchParam: string
  addButton: ReactNode
  /** The list's first page: loading, failed (and its retry). */
  list: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }
  /** No record is loaded. */
  isEmpty: boolean
  /** Shown while the first page loads, in the table's shape. */
  skeleton: ReactNode
  /** The empty state's picture when there is no record at all. */
  emptyIcon: ReactNode
  /** The table, shown once there are records. */
  children: ReactNode
  /** The page's dialogs. */
  dialogs?: ReactNode
}

/**
 * A page of records searched by name (prompts, file lists, integrations, flows): the title with
 * the count, the search and the add button, then the first load's skeleton, its failure with a
 * retry, the empty states (nothing yet, nothing found) or the table.
 */
export const SearchListPage = ({
  namespace,
  count,
  search,
  onSearchChange,
  searchParam,
  addButton,
  list,
  isEmpty,
  skeleton,
  emptyIcon,
  children,
  dialogs,
}: SearchListPageProps) => {
  const { t } = useTranslation(namespace)
  const styles = useSearchListPageStyles()

  const renderBody = () => {
    if (list.isPending) return skeleton
    if (list.isError && isEmpty) {
      return (
        <LoadFailure
          title={t('loadError.title')}
          description={errorMessage(list.error)}
          retryLabel={t('actions.retry')}
          onRetry={() => void list.refetch()}
        />
      )
    }
    if (!isEmpty) return children
    return searchParam ? (
      <EmptyState
        icon={<SearchRegular />}
        title={t('empty.searchTitle')}
        description={t('empty.searchDescription', { search: searchParam })}
      />
    ) : (
      <EmptyState
        icon={emptyIcon}
        title={t('empty.title')}
        description={t('empty.description')}
        actions={addButton}
      />
    )
  }

  return (
    <section className={styles.root}>
      <PageHeader
        title={t('title')}
        count={count}
        actions={
          <>
            <Input
              className={styles.search}
              type="search"
              value={search}
              onChange={(_event, data) => onSearchChange(data.value)}
              contentBefore={<SearchRegular />}
              placeholder={t('search.placeholder')}
              aria-label={t('search.label')}
            />
            {addButton}
          </>
        }
      />
      {renderBody()}
      {dialogs}
    </section>
  )
}
