import {
  Button,
  Caption1,
  mergeClasses,
  ProgressBar,
  Spinner,
  TableCell,
  Tooltip,
} from '@fluentui/react-components'
import {
  ArrowClockwiseRegular,
  DataBarVerticalRegular,
  DeleteRegular,
  EditRegular,
  EyeRegular,
  RecordStopRegular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { CampaignDto } from '@shared/contracts/campaigns'
import { campaignEditability } from '@shared/contracts/campaigns-rules'
import { VirtualTable } from '@renderer/components/VirtualTable'
import type { InfinitePaging } from '@renderer/hooks/useInfiniteVirtualRows'
import { useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { formatDateTime } from '@renderer/lib/format'
import { useAudienceLabel } from '../hooks/useAudienceLabel'
import { CampaignStatusBadge } from './CampaignStatusBadge'
import { useCampaignsTableStyles } from './CampaignsTable.styles'

/** A first guess for the virtualizer; rows are measured once drawn. */
const ESTIMATED_ROW_HEIGHT = 56

/** Below this width the list, connection, dates, confirmation and progress fold under the name. */
export const CAMPAIGNS_NARROW = '(max-width: 1199px)'

export interface CampaignsTableProps extends InfinitePaging {
  campaigns: readonly CampaignDto[]
  /** The time editability is judged at (002 §4.1: an hour before the start). */
  now: number
  /** The campaign whose cancel or restart is being sent, if any. */
  busyId: number | null
  onCancel: (campaign: CampaignDto) => void
  onRestart: (campaign: CampaignDto) => void
  onReport: (campaign: CampaignDto) => void
  onEdit: (campaign: CampaignDto) => void
  onDelete: (campaign: CampaignDto) => void
}

/**
 * The campaigns (002 §2.8): name, status, contact list, connection, scheduled, completed,
 * confirmation, progress and the actions its status allows; asks for the next page within 100 px
 * of its bottom and draws only the visible rows once it holds more than 20.
 */
export const CampaignsTable = ({
  campaigns,
  now,
  busyId,
  onCancel,
  onRestart,
  onReport,
  onEdit,
  onDelete,
  ...paging
}: CampaignsTableProps) => {
  const { t } = useTranslation('campaigns')
  const narrow = useMediaQuery(CAMPAIGNS_NARROW)
  const actions = { onCancel, onRestart, onReport, onEdit, onDelete }
  return (
    <VirtualTable
      label={t('table.label')}
      columns={
        narrow
          ? [t('table.name'), t('table.status'), t('table.actions')]
          : [
              t('table.name'),
              t('table.status'),
              t('table.contactList'),
              t('table.connection'),
              t('table.scheduledAt'),
              t('table.completedAt'),
              t('table.confirmation'),
              t('table.progress'),
              t('table.actions'),
            ]
      }
      items={campaigns}
      keyOf={(campaign) => campaign.id}
      rowHeight={ESTIMATED_ROW_HEIGHT}
      renderCells={(campaign) => (
        <CampaignCells
          campaign={campaign}
          narrow={narrow}
          readOnly={campaignEditability(campaign, now) === 'none'}
          busy={busyId === campaign.id}
          {...actions}
        />
      )}
      {...paging}
      loadingMoreLabel={t('table.loadingMore')}
      retryLabel={t('actions.retry')}
    />
  )
}

type CampaignActions = Pick<
  CampaignsTableProps,
  'onCancel' | 'onRestart' | 'onReport' | 'onEdit' | 'onDelete'
>

interface CampaignCellsProps extends CampaignActions {
  campaign: CampaignDto
  narrow: boolean
  /** The dialog opens read-only (002 §4.1). */
  readOnly: boolean
  busy: boolean
}

const CampaignCells = ({
  campaign,
  narrow,
  readOnly,
  busy,
  onCancel,
  onRestart,
  onReport,
  onEdit,
  onDelete,
}: CampaignCellsProps) => {
  const { t, i18n } = useTranslation('campaigns')
  const styles = useCampaignsTableStyles()
  const audienceOf = useAudienceLabel()
  const { name, report } = campaign
  const audience = audienceOf(campaign)
  const connection = campaign.whatsapp?.name ?? null
  const dateOf = (instant: string | null) =>
    instant ? formatDateTime(instant, i18n.language) : null
  const scheduled = dateOf(campaign.scheduledAt)
  const completed = dateOf(campaign.completedAt)
  const running = campaign.status === 'EM_ANDAMENTO'

  const progress = (
    <div className={styles.progress}>
      <ProgressBar
        value={report.progressPercent / 100}
        max={1}
        aria-label={t('table.progressOf', { name })}
      />
      <Caption1 className={styles.progressText}>
        {t('table.progressText', {
          percent: report.progressPercent,
          sent: report.sent,
          total: report.total,
        })}
      </Caption1>
    </div>
  )

  const optional = (text: string | null, className?: string) => (
    <TableCell className={mergeClasses(text === null ? styles.none : styles.text, className)}>
      {text ?? t('table.none')}
    </TableCell>
  )

  return (
    <>
      <TableCell>
        <div className={styles.name}>
          <span className={styles.strong}>{name}</span>
          {narrow && (
            <>
              <Caption1 className={styles.detail}>
                {t('table.audienceOn', {
                  audience: audience ?? t('table.none'),
                  connection: connection ?? t('table.none'),
                })}
              </Caption1>
              {scheduled && (
                <Caption1 className={styles.detail}>
                  {t('table.scheduledOn', { date: scheduled })}
                </Caption1>
              )}
              {completed && (
                <Caption1 className={styles.detail}>
                  {t('table.completedOn', { date: completed })}
                </Caption1>
              )}
              {campaign.confirmation && (
                <Caption1 className={styles.detail}>{t('table.withConfirmation')}</Caption1>
              )}
              {progress}
            </>
          )}
        </div>
      </TableCell>
      <TableCell className={styles.nowrap}>
        <CampaignStatusBadge status={campaign.status} />
      </TableCell>
      {!narrow && (
        <>
          {optional(audience)}
          {optional(connection)}
          {optional(scheduled, styles.nowrap)}
          {optional(completed, styles.nowrap)}
          <TableCell>{t(campaign.confirmation ? 'table.yes' : 'table.no')}</TableCell>
          <TableCell>{progress}</TableCell>
        </>
      )}
      <TableCell>
        <div className={styles.actions}>
          {running && (
            <Tooltip content={t('actions.cancelCampaign', { name })} relationship="label">
              <Button
                size="small"
                icon={busy ? <Spinner size="extra-tiny" /> : <RecordStopRegular />}
                disabled={busy}
                onClick={() => onCancel(campaign)}
              />
            </Tooltip>
          )}
          {campaign.status === 'CANCELADA' && (
            <Tooltip content={t('actions.restart', { name })} relationship="label">
              <Button
                size="small"
                icon={busy ? <Spinner size="extra-tiny" /> : <ArrowClockwiseRegular />}
                disabled={busy}
                onClick={() => onRestart(campaign)}
              />
            </Tooltip>
          )}
          <Tooltip content={t('actions.report', { name })} relationship="label">
            <Button
              size="small"
              icon={<DataBarVerticalRegular />}
              onClick={() => onReport(campaign)}
            />
          </Tooltip>
          <Tooltip
            content={t(readOnly ? 'actions.view' : 'actions.edit', { name })}
            relationship="label"
          >
            <Button
              size="small"
              icon={readOnly ? <EyeRegular /> : <EditRegular />}
              onClick={() => onEdit(campaign)}
            />
          </Tooltip>
          {running ? (
            // Disabled yet focusable, so the keyboard reaches the reason too.
            <Tooltip content={t('actions.deleteRunning')} relationship="description">
              <Button
                size="small"
                icon={<DeleteRegular />}
                aria-label={t('actions.delete', { name })}
                disabledFocusable
              />
            </Tooltip>
          ) : (
            <Tooltip content={t('actions.delete', { name })} relationship="label">
              <Button size="small" icon={<DeleteRegular />} onClick={() => onDelete(campaign)} />
            </Tooltip>
          )}
        </div>
      </TableCell>
    </>
  )
}
