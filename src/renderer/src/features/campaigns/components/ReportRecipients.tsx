import {
  Button,
  Caption1,
  Field,
  Option,
  Skeleton,
  SkeletonItem,
  Subtitle2,
  Tooltip,
} from '@fluentui/react-components'
import { ArrowClockwiseRegular, PeopleRegular } from '@fluentui/react-icons'
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useCallback, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SHIPPING_STATES, type ShippingState } from '@shared/contracts/campaigns'
import { Dropdown } from '@renderer/components/Dropdown'
import { EmptyState } from '@renderer/components/EmptyState'
import { LoadFailure } from '@renderer/components/LoadFailure'
import { errorMessage } from '@renderer/lib/notify'
import { uniquePagedRows } from '@renderer/lib/paged-cache'
import { campaignQueries } from '../queries'
import { ShippingTable } from './ShippingTable'
import { useReportRecipientsStyles } from './ReportRecipients.styles'

const ALL = 'all'
const SKELETON_ROWS = 5

/**
 * The report's recipients (reference §1 "Recipient ledger"), page by page in sending order, all
 * of them or those in one state; `failed` lists every failure. Read again on demand, and by the
 * report 5 s after the campaign finishes.
 */
export const ReportRecipients = ({ campaignId }: { campaignId: number }) => {
  const { t } = useTranslation('campaigns')
  const styles = useReportRecipientsStyles()
  const headingId = useId()
  const [state, setState] = useState<ShippingState | null>(null)
  const query = useInfiniteQuery({
    ...campaignQueries.shipping(campaignId, state),
    placeholderData: keepPreviousData,
  })
  const { data, fetchNextPage, isFetching } = query
  const rows = useMemo(
    () => uniquePagedRows((data?.pages ?? []).map((page) => page.shipping)),
    [data],
  )
  const count = data?.pages[0]?.count
  const handleLoadMore = useCallback(() => {
    if (!isFetching) void fetchNextPage()
  }, [fetchNextPage, isFetching])

  const stateLabel = state === null ? t('shipping.allStates') : t(`shippingState.${state}`)

  const renderBody = () => {
    if (query.isPending) {
      return (
        <Skeleton className={styles.skeleton} aria-label={t('shipping.loading')}>
          {Array.from({ length: SKELETON_ROWS }, (_, row) => (
            <SkeletonItem key={row} size={16} />
          ))}
        </Skeleton>
      )
    }
    if (query.isError && rows.length === 0) {
      return (
        <LoadFailure
          title={t('shipping.loadError')}
          description={errorMessage(query.error)}
          retryLabel={t('actions.retry')}
          onRetry={() => void query.refetch()}
        />
      )
    }
    if (rows.length === 0) {
      return (
        <EmptyState
          icon={<PeopleRegular />}
          title={t(state === null ? 'shipping.empty.title' : 'shipping.empty.filteredTitle')}
          description={
            state === null
              ? t('shipping.empty.description')
              : t('shipping.empty.filteredDescription', { state: stateLabel })
          }
        />
      )
    }
    return (
      <ShippingTable
        shipping={rows}
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        loadMoreFailed={query.isFetchNextPageError}
        onLoadMore={handleLoadMore}
      />
    )
  }

  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <div className={styles.header}>
        <div className={styles.title}>
          <Subtitle2 as="h2" id={headingId}>
            {t('shipping.title')}
          </Subtitle2>
          {count !== undefined && <Caption1 className={styles.count}>({count})</Caption1>}
        </div>
        <div className={styles.tools}>
          <Field label={t('shipping.filter')} orientation="horizontal" className={styles.filter}>
            <Dropdown
              value={stateLabel}
              selectedOptions={[state ?? ALL]}
              onOptionSelect={(_event, option) =>
                setState(
                  option.optionValue && option.optionValue !== ALL
                    ? (option.optionValue as ShippingState)
                    : null,
                )
              }
            >
              <Option value={ALL}>{t('shipping.allStates')}</Option>
              {SHIPPING_STATES.map((value) => (
                <Option key={value} value={value}>
                  {t(`shippingState.${value}`)}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Tooltip content={t('shipping.refresh')} relationship="label">
            <Button
              icon={<ArrowClockwiseRegular />}
              disabled={isFetching}
              onClick={() => void query.refetch()}
            />
          </Tooltip>
        </div>
      </div>
      {renderBody()}
    </section>
  )
}
