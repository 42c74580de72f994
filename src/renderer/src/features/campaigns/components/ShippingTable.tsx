import { Caption1, mergeClasses, TableCell } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { CampaignShippingDto } from '@shared/contracts/campaigns'
import { formatPhoneNumber } from '@shared/contacts/phone'
import { VirtualTable } from '@renderer/components/VirtualTable'
import type { InfinitePaging } from '@renderer/hooks/useInfiniteVirtualRows'
import { useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { formatDateTime } from '@renderer/lib/format'
import { useShippingTableStyles } from './ShippingTable.styles'

/** A first guess for the virtualizer; rows are measured once drawn. */
const ESTIMATED_ROW_HEIGHT = 52

/** Below this width the number, delivery, error and times fold under the name. */
export const SHIPPING_NARROW = '(max-width: 899px)'

/** The times a recipient went through, in order, each shown once it happened. */
const TIMES = ['scheduledFor', 'sentAt', 'confirmationRequestedAt', 'confirmedAt'] as const

/** 000 §4: an acknowledgement of 2 is delivered, 3 or more read; 1 only sent. */
export const ackKey = (ack: number | null): 'read' | 'delivered' | 'sent' | 'none' => {
  if (ack === null || ack < 1) return 'none'
  if (ack >= 3) return 'read'
  return ack === 2 ? 'delivered' : 'sent'
}

export interface ShippingTableProps extends InfinitePaging {
  shipping: readonly CampaignShippingDto[]
}

/**
 * A campaign's recipients in sending order: name, number, state, whether the message arrived or
 * was read, why it failed (translated from its code) and when each step happened.
 */
export const ShippingTable = ({ shipping, ...paging }: ShippingTableProps) => {
  const { t } = useTranslation('campaigns')
  const narrow = useMediaQuery(SHIPPING_NARROW)
  return (
    <VirtualTable
      label={t('shipping.label')}
      columns={
        narrow
          ? [t('shipping.recipient'), t('shipping.state')]
          : [
              t('shipping.name'),
              t('shipping.number'),
              t('shipping.state'),
              t('shipping.delivery'),
              t('shipping.error'),
              t('shipping.times'),
            ]
      }
      items={shipping}
      keyOf={(row) => row.id}
      rowHeight={ESTIMATED_ROW_HEIGHT}
      renderCells={(row) => <ShippingCells row={row} narrow={narrow} />}
      {...paging}
      loadingMoreLabel={t('shipping.loadingMore')}
      retryLabel={t('actions.retry')}
    />
  )
}

const ShippingCells = ({ row, narrow }: { row: CampaignShippingDto; narrow: boolean }) => {
  const { t, i18n } = useTranslation('campaigns')
  const { t: tError } = useTranslation('errors')
  const styles = useShippingTableStyles()
  const number = formatPhoneNumber(row.number)
  const delivery = t(`shipping.ack.${ackKey(row.ack)}`)
  // An unknown code is shown as it is (000 §8).
  const error = row.lastError ? tError(row.lastError, { defaultValue: row.lastError }) : null
  const times = TIMES.flatMap((key) => {
    const instant = row[key]
    return instant
      ? [
          <Caption1 key={key} className={styles.time}>
            {t(`shipping.at.${key}`, { date: formatDateTime(instant, i18n.language) })}
          </Caption1>,
        ]
      : []
  })
  const state = t(`shippingState.${row.state}`)

  if (narrow) {
    return (
      <>
        <TableCell>
          <div className={styles.stack}>
            <span className={styles.strong}>{row.name}</span>
            <Caption1 className={styles.detail}>{number}</Caption1>
            {error && <Caption1 className={styles.error}>{error}</Caption1>}
            {times}
          </div>
        </TableCell>
        <TableCell>
          <div className={styles.stack}>
            <span>{state}</span>
            <Caption1 className={styles.detail}>{delivery}</Caption1>
          </div>
        </TableCell>
      </>
    )
  }
  return (
    <>
      <TableCell className={styles.text}>{row.name}</TableCell>
      <TableCell className={styles.nowrap}>{number}</TableCell>
      <TableCell>{state}</TableCell>
      <TableCell className={styles.nowrap}>{delivery}</TableCell>
      <TableCell className={mergeClasses(styles.text, error ? styles.error : styles.none)}>
        {error ?? t('table.none')}
      </TableCell>
      <TableCell>
        <div className={styles.stack}>{times.length > 0 ? times : t('table.none')}</div>
      </TableCell>
    </>
  )
}
