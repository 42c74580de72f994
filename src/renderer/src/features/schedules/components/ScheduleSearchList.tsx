import { Button, Caption1, Spinner, Subtitle2, Text, Tooltip } from '@fluentui/react-components'
import { DismissRegular } from '@fluentui/react-icons'
import { useId, type UIEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { ScheduleDto } from '@shared/contracts/schedules'
import { formatDateTime } from '@renderer/lib/format'
import { errorMessage } from '@renderer/lib/notify'
import type { ScheduleSearch } from '../hooks/useScheduleSearch'
import { ScheduleStatusBadge } from './ScheduleStatus'
import { useScheduleSearchListStyles } from './ScheduleSearchList.styles'

/** 002 §9: the next page loads when the list is scrolled within 100 px of its end. */
const LOAD_MORE_DISTANCE_PX = 100

export interface ScheduleSearchListProps {
  search: Pick<ScheduleSearch, 'searchParam' | 'list' | 'rows' | 'count' | 'loadMore'>
  className?: string
  onOpen: (schedule: ScheduleDto) => void
  onClear: () => void
}

/**
 * The schedules the toolbar's search finds, newest first, read page by page: each with its
 * contact, status, send time and text, opened by a click.
 */
export const ScheduleSearchList = ({
  search: { searchParam, list, rows, count, loadMore },
  className,
  onOpen,
  onClear,
}: ScheduleSearchListProps) => {
  const { t, i18n } = useTranslation('schedules')
  const styles = useScheduleSearchListStyles()
  const titleId = useId()
  const { hasNextPage, isFetchingNextPage } = list

  const handleScroll = (event: UIEvent<HTMLDivElement>) => {
    const { scrollTop, scrollHeight, clientHeight } = event.currentTarget
    if (hasNextPage && scrollHeight - scrollTop - clientHeight < LOAD_MORE_DISTANCE_PX) loadMore()
  }

  const renderState = () => {
    if (list.isPending) return <Spinner size="tiny" label={t('results.loading')} />
    if (list.isError && rows.length === 0) {
      return (
        <>
          <Text>{t('results.loadError', { reason: errorMessage(list.error) })}</Text>
          <Button size="small" onClick={() => void list.refetch()}>
            {t('actions.retry')}
          </Button>
        </>
      )
    }
    return rows.length === 0 ? <Text>{t('results.none', { search: searchParam })}</Text> : null
  }
  const state = renderState()

  return (
    <aside className={className} aria-labelledby={titleId}>
      <div className={styles.root}>
        <div className={styles.header}>
          <Subtitle2 as="h2" id={titleId} className={styles.title}>
            {t('results.title', { search: searchParam })}
          </Subtitle2>
          {count !== undefined && <Caption1 className={styles.count}>({count})</Caption1>}
          <Tooltip content={t('actions.clearSearch')} relationship="label">
            <Button appearance="subtle" size="small" icon={<DismissRegular />} onClick={onClear} />
          </Tooltip>
        </div>
        <div className={styles.scroller} onScroll={handleScroll}>
          {state && <div className={styles.state}>{state}</div>}
          {rows.length > 0 && (
            <ul className={styles.list}>
              {rows.map((schedule) => (
                <li key={schedule.id}>
                  <button type="button" className={styles.item} onClick={() => onOpen(schedule)}>
                    <span className={styles.itemTop}>
                      <span className={styles.name}>{schedule.contact.name}</span>
                      <ScheduleStatusBadge className={styles.badge} status={schedule.status} />
                    </span>
                    <Caption1 className={styles.when}>
                      {formatDateTime(schedule.sendAt, i18n.language)}
                    </Caption1>
                    {schedule.body && <span className={styles.body}>{schedule.body}</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {hasNextPage && (
            <div className={styles.more}>
              <Button size="small" disabled={isFetchingNextPage} onClick={loadMore}>
                {t(isFetchingNextPage ? 'results.loadingMore' : 'actions.loadMore')}
              </Button>
            </div>
          )}
        </div>
      </div>
    </aside>
  )
}
