import { Badge, Caption1, mergeClasses, TableCell } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { FlowCampaignDto } from '@shared/contracts/flow-campaigns'
import { EditDeleteButtons } from '@renderer/components/EditDeleteButtons'
import { VirtualTable } from '@renderer/components/VirtualTable'
import { useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { useFlowCampaignsTableStyles } from './FlowCampaignsTable.styles'

/** A first guess for the virtualizer; rows are measured once drawn. */
const ESTIMATED_ROW_HEIGHT = 44

/** Below this width the flow, connection and phrase columns fold under the name. */
export const FLOW_CAMPAIGNS_NARROW = '(max-width: 799px)'

/** The whole list is loaded at once: there is never a next page. */
const NO_PAGING = {
  hasNextPage: false,
  isFetchingNextPage: false,
  loadMoreFailed: false,
  onLoadMore: () => undefined,
}

export interface FlowCampaignsTableProps {
  campaigns: readonly FlowCampaignDto[]
  /** The connection's name, or undefined while unknown. */
  connectionName: (id: number) => string | undefined
  onEdit: (campaign: FlowCampaignDto) => void
  /** Absent when the user may not delete campaigns. */
  onDelete?: (campaign: FlowCampaignDto) => void
}

/**
 * The campaigns by phrase (002 §2.16): name, flow, connection, phrase, status and actions,
 * drawing only the visible rows once it holds more than 20.
 */
export const FlowCampaignsTable = ({
  campaigns,
  connectionName,
  onEdit,
  onDelete,
}: FlowCampaignsTableProps) => {
  const { t } = useTranslation('flowCampaigns')
  const narrow = useMediaQuery(FLOW_CAMPAIGNS_NARROW)
  return (
    <VirtualTable
      label={t('table.label')}
      columns={
        narrow
          ? [t('table.name'), t('table.status'), t('table.actions')]
          : [
              t('table.name'),
              t('table.flow'),
              t('table.connection'),
              t('table.phrase'),
              t('table.status'),
              t('table.actions'),
            ]
      }
      items={campaigns}
      keyOf={(campaign) => campaign.id}
      rowHeight={ESTIMATED_ROW_HEIGHT}
      renderCells={(campaign) => (
        <FlowCampaignCells
          campaign={campaign}
          connection={connectionName(campaign.whatsappId)}
          narrow={narrow}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      )}
      {...NO_PAGING}
      loadingMoreLabel={t('table.loading')}
      retryLabel={t('actions.retry')}
    />
  )
}

interface FlowCampaignCellsProps {
  campaign: FlowCampaignDto
  connection: string | undefined
  narrow: boolean
  onEdit: (campaign: FlowCampaignDto) => void
  onDelete?: (campaign: FlowCampaignDto) => void
}

const FlowCampaignCells = ({
  campaign,
  connection,
  narrow,
  onEdit,
  onDelete,
}: FlowCampaignCellsProps) => {
  const { t } = useTranslation('flowCampaigns')
  const styles = useFlowCampaignsTableStyles()
  const { name } = campaign
  const connectionLabel = connection ?? t('table.unknownConnection', { id: campaign.whatsappId })
  const handleOpen = () => onEdit(campaign)
  return (
    <>
      <TableCell className={styles.opens} onClick={handleOpen}>
        <div className={styles.name}>
          <span className={styles.strong}>{name}</span>
          {narrow && (
            <>
              <Caption1 className={styles.detail}>
                {t('table.flowOn', { flow: campaign.flowName, connection: connectionLabel })}
              </Caption1>
              <Caption1 className={styles.detail}>
                {t('table.phraseQuoted', { phrase: campaign.phrase })}
              </Caption1>
            </>
          )}
        </div>
      </TableCell>
      {!narrow && (
        <>
          <TableCell className={mergeClasses(styles.opens, styles.text)} onClick={handleOpen}>
            {campaign.flowName}
          </TableCell>
          <TableCell
            className={mergeClasses(styles.opens, connection ? styles.text : styles.none)}
            onClick={handleOpen}
          >
            {connectionLabel}
          </TableCell>
          <TableCell className={mergeClasses(styles.opens, styles.text)} onClick={handleOpen}>
            {campaign.phrase}
          </TableCell>
        </>
      )}
      <TableCell className={mergeClasses(styles.opens, styles.status)} onClick={handleOpen}>
        <Badge appearance="tint" color={campaign.status ? 'success' : 'subtle'}>
          {t(campaign.status ? 'status.active' : 'status.inactive')}
        </Badge>
      </TableCell>
      <TableCell>
        <div className={styles.actions}>
          <EditDeleteButtons
            editLabel={t('actions.edit', { name })}
            onEdit={handleOpen}
            deleteLabel={t('actions.delete', { name })}
            onDelete={onDelete && (() => onDelete(campaign))}
          />
        </div>
      </TableCell>
    </>
  )
}
